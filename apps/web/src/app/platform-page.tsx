import { useMemo } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import type { Platform, StoreItem } from '@lucky/shared/guards';
import { TEXTS } from '@lucky/shared/texts';
import { useToast } from '../components/ui/toast';
import { usePageTitle } from '../components/ui/use-page-title';
// This page is where the shop's features meet: catalog, cart, checkout and coins.
import { usePlatforms, useStoreItems } from '../features/catalog/api';
import { PlatformHeading, PlatformSkeleton } from '../features/catalog/components/platform-heading';
import { StoreItemGrid } from '../features/catalog/components/store-item-grid';
import { readSelectedPlatform } from '../features/catalog/selected-platform';
import { addRefusal, saveCart } from '../features/cart/cart';
import { CartPanel } from '../features/cart/components/cart-panel';
import { useCart } from '../features/cart/use-cart';
import { CheckoutActions } from '../features/checkout/components/checkout-actions';
import { CheckoutForm } from '../features/checkout/components/checkout-form';
import { useCheckout } from '../features/checkout/use-checkout';
import { useCoinBalance } from '../features/coins/api';
import { useHydrated } from '../lib/hydration';

/** /item/:id (docs/product.md §2). There is no call for one platform: it is found in the list, or in platformData meanwhile. */
export function PlatformPage() {
  const { id } = useParams();
  const platformId = Number(id);
  const platforms = usePlatforms();
  // localStorage: not in the server's HTML, so not in the render that hydrates it either.
  const hydrated = useHydrated();
  const stored = useMemo(() => (hydrated ? readSelectedPlatform() : null), [hydrated]);

  const platform =
    platforms.data?.find((entry) => entry.id === platformId) ??
    (!platforms.isSuccess && stored?.id === platformId ? stored : undefined);

  if (platform) return <PlatformOrderPage key={platform.id} platform={platform} />;
  if (platforms.isPending) return <PlatformSkeleton />;
  return <PlatformNotFound />;
}

function PlatformNotFound() {
  usePageTitle('Không tìm thấy trò chơi');
  return (
    <div className="ls-stack-page">
      <h1 className="ls-h1">Không tìm thấy trò chơi</h1>
      <p className="ls-body1">Trò chơi này không tồn tại hoặc đã ngừng bán.</p>
      <RouterLink to="/" className="ls-button ls-button-contained">
        {TEXTS.chooseGame}
      </RouterLink>
    </div>
  );
}

/** The items, the cart, the customer's details and the order button of one platform. */
function PlatformOrderPage({ platform }: { platform: Platform }) {
  usePageTitle(TEXTS.platformHeader(platform.name, platform.shop_config.need_login));
  const { showError, showSuccess } = useToast();
  const items = useStoreItems(platform.id);
  const activeItems = useMemo(() => items.data?.filter((item) => item.is_active), [items.data]);
  const cart = useCart(platform.id, activeItems);
  const { balance, loading: balanceLoading } = useCoinBalance();
  const checkout = useCheckout({
    needLogin: platform.shop_config.need_login,
    lines: cart.lines,
    balance: balanceLoading ? null : balance,
    onPlaced: () => {
      cart.dispatch({ type: 'clear' });
      // Saved now: the page is left before its effects would run again.
      saveCart(platform.id, []);
    },
  });

  const add = (item: StoreItem) => {
    if (!checkout.signedIn) {
      checkout.askToSignIn();
      return;
    }
    const refusal = addRefusal(cart.lines, item.id);
    if (refusal) {
      showError(refusal);
      return;
    }
    cart.dispatch({ type: 'add', item });
    showSuccess(TEXTS.addedToCart(item.name || TEXTS.itemNameFallback));
  };

  return (
    <div>
      <PlatformHeading platform={platform} />
      <div className="ls-platform-layout">
        <div>
          <CheckoutForm checkout={checkout} />
          <StoreItemGrid
            items={activeItems}
            loading={items.isPending}
            failed={items.isError}
            onRetry={() => void items.refetch()}
            onAdd={add}
          />
        </div>
        <div className="ls-paper-outlined ls-cart-box">
          <CartPanel lines={cart.lines} payMethod={checkout.payMethod} dispatch={cart.dispatch} />
          <CheckoutActions checkout={checkout} />
        </div>
      </div>
    </div>
  );
}
