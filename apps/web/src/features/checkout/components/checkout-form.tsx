import { memo } from 'react';
import type { FieldErrors } from 'react-hook-form';
import { Link as RouterLink } from 'react-router';
import type { OrderFormInput, OrderFormOutput } from '@lucky/shared';
import { TEXTS } from '@lucky/shared/texts';
import { HydrationBoundary, useHydrated } from '../../../lib/hydration';
import { Icon } from '../../../components/frame/icons';
import { moveToNextFieldOnEnter } from '../field-focus';
import { useOrderForm } from '../use-checkout';
import { OrderForm } from './order-form';
import { ORDER_FORM_ID } from './order-form-id';

export interface CheckoutFormProps {
  signedIn: boolean;
  needLogin: boolean;
  pending: boolean;
  /** The fields, checked: the order is sent (stable handlers: the form is not rendered again with the page). */
  onValid: (fields: OrderFormOutput) => void;
  onInvalid: (errors: FieldErrors<OrderFormInput>) => void;
}

/**
 * docs/product.md §2: the customer's details when signed in ('Thông tin của bạn'); a sign-in prompt otherwise.
 * Plain elements (app/shop.css): both sit above the items, on the page's first screen (docs/decisions/0015).
 * Memoized: the page renders again when its cart or the coin balance changes, the form need not.
 */
export const CheckoutForm = memo(function CheckoutForm({ signedIn, ...form }: CheckoutFormProps) {
  // While the page hydrates, `signedIn` is what the server rendered (lib/session.ts useSignedIn): the form
  // for a browser that told it of a session, so nothing below it moves after.
  const hydrated = useHydrated();
  if (!signedIn) return <SignInPrompt />;
  // A boundary of its own: React hydrates the form in a pass after the page's. react-hook-form marks itself
  // ready with a state update in a layout effect, which React handles at once, synchronously: inside the
  // page's hydration it ran every effect of the page with it, in one long task.
  return (
    <HydrationBoundary fallback={null}>
      <OrderFormBox {...form} hydrated={hydrated} />
    </HydrationBoundary>
  );
});

function OrderFormBox({
  needLogin,
  pending,
  onValid,
  onInvalid,
  hydrated,
}: Omit<CheckoutFormProps, 'signedIn'> & { hydrated: boolean }) {
  const { control, handleSubmit } = useOrderForm(needLogin);
  return (
    <form
      noValidate
      id={ORDER_FORM_ID}
      onSubmit={(event) => void handleSubmit(onValid, onInvalid)(event)}
      onKeyDown={moveToNextFieldOnEnter}
      className="ls-paper-outlined ls-order-form"
    >
      {/* Inert until the app is live: the browser's own submit would put the fields in the address. */}
      <OrderForm control={control} needLogin={needLogin} disabled={pending || !hydrated} />
    </form>
  );
}

/** MUI's standard info Alert with its action, as plain elements. */
function SignInPrompt() {
  return (
    <div role="alert" className="ls-alert ls-sign-in-prompt">
      <div className="ls-alert-icon">
        <Icon name="infoOutlined" />
      </div>
      <div className="ls-alert-message">Đăng nhập để thêm sản phẩm vào giỏ hàng và đặt hàng.</div>
      <div className="ls-alert-action">
        <RouterLink to="/signin" className="ls-button ls-button-outlined ls-button-small ls-button-inherit">
          {TEXTS.signIn}
        </RouterLink>
      </div>
    </div>
  );
}
