/**
 * The signed-in customer's live orders (GET /order/api/v1/order/events): each `order` event updates the
 * order pages and the header's badge and coin balance. Loaded lazily by ShopLayout once signed in, so
 * the first load of / does not carry it. The order schema is the zod/mini contract (@lucky/shared/guards).
 */
import type { QueryClient } from '@tanstack/react-query';
import { LIVE_RELOAD_EVENT } from '@lucky/shared/constants';
import { order } from '@lucky/shared/guards';
import { applyOrderUpdate, refreshOrders } from '../features/orders/live';
import { followEventStream } from '../lib/event-stream';
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
      // The session may have ended meanwhile: its data must not come back.
      if (signal.aborted) return;
      // More was missed than the server replays: fetch what the pages show again.
      if (event === LIVE_RELOAD_EVENT) {
        refreshOrders(queryClient);
        refreshCoins(queryClient);
        return;
      }
      if (event !== 'order') return;
      let parsed: ReturnType<typeof order.safeParse>;
      try {
        parsed = order.safeParse(JSON.parse(data));
      } catch (error) {
        console.error('order event', error);
        return;
      }
      if (!parsed.success) return;
      applyOrderUpdate(queryClient, parsed.data);
      refreshCoins(queryClient);
    },
  });
}
