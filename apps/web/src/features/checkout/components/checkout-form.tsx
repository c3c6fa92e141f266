import { Link as RouterLink } from 'react-router';
import { TEXTS } from '@lucky/shared/texts';
import { useHydrated } from '../../../lib/hydration';
import { renderedSignedIn } from '../../../lib/initial-data';
import { Icon } from '../../../components/frame/icons';
import { moveToNextFieldOnEnter } from '../field-focus';
import type { Checkout } from '../use-checkout';
import { OrderForm } from './order-form';
import { ORDER_FORM_ID } from './order-form-id';

/**
 * docs/product.md §2: the customer's details when signed in ('Thông tin của bạn'); a sign-in prompt otherwise.
 * Plain elements (app/shop.css): both sit above the items, on the page's first screen (docs/decisions/0015).
 */
export function CheckoutForm({ checkout }: { checkout: Checkout }) {
  const hydrated = useHydrated();
  // The session is the browser's: while the page hydrates, the form shows where the server put it for a
  // browser that told it of one (lib/initial-data.ts renderedSignedIn), so nothing below it moves after.
  const rendered = !hydrated && renderedSignedIn();
  if (!checkout.signedIn && !rendered) return <SignInPrompt />;
  return (
    <form
      noValidate
      id={ORDER_FORM_ID}
      onSubmit={checkout.submit}
      onKeyDown={moveToNextFieldOnEnter}
      className="ls-paper-outlined ls-order-form"
    >
      {/* Inert until the app is live: the browser's own submit would put the fields in the address. */}
      <OrderForm control={checkout.control} needLogin={checkout.needLogin} disabled={checkout.pending || !hydrated} />
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
