import { useEffect, useLayoutEffect, useRef } from 'react';
import { useLocation, useNavigationType } from 'react-router';

/**
 * Where each history entry was scrolled to, by its location key, for the tab's lifetime (a reload keeps
 * it: the key lives in the history entry). The declarative router (decision 0007) has no
 * ScrollRestoration of its own; that one needs a data router.
 */
const STORAGE_KEY = 'lucky:scroll-positions';
/** Entries remembered at most: the oldest go first. */
const MAX_ENTRIES = 50;
/** How long a restored position waits for a page still growing (its code or data arriving). */
const RESTORE_WAIT_MS = 3000;

function readPositions(): Record<string, number> {
  try {
    const parsed: unknown = JSON.parse(window.sessionStorage.getItem(STORAGE_KEY) ?? '{}');
    return typeof parsed === 'object' && parsed !== null ? (parsed as Record<string, number>) : {};
  } catch {
    return {};
  }
}

function savePosition(key: string, y: number): void {
  const positions = readPositions();
  delete positions[key];
  positions[key] = Math.round(y);
  const keys = Object.keys(positions);
  for (const old of keys.slice(0, Math.max(0, keys.length - MAX_ENTRIES))) delete positions[old];
  try {
    window.sessionStorage.setItem(STORAGE_KEY, JSON.stringify(positions));
  } catch {
    // Storage full or blocked: Back then starts at the top.
  }
}

/**
 * Scrolls to `y` once the page is tall enough, following it as it grows, until it is reached, the wait is
 * over or the customer scrolls by hand (a touch, the wheel, a key). Returns a cancel function.
 */
function restore(y: number): () => void {
  let done = false;
  const attempt = () => {
    if (done) return;
    window.scrollTo(0, y);
    if (Math.abs(window.scrollY - y) < 2) stop();
  };
  const observer = typeof ResizeObserver === 'function' ? new ResizeObserver(attempt) : null;
  const timer = setTimeout(() => stop(), RESTORE_WAIT_MS);
  const events = ['wheel', 'touchstart', 'keydown', 'mousedown'] as const;
  function stop() {
    done = true;
    observer?.disconnect();
    clearTimeout(timer);
    for (const name of events) window.removeEventListener(name, stop);
  }
  for (const name of events) window.addEventListener(name, stop, { passive: true });
  observer?.observe(document.body);
  attempt();
  return stop;
}

/**
 * Every navigation to a new page starts at its top (the order page after placing shows its code and QR
 * first); Back and Forward (and a reload) return to where the customer left the page. An address with a
 * #fragment is left to the browser, which scrolls to its target.
 */
export function ScrollRestoration() {
  const location = useLocation();
  const navigationType = useNavigationType();
  // The entry on screen: scroll events are saved under it. Set when a page commits, before anything
  // scrolls it, so the previous page's position is never overwritten by the new page's.
  const shown = useRef(location.key);

  useEffect(() => {
    if ('scrollRestoration' in window.history) window.history.scrollRestoration = 'manual';
    let frame = 0;
    const save = () => savePosition(shown.current, window.scrollY);
    const onScroll = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(save);
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    window.addEventListener('pagehide', save);
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener('scroll', onScroll);
      window.removeEventListener('pagehide', save);
    };
  }, []);

  // Before the browser paints the new page.
  useLayoutEffect(() => {
    shown.current = location.key;
    if (location.hash) return;
    if (navigationType !== 'POP') {
      window.scrollTo(0, 0);
      return;
    }
    const saved = readPositions()[location.key];
    // A first visit (no entry remembered) stays where the browser put it.
    return saved === undefined ? undefined : restore(saved);
  }, [location.key, location.hash, navigationType]);

  return null;
}
