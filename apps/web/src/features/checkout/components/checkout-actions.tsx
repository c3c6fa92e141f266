import Button from '@mui/material/Button';
import type { Checkout } from '../use-checkout';
import { ORDER_FORM_ID } from './checkout-form';
import { PayMethodToggle } from './pay-method-toggle';
import { SignInDialog } from './sign-in-dialog';

/** Under the cart: the two payment toggles and the order button, with the sign-in prompt it may open. */
export function CheckoutActions({ checkout }: { checkout: Checkout }) {
  return (
    <>
      <PayMethodToggle
        value={checkout.payMethod}
        onChange={checkout.choosePayMethod}
        coinsOffered={checkout.coinsOffered}
        balance={checkout.balance}
      />
      <Button
        variant="contained"
        size="large"
        fullWidth
        disabled={checkout.pending}
        // Inside the form when signed in, so Enter in a field also orders.
        {...(checkout.signedIn
          ? { type: 'submit' as const, form: ORDER_FORM_ID }
          : { onClick: () => checkout.submit() })}
      >
        {checkout.pending ? 'Đang đặt hàng…' : 'Đặt hàng'}
      </Button>
      <SignInDialog open={checkout.signInAsked} onClose={checkout.closeSignIn} />
    </>
  );
}
