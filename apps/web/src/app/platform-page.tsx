import { lazy, startTransition, Suspense, useCallback, useEffect, useMemo, useState } from 'react';
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
import { CartBar } from '../features/cart/components/cart-bar';
import { CartPanel } from '../features/cart/components/cart-panel';
import { useCart, type Cart } from '../features/cart/use-cart';
import { CheckoutActions, OrderButton, PayAndOrder } from '../features/checkout/components/checkout-actions';
import { CheckoutForm } from '../features/checkout/components/checkout-form';
import { useCheckout, type Checkout } from '../features/checkout/use-checkout';
import { useCoinsOffered } from '../features/coins/api';
import { CoinsHeld } from '../features/coins/components/coins-held';
import { afterFirstLoad } from '../lib/after-first-load';
import { useHydrated } from '../lib/hydration';
import { PHONE_QUERY, useMediaQuery } from '../lib/use-media-query';
import { useStableCallback } from '../lib/use-stable-callback';

// The phone's cart sheet: its code is fetched once the page has loaded (app/page-modules.ts), and it is mounted,
// closed, once the page is idle (PhoneCart).
const CartSheet = lazy(() => import('../features/cart/components/cart-sheet').then((m) => ({ default: m.CartSheet })));

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
  // Not the balance itself: the page renders again only when coins become offered or not (CoinsHeld shows it).
  const coinsOffered = useCoinsOffered();
  const checkout = useCheckout({
    needLogin: platform.shop_config.need_login,
    lines: cart.lines,
    coinsOffered,
    onPlaced: () => {
      cart.dispatch({ type: 'clear' });
      // Saved now: the page is left before its effects would run again.
      saveCart(platform.id, []);
    },
  });

  // Stable: the item grid is not rendered again when the cart or the coin balance changes.
  const add = useStableCallback((item: StoreItem) => {
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
  });
  const retryItems = useStableCallback(() => void items.refetch());

  return (
    <div>
      <PlatformHeading platform={platform} />
      <div className="ls-platform-layout">
        <div>
          <CheckoutForm
            signedIn={checkout.signedIn}
            needLogin={checkout.needLogin}
            pending={checkout.pending}
            onValid={checkout.place}
            onInvalid={checkout.refused}
          />
          <StoreItemGrid
            items={activeItems}
            loading={items.isPending}
            failed={items.isError}
            onRetry={retryItems}
            onAdd={add}
          />
        </div>
        <div className="ls-paper-outlined ls-cart-box">
          <CartPanel lines={cart.lines} payMethod={checkout.payMethod} dispatch={cart.dispatch} />
          <CheckoutActions checkout={checkout} coinsHeld={<CoinsHeld />} />
        </div>
      </div>
      <PhoneCart cart={cart} checkout={checkout} />
    </div>
  );
}

/**
 * Below the md breakpoint, once the cart holds anything: the cart bar at the bottom of the screen, and
 * the cart as a bottom sheet that its count opens, with the payment toggles and the order button.
 */
function PhoneCart({ cart, checkout }: { cart: Cart; checkout: Checkout }) {
  const phone = useMediaQuery(PHONE_QUERY);
  const [open, setOpen] = useState(false);
  const [sheetMounted, setSheetMounted] = useState(false);
  // An order sent from the sheet closes it; focus then goes where the form puts it, not back to the bar.
  const [ordering, setOrdering] = useState(false);
  const closeSheet = useCallback(() => setOpen(false), []);
  const filled = cart.lines.length > 0;
  if (open && !sheetMounted) setSheetMounted(true);
  // Emptied from the sheet (minus, clear-all): nothing is left to show, and the bar goes too.
  if (open && !filled) setOpen(false);
  // Once the bar is on screen and the page idle, the sheet is rendered closed (laid out, hidden: app/shop.css),
  // in a transition that yields to the page: the tap then only shows it. Rendered at the tap, its code and the
  // cart's second rendering were a long task of a mid-range phone's tap (docs/decisions/0036).
  const premount = phone && filled && !sheetMounted;
  useEffect(() => {
    if (!premount) return;
    return afterFirstLoad(() => startTransition(() => setSheetMounted(true)));
  }, [premount]);

  // The sheet's content, the same element while only the sheet opens or closes: React leaves it as it is.
  const content = useMemo(
    () => (
      <div className="ls-cart-sheet-content">
        <CartPanel lines={cart.lines} payMethod={checkout.payMethod} dispatch={cart.dispatch} headingHidden />
        <PayAndOrder
          checkout={checkout}
          coinsHeld={<CoinsHeld />}
          onOrder={() => {
            setOrdering(true);
            setOpen(false);
          }}
        />
      </div>
    ),
    [cart.lines, cart.dispatch, checkout],
  );

  if (!phone) return null;
  // A transition: the tap's own task only marks it, and the sheet slides in from the next one.
  const show = () =>
    startTransition(() => {
      setOrdering(false);
      setOpen(true);
    });
  return (
    <>
      {filled && (
        <CartBar
          lines={cart.lines}
          payMethod={checkout.payMethod}
          sheetOpen={open}
          onOpenSheet={show}
          action={<OrderButton checkout={checkout} className="ls-cart-bar-order" />}
        />
      )}
      {sheetMounted && (
        <Suspense fallback={null}>
          <CartSheet open={open} onClose={closeSheet} keepFocusOnClose={ordering}>
            {content}
          </CartSheet>
        </Suspense>
      )}
    </>
  );
}
