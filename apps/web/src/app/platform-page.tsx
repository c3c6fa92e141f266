import { useCallback, useEffect, useMemo, useState } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import AccessTimeIcon from '@mui/icons-material/AccessTime';
import {
  DEFAULT_PAY_METHOD,
  PAY_METHOD,
  TEXTS,
  type PayMethod,
  type Platform,
  type StoreItem,
} from '@lucky/shared';
import { useToast } from '../components/ui/toast';
import { usePageTitle } from '../components/ui/use-page-title';
import { fileUrl } from '../lib/file-url';
import { useSignedIn } from '../lib/session';
// This page is where the shop's features meet (a route composing them, like app/ does).
import { addRefusal, orderItems, saveCart } from '../features/cart/cart';
import { CartPanel } from '../features/cart/components/cart-panel';
import { useCart } from '../features/cart/use-cart';
import { usePlaceOrder } from '../features/checkout/api';
import { OrderForm } from '../features/checkout/components/order-form';
import { PayMethodToggle } from '../features/checkout/components/pay-method-toggle';
import { SignInDialog } from '../features/checkout/components/sign-in-dialog';
import {
  EMPTY_ORDER_FORM,
  missingFields,
  orderProblem,
  requestFields,
  type OrderField,
  type OrderFormValues,
} from '../features/checkout/order-form-values';
import { useCoinBalance } from '../features/coins/api';
import { usePlatforms, useStoreItems } from '../features/catalog/api';
import fallbackPicture from '../features/catalog/assets/item-fallback.svg';
import { readSelectedPlatform } from '../features/catalog/selected-platform';
import { showFallback, StoreItemCard } from '../features/catalog/components/store-item-card';

/** /item/:id (spec §2). There is no call for one platform: it is found in the list, or in platformData meanwhile. */
export function PlatformPage() {
  const { id } = useParams();
  const platformId = Number(id);
  const platforms = usePlatforms();
  const [stored] = useState(readSelectedPlatform);

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
    <Stack spacing={2} sx={{ alignItems: 'flex-start', py: 6 }}>
      <Typography variant="h4" component="h1" sx={{ fontWeight: 700 }}>
        Không tìm thấy trò chơi
      </Typography>
      <Typography color="text.secondary">Trò chơi này không tồn tại hoặc đã ngừng bán.</Typography>
      <Button component={RouterLink} to="/" variant="contained">
        {TEXTS.chooseGame}
      </Button>
    </Stack>
  );
}

function PlatformSkeleton() {
  return (
    <Box aria-busy="true">
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', mb: 3 }}>
        <Skeleton variant="rounded" width={96} height={96} />
        <Box sx={{ flex: 1 }}>
          <Skeleton variant="text" width="30%" />
          <Skeleton variant="text" width="60%" sx={{ fontSize: '2rem' }} />
        </Box>
      </Stack>
      <ItemSkeletons />
    </Box>
  );
}

const ITEM_CELL = { xs: 12, sm: 6, md: 4 } as const;

function ItemSkeletons() {
  return (
    <Grid container spacing={2} aria-busy="true">
      {Array.from({ length: 6 }, (_, index) => (
        <Grid key={index} size={ITEM_CELL}>
          <Skeleton variant="rounded" sx={{ width: '100%', height: 'auto', aspectRatio: '320 / 200' }} />
          <Skeleton variant="text" width="70%" />
          <Skeleton variant="text" width="40%" />
        </Grid>
      ))}
    </Grid>
  );
}

function PlatformHeading({ platform }: { platform: Platform }) {
  return (
    <Stack direction="row" spacing={2} sx={{ alignItems: 'center', mb: 3 }}>
      <Box
        component="img"
        src={platform.picture ? fileUrl(platform.picture) : fallbackPicture}
        onError={showFallback}
        alt={platform.name}
        width={96}
        height={96}
        sx={{ width: { xs: 72, sm: 96 }, height: { xs: 72, sm: 96 }, objectFit: 'cover', borderRadius: 2, flexShrink: 0, bgcolor: 'action.hover' }}
      />
      <Box sx={{ minWidth: 0 }}>
        <Typography variant="overline" component="p" color="text.secondary" sx={{ lineHeight: 1.5 }}>
          {platform.name}
        </Typography>
        <Typography variant="h4" component="h1" sx={{ fontWeight: 700, fontSize: { xs: '1.4rem', sm: '2rem' }, overflowWrap: 'anywhere' }}>
          {TEXTS.platformHeader(platform.name, platform.shop_config.need_login)}
        </Typography>
        <Typography color="text.secondary" sx={{ display: 'flex', alignItems: 'center', gap: 0.5, mt: 0.5 }}>
          <AccessTimeIcon fontSize="small" aria-hidden />
          {TEXTS.processingTime}
        </Typography>
      </Box>
    </Stack>
  );
}

