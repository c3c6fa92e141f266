import { Suspense, useState } from 'react';
import { lazyWithMui } from '../../../components/ui/lazy-component';
import type { Checkout } from '../use-checkout';
import { ORDER_FORM_ID } from './order-form-id';
import { PayMethodToggle } from './pay-method-toggle';

// MUI's dialog, loaded when a visitor is first asked to sign in: the page's first screen does not need
// it (the page prefetches its code once loaded, app/page-modules.ts).
const SignInDialog = lazyWithMui<{ open: boolean; onClose: () => void }>(() =>
  import('./sign-in-dialog').then((m) => ({ default: m.SignInDialog })),
);

/** Under the cart: the two payment toggles and the order button, with the sign-in prompt it may open. */
export function CheckoutActions({ checkout }: { checkout: Checkout }) {
  // Mounted from the first ask on, so that closing plays the dialog's exit transition.
  const [dialogMounted, setDialogMounted] = useState(false);
  if (checkout.signInAsked && !dialogMounted) setDialogMounted(true);
  return (
    <>
      <PayMethodToggle
        value={checkout.payMethod}
        onChange={checkout.choosePayMethod}
        coinsOffered={checkout.coinsOffered}
        balance={checkout.balance}
      />
      <button
        className="ls-button ls-button-contained ls-button-large ls-full-width"
        disabled={checkout.pending}
        // Inside the form when signed in, so Enter in a field also orders.
        {...(checkout.signedIn
          ? { type: 'submit' as const, form: ORDER_FORM_ID }
          : { type: 'button' as const, onClick: () => checkout.submit() })}
      >
        {checkout.pending ? 'Đang đặt hàng…' : 'Đặt hàng'}
      </button>
      {dialogMounted && (
        <Suspense fallback={null}>
          <SignInDialog open={checkout.signInAsked} onClose={checkout.closeSignIn} />
        </Suspense>
      )}
    </>
  );
}
