import { useCallback, useRef } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { order, type Order } from '@lucky/shared/guards';
import type { OrderRequestInput } from '@lucky/shared/schemas';
import { api } from '../../lib/api-client';
import { SESSION_QUERY_KEY } from '../../lib/session';
import { newIdempotencyKey } from '../../lib/idempotency-key';

/** docs/product.md §7: places an order. The key makes a repeated send return the first order instead of a second one. */
export function placeOrder(body: OrderRequestInput, idempotencyKey: string): Promise<Order> {
  return api.post('/order/api/v1/order', body, order, { headers: { 'Idempotency-Key': idempotencyKey } });
}


export interface PlaceOrderOptions {
  /** Runs once the order exists, before leaving the page (the cart is cleared here). */
  onPlaced: (created: Order) => void;
}

/**
 * Sending an order, at most one at a time. One Idempotency-Key serves every attempt at the same order
 * (a retry after a lost answer finds the first order); `newAttempt()` drops it when the form, the cart
 * or the payment method change, and success drops it too. Failures show in the error toast (the query
 * client's default). On success: the account's data is refreshed, then / and the order's detail page.
 */
export function usePlaceOrder({ onPlaced }: PlaceOrderOptions) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const key = useRef<string | null>(null);
  const sending = useRef(false);

  const mutation = useMutation({
    mutationFn: async ({ body, idempotencyKey }: { body: OrderRequestInput; idempotencyKey: string }) => {
      try {
        return await placeOrder(body, idempotencyKey);
      } finally {
        sending.current = false;
      }
    },
    onSuccess: async (created) => {
      key.current = null;
      onPlaced(created);
      void queryClient.invalidateQueries({ queryKey: SESSION_QUERY_KEY });
      // docs/product.md §2: home first, so Back from the new order's page lands on the shop, not on the sent form.
      await navigate('/');
      await navigate(`/gameorder/${created.id}`, { state: { order: created } });
    },
  });

  const { mutate } = mutation;
  const submit = useCallback(
    (body: OrderRequestInput) => {
      // A second click before the button re-renders as disabled must not send again.
      if (sending.current) return;
      sending.current = true;
      key.current ??= newIdempotencyKey();
      mutate({ body, idempotencyKey: key.current });
    },
    [mutate],
  );

  const newAttempt = useCallback(() => {
    key.current = null;
  }, []);

  return { submit, newAttempt, pending: mutation.isPending };
}