/** The items, the cart, the customer's details and the order button of one platform. */
function PlatformOrderPage({ platform }: { platform: Platform }) {
  const needLogin = platform.shop_config.need_login;
  usePageTitle(TEXTS.platformHeader(platform.name, needLogin));
  const signedIn = useSignedIn();
  const { showError, showSuccess } = useToast();
  const items = useStoreItems(platform.id);
  const activeItems = useMemo(() => items.data?.filter((item) => item.is_active), [items.data]);
  const cart = useCart(platform.id, activeItems);
  const { balance, loading: balanceLoading } = useCoinBalance();

  const [values, setValues] = useState<OrderFormValues>(EMPTY_ORDER_FORM);
  const [invalid, setInvalid] = useState<OrderField[]>([]);
  const [chosenMethod, setChosenMethod] = useState<PayMethod>(DEFAULT_PAY_METHOD);
  const [dialogOpen, setDialogOpen] = useState(false);

  const coinsOffered = signedIn && !balanceLoading && balance >= 0;
  const payMethod = coinsOffered ? chosenMethod : PAY_METHOD.BANK;

  const order = usePlaceOrder({
    onPlaced: () => {
      cart.dispatch({ type: 'clear' });
      // Saved now: the page is left before its effects would run again.
      saveCart(platform.id, []);
    },
  });
  const { newAttempt } = order;

  // A changed form, cart or payment method is a new order: it gets a new Idempotency-Key.
  useEffect(() => {
    newAttempt();
  }, [values, cart.lines, payMethod, newAttempt]);

  const change = useCallback((field: OrderField, value: string) => {
    setValues((previous) => ({ ...previous, [field]: value }));
  }, []);

  const add = (item: StoreItem) => {
    if (!signedIn) {
      setDialogOpen(true);
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

  const submit = () => {
    if (!signedIn) {
      setDialogOpen(true);
      return;
    }
    const problem = orderProblem(values, needLogin, cart.lines.length);
    setInvalid(missingFields(values, needLogin));
    if (problem) {
      showError(problem);
      return;
    }
    order.submit({
      ...requestFields(values, needLogin),
      order_pay_method: payMethod,
      order_items: orderItems(cart.lines),
    });
  };

  return (
    <>
      <PlatformHeading platform={platform} />
      <Grid container spacing={3}>
        <Grid size={{ xs: 12, md: 8 }}>
          {signedIn ? (
            <Paper
              component="form"
              variant="outlined"
              noValidate
              id="order-form"
              onSubmit={(event) => {
                event.preventDefault();
                submit();
              }}
              sx={{ p: { xs: 2, sm: 3 }, mb: 3, borderRadius: 2 }}
            >
              <OrderForm values={values} onChange={change} needLogin={needLogin} invalid={invalid} disabled={order.pending} />
            </Paper>
          ) : (
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
          )}

          <Typography variant="h6" component="h2" sx={{ fontWeight: 700, mb: 2 }}>
            Sản phẩm
          </Typography>
          {items.isPending ? (
            <ItemSkeletons />
          ) : items.isError ? (
            <Box sx={{ py: 3 }}>
              <Typography sx={{ mb: 2 }}>Không tải được danh sách sản phẩm.</Typography>
              <Button variant="outlined" onClick={() => void items.refetch()}>
                Thử lại
              </Button>
            </Box>
          ) : !activeItems?.length ? (
            <Typography role="status" color="text.secondary" sx={{ py: 3 }}>
              Trò chơi này hiện chưa có sản phẩm nào.
            </Typography>
          ) : (
            <Grid container spacing={2}>
              {activeItems.map((item) => (
                <Grid key={item.id} size={ITEM_CELL}>
                  <StoreItemCard item={item} onAdd={add} />
                </Grid>
              ))}
            </Grid>
          )}
        </Grid>

        <Grid size={{ xs: 12, md: 4 }}>
          <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, borderRadius: 2, position: { md: 'sticky' }, top: { md: 88 } }}>
            <Stack spacing={2}>
              <CartPanel lines={cart.lines} payMethod={payMethod} dispatch={cart.dispatch} />
              <PayMethodToggle value={payMethod} onChange={setChosenMethod} coinsOffered={coinsOffered} balance={balance} />
              <Button
                variant="contained"
                size="large"
                fullWidth
                disabled={order.pending}
                // Inside the form when signed in, so Enter in a field also orders.
                {...(signedIn ? { type: 'submit' as const, form: 'order-form' } : { onClick: submit })}
              >
                {order.pending ? 'Đang đặt hàng…' : 'Đặt hàng'}
              </Button>
            </Stack>
          </Paper>
        </Grid>
      </Grid>
      <SignInDialog open={dialogOpen} onClose={() => setDialogOpen(false)} />
    </>
  );
}
