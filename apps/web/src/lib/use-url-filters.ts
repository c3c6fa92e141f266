/**
 * A list page's filters kept in the address, so a filtered list can be linked, reloaded and gone back
 * to; and its search box, which writes `q` once typing pauses (one request a word, not a keystroke).
 */
import { useEffect, useEffectEvent, useState } from 'react';
import { useSearchParams } from 'react-router';

export const SEARCH_DELAY_MS = 300;

/** New values by parameter name; undefined or '' removes the parameter. */
export type FilterChanges = Record<string, string | number | undefined>;

export function useUrlFilters({ resetKeys = [] }: { resetKeys?: readonly string[] } = {}) {
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const [search, setSearch] = useState(q);

  /**
   * Changes some filters. Anything but a page turn goes back to page 1 (a page number means nothing
   * under new filters) and drops `resetKeys`; page turns are history entries, filter changes replace.
   */
  const update = (changes: FilterChanges, { keepPage = false }: { keepPage?: boolean } = {}) => {
    setParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        for (const [key, value] of Object.entries(changes)) {
          if (value === undefined || value === '') next.delete(key);
          else next.set(key, String(value));
        }
        if (!keepPage) for (const key of ['page', ...resetKeys]) next.delete(key);
        return next;
      },
      { replace: !keepPage },
    );
  };

  // An effect event: the timer writes through the latest params, yet only the box and `q` restart it.
  const writeSearch = useEffectEvent((value: string) => update({ q: value }));

  useEffect(() => {
    if (search.trim() === q.trim()) return;
    const timer = setTimeout(() => writeSearch(search.trim()), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [search, q]);

  /** Turns to a page (page 1 leaves the parameter out). */
  const goToPage = (page: number) => update({ page: page === 1 ? undefined : page }, { keepPage: true });

  return { params, update, goToPage, search, setSearch };
}
