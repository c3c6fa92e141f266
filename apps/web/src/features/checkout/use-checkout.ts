import { useCallback, useRef, useState } from 'react';
import { useForm, type FieldErrors, type Resolver } from 'react-hook-form';
import type { OrderFormInput, OrderFormOutput, OrderRequestInput } from '@lucky/shared';
import { EMPTY_ORDER_FORM, coinPaymentProblem, orderProblem } from '@lucky/shared/order-rules';
import { DEFAULT_PAY_METHOD, PAY_METHOD, type PayMethod } from '@lucky/shared/pay-method';
import { useToast } from '../../components/ui/toast';
import { useSignedIn } from '../../lib/session';
import { useStableCallback } from '../../lib/use-stable-callback';
import { usePlaceOrder } from './api';
import { ORDER_FORM_ID } from './components/order-form-id';
import { focusFirstField } from './field-focus';

/** What checkout needs of a cart line (the cart itself is another feature's, handed in by the page). */
export interface CheckoutLine {
  item: { id: number; name: string; coin: number };
  quantity: number;
}

export interface CheckoutOptions {
  /** The platform's kind: login name and password, or UID (docs/product.md §2). */
  needLogin: boolean;
  lines: readonly CheckoutLine[];
  /** docs/product.md §2, §9: whether coins are offered (the displayed balance is known, zero or more). */
  coinsOffered: boolean;
  /** The order exists: empty the cart, before the page is left. */
  onPlaced: () => void;
}

const firstMessage = (errors: FieldErrors<OrderFormInput>) =>
  Object.values(errors).find((error) => error?.message)?.message;

/**
 * Placing an order from a platform page: the customer's details (a form checked by the shared order
 * rule), the payment method, the sign-in prompt for visitors, and sending. Messages go to the toast.
 */
export function useCheckout({ needLogin, lines, coinsOffered, onPlaced }: CheckoutOptions) {
  const signedIn = useSignedIn();
  const { showError } = useToast();
  const [chosenMethod, setChosenMethod] = useState<PayMethod>(DEFAULT_PAY_METHOD);
  const [signInAsked, setSignInAsked] = useState(false);
  const order = usePlaceOrder({ onPlaced });
  const lastSent = useRef<string | null>(null);

  const payMethod = coinsOffered ? chosenMethod : PAY_METHOD.BANK;

  /** Runs once the form's schema has passed the fields: the same rule now looks at the cart. */
  const place = useStableCallback((fields: OrderFormOutput) => {
    const problem = orderProblem(fields, needLogin, lines.length);
    if (problem) {
      showError(problem.message);
      return;
    }
    // The API's rule too: an item whose coin price is 0 cannot be paid with coins.
    const notPayable = coinPaymentProblem(payMethod, lines.map((line) => line.item));
    if (notPayable) {
      showError(notPayable);
      return;
    }
    const body: OrderRequestInput = {
      ...fields,
      order_pay_method: payMethod,
      order_items: lines.map((line) => ({ id: line.item.id, quantity: line.quantity })),
    };
    // A changed form, cart or payment method is a new order: it gets a new Idempotency-Key. The same
    // order sent again (after a lost answer or a refusal) keeps its key, so it is never placed twice.
    const sent = JSON.stringify(body);
    if (sent !== lastSent.current) order.newAttempt();
    lastSent.current = sent;
    order.submit(body);
  });

  /** The form's schema refused it: the toast says so, and the first missing field comes into view, focused. */
  const refused = useStableCallback((errors: FieldErrors<OrderFormInput>) => {
    showError(firstMessage(errors));
    focusFirstField(document.getElementById(ORDER_FORM_ID), Object.keys(errors));
  });

  return {
    signedIn,
    needLogin,
    /** The order form's checked fields (components/checkout-form.tsx): stable, so the form is not rendered with the page. */
    place,
    refused,
    pending: order.pending,
    payMethod,
    choosePayMethod: setChosenMethod,
    coinsOffered,
    /** docs/product.md §2: a visitor who adds an item or orders is asked to sign in. */
    signInAsked,
    askToSignIn: () => setSignInAsked(true),
    closeSignIn: () => setSignInAsked(false),
  };
}

export type Checkout = ReturnType<typeof useCheckout>;

/**
 * The order form's fields and their check (the shared order rule's schema). In the form's own component,
 * not the page's: react-hook-form re-renders its owner, at once and synchronously, when it mounts.
 */
export function useOrderForm(needLogin: boolean) {
  // The form's schema (zod and the shared schemas) loads when the form is first checked, not with the
  // page: a visitor who only browses never needs it (docs/decisions/0015).
  const resolver = useCallback<Resolver<OrderFormInput, unknown, OrderFormOutput>>(
    async (values, context, options) => {
      const [{ zodResolver }, { orderForm }] = await Promise.all([
        import('@hookform/resolvers/zod'),
        import('@lucky/shared/schemas'),
      ]);
      return zodResolver(orderForm(needLogin))(values, context, options);
    },
    [needLogin],
  );
  // The message is the toast's (docs/product.md §8); the first missing field is scrolled into view and focused by
  // `refused` above (react-hook-form's own focus would not scroll it clear of the phone's cart bar).
  return useForm({ resolver, defaultValues: EMPTY_ORDER_FORM, shouldFocusError: false });
}
