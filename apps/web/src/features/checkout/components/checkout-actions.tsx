import { Suspense, useState, type ReactNode } from 'react';
import { lazyWithMui } from '../../../components/ui/lazy-component';
import type { Checkout } from '../use-checkout';
import { ORDER_FORM_ID } from './order-form-id';
import { PayMethodToggle } from './pay-method-toggle';
import { PromiseLine } from './promise-line';

// MUI's dialog, loaded when a visitor is first asked to sign in: the page's first screen does not need
// it (the page prefetches its code once loaded, app/page-modules.ts).
const SignInDialog = lazyWithMui<{ open: boolean; onClose: () => void }>(() =>
  import('./sign-in-dialog').then((m) => ({ default: m.SignInDialog })),
);

export interface OrderButtonProps {
  checkout: Checkout;
  className?: string;
  /** Runs before the order is sent (the cart sheet closes, so a field the form refuses can be seen). */
  onClick?: () => void;
}

/**
 * 'Đặt hàng': it submits the order form wherever it is on the page (beside the cart, in the phone's cart
 * bar or sheet), so Enter in the form's last field orders too. Signed out, it asks to sign in instead.
 */
export function OrderButton({ checkout, className = 'ls-button-large ls-full-width', onClick }: OrderButtonProps) {
  return (
    <button
      className={`ls-button ls-button-contained ${className}`}
      disabled={checkout.pending}
      {...(checkout.signedIn
        ? { type: 'submit' as const, form: ORDER_FORM_ID, onClick }
        : {
            type: 'button' as const,
            onClick: () => {
              onClick?.();
              checkout.askToSignIn();
            },
          })}
    >
      {checkout.pending ? 'Đang đặt hàng…' : 'Đặt hàng'}
    </button>
  );
}

export interface PayAndOrderProps {
  checkout: Checkout;
  /** Under the toggles: the coins the customer holds (PayMethodToggle). */
  coinsHeld?: ReactNode;
  onOrder?: () => void;
}

/** Under the cart: the two payment toggles, when the order will be done, and the order button. */
export function PayAndOrder({ checkout, coinsHeld, onOrder }: PayAndOrderProps) {
  return (
    <>
      <PayMethodToggle
        value={checkout.payMethod}
        onChange={checkout.choosePayMethod}
        coinsOffered={checkout.coinsOffered}
        coinsHeld={coinsHeld}
      />
      <PromiseLine />
      <OrderButton checkout={checkout} onClick={onOrder} />
    </>
  );
}

/** Beside the cart: the payment toggles and the order button, with the sign-in prompt it may open. */
export function CheckoutActions({ checkout, coinsHeld }: Omit<PayAndOrderProps, 'onOrder'>) {
  // Mounted from the first ask on, so that closing plays the dialog's exit transition.
  const [dialogMounted, setDialogMounted] = useState(false);
  if (checkout.signInAsked && !dialogMounted) setDialogMounted(true);
  return (
    <>
      <PayAndOrder checkout={checkout} coinsHeld={coinsHeld} />
      {dialogMounted && (
        <Suspense fallback={null}>
          <SignInDialog open={checkout.signInAsked} onClose={checkout.closeSignIn} />
        </Suspense>
      )}
    </>
  );
}
