import { Link as RouterLink } from 'react-router';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import { TEXTS } from '@lucky/shared';
import type { Checkout } from '../use-checkout';
import { OrderForm } from './order-form';

/** The form's id: the order button beside the cart submits it (checkout-actions.tsx). */
export const ORDER_FORM_ID = 'order-form';

/** Spec §2: the customer's details when signed in ('Thông tin của bạn'); a sign-in prompt otherwise. */
export function CheckoutForm({ checkout }: { checkout: Checkout }) {
  if (!checkout.signedIn) {
    return (
      <Alert
        severity="info"
        sx={{ mb: 3, alignItems: 'center' }}
        action={
          <Button component={RouterLink} to="/signin" color="inherit" size="small" variant="outlined">
            {TEXTS.signIn}
          </Button>
        }
      >
        Đăng nhập để thêm sản phẩm vào giỏ hàng và đặt hàng.
      </Alert>
    );
  }
  return (
    <Paper
      component="form"
      variant="outlined"
      noValidate
      id={ORDER_FORM_ID}
      onSubmit={checkout.submit}
      sx={{ p: { xs: 2, sm: 3 }, mb: 3, borderRadius: 2 }}
    >
      <OrderForm control={checkout.control} needLogin={checkout.needLogin} disabled={checkout.pending} />
    </Paper>
  );
}
