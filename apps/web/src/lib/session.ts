/**
 * The stored session (docs/product.md §3, §4): an access token and a refresh token in localStorage. Signed in
 * means an access token is stored. Components follow it with `useSignedIn()`; other tabs' changes
 * arrive through the `storage` event, so signing out in one tab signs out all of them. The access token
 * has a copy in a cookie for the server's render of the order pages (lib/page-session.ts).
 */
import { useSyncExternalStore } from 'react';
import { STORAGE_KEYS } from '@lucky/shared/constants';
import type { TokenPair } from '@lucky/shared/schemas';
import { useHydrated } from './hydration';
import { renderedSignedIn } from './initial-data';
import { writePageSession } from './page-session';

/** Query-key prefix of data that belongs to the signed-in user; dropped when the session ends. */
export const SESSION_QUERY_KEY = ['session'] as const;

const KEYS = [STORAGE_KEYS.accessToken, STORAGE_KEYS.refreshToken] as const;
const listeners = new Set<() => void>();
/** Used only when localStorage is unavailable (blocked storage, some private modes). */
const memory = new Map<string, string>();

function read(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return memory.get(key) ?? null;
  }
}

function write(key: string, value: string | null): void {
  try {
    if (value === null) window.localStorage.removeItem(key);
    else window.localStorage.setItem(key, value);
  } catch {
    if (value === null) memory.delete(key);
    else memory.set(key, value);
  }
}

function notify(): void {
  for (const listener of listeners) listener();
}

export const getAccessToken = (): string | null => read(STORAGE_KEYS.accessToken) || null;
export const getRefreshToken = (): string | null => read(STORAGE_KEYS.refreshToken) || null;

export function storeTokens(tokens: TokenPair): void {
  write(STORAGE_KEYS.accessToken, tokens.access_token);
  write(STORAGE_KEYS.refreshToken, tokens.refresh_token);
  writePageSession(tokens.access_token);
  notify();
}

export function clearTokens(): void {
  for (const key of KEYS) write(key, null);
  writePageSession(null);
  notify();
}

export function subscribeSession(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

if (typeof window !== 'undefined') {
  // A session stored before the cookie existed, or changed by another tab meanwhile: the cookie follows it.
  writePageSession(getAccessToken());
  window.addEventListener('storage', (event) => {
    // key is null when another tab cleared the whole storage.
    if (event.key === null || (KEYS as readonly string[]).includes(event.key)) notify();
  });
}

const isSignedIn = () => getAccessToken() !== null;
/** The server has no session; the browser's hydrating render reads its own, and `useHydrated` hides it. */
const isSignedInOnServer = () => typeof window !== 'undefined' && isSignedIn();

/**
 * True while an access token is stored. On the server and while the page hydrates (lib/hydration.ts), what
 * the server rendered: signed in only on a page it rendered for a browser that said it holds a session (a
 * game page with the signed-in hint, lib/initial-data.ts renderedSignedIn), else a visitor's. The browser's
 * own session decides from the render after hydration on, in a transition.
 */
export function useSignedIn(): boolean {
  const hydrated = useHydrated();
  const stored = useSyncExternalStore(subscribeSession, isSignedIn, isSignedInOnServer);
  return hydrated ? stored : renderedSignedIn();
}
