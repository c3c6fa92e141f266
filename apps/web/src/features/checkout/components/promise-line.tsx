import { useEffect, useState } from 'react';
import { config } from '../../../lib/config';
import { useHydrated } from '../../../lib/hydration';
import { promiseText } from '../promise';

/** How often the line looks at the clock: it changes at the start of the lead time, the deadline and midnight. */
const TICK_MS = 30_000;

/**
 * Before the order button: when an order placed now will be done. The server's HTML has no clock of the
 * customer's (lib/hydration.ts): it holds the line's place, and the text follows once hydrated.
 */
export function PromiseLine() {
  const hydrated = useHydrated();
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), TICK_MS);
    return () => clearInterval(timer);
  }, []);
  return (
    <p className="ls-body2" style={{ margin: '12px 0 8px' }} data-testid="promise-line">
      {hydrated ? promiseText(now, config.promise) : '\u00a0'}
    </p>
  );
}
