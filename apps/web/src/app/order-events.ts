/**
 * The signed-in customer's live orders (GET /order/api/v1/order/events): each `order` event updates the
 * order pages and the header's badge and coin balance. Loaded lazily by ShopLayout once signed in, so
 * the first load of / does not carry it.
 */
import type { QueryClient } from '@tanstack/react-query';
import { applyOrderUpdate, refreshOrders } from '../features/orders/live';
import { followEventStream } from '../lib/event-stream';
import { lazySchema } from '../lib/lazy-schema';
import { SESSION_QUERY_KEY } from '../lib/session';

export const ORDER_EVENTS_PATH = '/order/api/v1/order/events';

/** The header's coin total and pending coins (features/coins/api.ts), which an order's move changes. */
const COIN_KEYS = [
  [...SESSION_QUERY_KEY, 'wallet'],
  [...SESSION_QUERY_KEY, 'pending-coin'],
] as const;

function refreshCoins(queryClient: QueryClient): void {
  for (const queryKey of COIN_KEYS) void queryClient.invalidateQueries({ queryKey });
}

/** Follows the stream until `signal` aborts (sign-out, unmount) or the API refuses it. */
export function followOrderEvents(queryClient: QueryClient, signal: AbortSignal): Promise<void> {
  const schema = lazySchema('order');
  return followEventStream({
    path: ORDER_EVENTS_PATH,
    signal,
    onOpen: (reconnected) => {
      // Events may have been missed while disconnected.
      if (!reconnected) return;
      refreshOrders(queryClient);
      refreshCoins(queryClient);
    },
    onMessage: ({ event, data }) => {
      if (event !== 'order') return;
      void schema
        .then((order) => {
          // The session may have ended while the schema loaded: its data must not come back.
          if (signal.aborted) return;
          const parsed = order.safeParse(JSON.parse(data));
          if (!parsed.success) return;
          applyOrderUpdate(queryClient, parsed.data);
          refreshCoins(queryClient);
        })
        .catch((error: unknown) => console.error('order event', error));
    },
  });
}
