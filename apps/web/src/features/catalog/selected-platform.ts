/**
 * The chosen platform (docs/product.md §2, §3): the home page writes it to localStorage `platformData` when a
 * card is chosen; the home banner and the platform page read it back (the page before its list loads).
 */
import { STORAGE_KEYS } from '@lucky/shared/constants';
import { platform, type Platform } from '@lucky/shared/guards';

export function readSelectedPlatform(): Platform | null {
  try {
    const raw = window.localStorage.getItem(STORAGE_KEYS.platformData);
    if (!raw) return null;
    const parsed = platform.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export function saveSelectedPlatform(chosen: Platform): void {
  try {
    window.localStorage.setItem(STORAGE_KEYS.platformData, JSON.stringify(chosen));
  } catch {
    // Blocked storage: the banner just does not remember the choice.
  }
}
