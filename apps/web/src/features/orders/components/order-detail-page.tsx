import { useEffect, useState, type ReactNode } from 'react';
import { Link as RouterLink, useLocation, useNavigate, useParams } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import {
  CONTACT_SUPPORT_AFTER_MINUTES,
  formatNumber,
  formatVnd,
  order as orderSchema,
  ORDER_STATUS,
  orderStatusLabel,
  PAY_METHOD,
  payMethodLabel,
  STOREFRONT_TEXTS,
  TEXTS,
  type Order,
} from '@lucky/shared';
import { useToast } from '../../../components/ui/toast';
import { usePageTitle } from '../../../components/ui/use-page-title';
import { ApiError } from '../../../lib/api-client';
import { config } from '../../../lib/config';
import { useOrder } from '../api';
import { formatOrderTime } from '../format';
import { BankTransferBlock } from './bank-transfer-block';
import { OrderStatusBadge } from '../../../components/ui/order-status-badge';
import { ResultPictures } from './result-pictures';
import { SignInRequired } from './sign-in-required';

/** The order a navigation brought along (`navigate(to, { state: { order } })`), if it is this page's order. */
function orderFromState(state: unknown, id: string): Order | null {
  if (typeof state !== 'object' || state === null || !('order' in state)) return null;
  const parsed = orderSchema.safeParse(state.order);
  return parsed.success && parsed.data.id === id ? parsed.data : null;
}

/**
 * /gameorder/:id (spec §2). The order comes in the navigation state; after a reload or from a link it
 * is fetched by id. Either way it is shown from the query cache, which live events keep current.
 */
export function OrderDetailPage() {
  usePageTitle(STOREFRONT_TEXTS.orderDetail);
  return (
    <SignInRequired>
      <OrderDetailLoader />
    </SignInRequired>
  );
}

function OrderDetailLoader() {
  const { id = '' } = useParams();
  const location = useLocation();
  const { showError } = useToast();
  const fromState = orderFromState(location.state, id);
  const fetched = useOrder(id, fromState ?? undefined);
  const missing = fetched.error instanceof ApiError && fetched.error.status === 404;

  // Spec §8: a failed call shows its message; a missing order is told on the page itself instead.
  useEffect(() => {
    if (fetched.error && !missing) showError(fetched.error);
  }, [fetched.error, missing, showError]);

  const current = fetched.data;
  if (current) return <OrderDetail key={current.id} order={current} />;
  if (missing) return <OrderNotFound />;
  if (fetched.isError) {
    return (
      <Stack spacing={2} sx={{ alignItems: 'flex-start', py: 6 }}>
        <Typography variant="h4" component="h1" sx={{ fontWeight: 700 }}>
          {STOREFRONT_TEXTS.orderDetail}
        </Typography>
        <Typography>Không tải được đơn hàng.</Typography>
        <Button variant="outlined" onClick={() => void fetched.refetch()}>
          Thử lại
        </Button>
      </Stack>
    );
  }
  return (
    <Box aria-busy="true">
      <Typography variant="h4" component="h1" sx={{ fontWeight: 700, mb: 3 }}>
        {STOREFRONT_TEXTS.orderDetail}
      </Typography>
      <Skeleton variant="rounded" height={120} sx={{ mb: 2 }} />
      <Skeleton variant="rounded" height={280} />
    </Box>
  );
}

function OrderNotFound() {
  return (
    <Stack spacing={2} sx={{ alignItems: 'flex-start', py: 6 }}>
      <Typography variant="h4" component="h1" sx={{ fontWeight: 700 }}>
        {STOREFRONT_TEXTS.orderNotFound}
      </Typography>
      <Typography color="text.secondary">{STOREFRONT_TEXTS.orderNotFoundHint}</Typography>
      <Button component={RouterLink} to="/gameorder" variant="contained">
        {TEXTS.viewOrderList}
      </Button>
    </Stack>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  const headingId = `section-${title.replace(/\s+/g, '-')}`;
  return (
    <Paper component="section" variant="outlined" aria-labelledby={headingId} sx={{ p: { xs: 2, sm: 3 }, borderRadius: 2 }}>
      <Typography id={headingId} variant="h6" component="h2" sx={{ fontWeight: 700, mb: 1.5 }}>
        {title}
      </Typography>
      {children}
    </Paper>
  );
}

function SupportNote() {
  return (
    <Typography sx={{ mt: 1 }}>
      {STOREFRONT_TEXTS.contactSupport(CONTACT_SUPPORT_AFTER_MINUTES)}{' '}
      <Link href={config.support.chat_url} target="_blank" rel="noopener noreferrer">
        Nhắn tin cho shop (mở trong thẻ mới)
      </Link>
    </Typography>
  );
}

/** What screen readers are told, politely, when a live update moves the order on screen. */
function useStatusAnnouncement(status: number): string {
  const [seen, setSeen] = useState(status);
  const [announcement, setAnnouncement] = useState('');
  // Adjusted while rendering (not in an effect), so the text arrives with the change it tells of.
  if (status !== seen) {
    setSeen(status);
    setAnnouncement(STOREFRONT_TEXTS.orderStatusChanged(orderStatusLabel(status)));
  }
  return announcement;
}

function OrderDetail({ order }: { order: Order }) {
  const navigate = useNavigate();
  const announcement = useStatusAnnouncement(order.status);
  const pending = order.status === ORDER_STATUS.PENDING;
  const byCoin = order.pay_method === PAY_METHOD.COIN;
  // A bank order moves to 'Đang xử lý' when its payment arrives (DESIGN.md § Order lifecycle).
  const paidByBank = !byCoin && order.status === ORDER_STATUS.PROCESSING;
  const account = order.order_account ? `Tài khoản: ${order.order_account}` : order.order_uid ? `UID: ${order.order_uid}` : '';

  return (
    <Stack spacing={3}>
      <Box>
        {/* Present from the start: a live region added together with its text is not reliably read out. */}
        <div className="ls-visually-hidden" aria-live="polite" aria-atomic="true">
          {announcement}
        </div>
        <Typography variant="h4" component="h1" sx={{ fontWeight: 700, fontSize: { xs: '1.6rem', sm: '2.125rem' } }}>
          {STOREFRONT_TEXTS.orderDetail}
        </Typography>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, flexWrap: 'wrap', mt: 1 }}>
          <Typography sx={{ fontWeight: 700 }}>
            Mã đơn:{' '}
            <Box component="span" sx={{ fontFamily: 'ui-monospace, monospace' }}>
              {order.code}
            </Box>
          </Typography>
          <OrderStatusBadge status={order.status} />
        </Box>
      </Box>

      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, borderRadius: 2 }}>
        <Box component="dl" sx={{ m: 0, display: 'grid', gridTemplateColumns: { xs: '1fr', sm: 'max-content 1fr' }, columnGap: 3, rowGap: 0.5 }}>
          <Term label="Trò chơi" value={order.platform_name} />
          <Term label="Thời gian đặt" value={formatOrderTime(order.created_at)} />
          <Term label="Thanh toán" value={payMethodLabel(order.pay_method)} />
          <Term label="Tên" value={order.order_bank_name} />
          <Term label="Server" value={[order.order_server, account].filter(Boolean).join(' · ')} />
          {order.order_contact && <Term label="Liên hệ" value={order.order_contact} />}
          {order.order_comment && <Term label="Ghi chú" value={order.order_comment} />}
        </Box>

        <Box sx={{ overflowX: 'auto', mt: 2 }}>
          <Table size="small" aria-label="Sản phẩm trong đơn">
            <TableHead>
              <TableRow>
                <TableCell>Sản phẩm</TableCell>
                <TableCell align="right">Số lượng</TableCell>
                <TableCell align="right">Giá</TableCell>
                <TableCell align="right">Coin</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {order.stores.map((line, index) => (
                <TableRow key={`${line.store_id}-${index}`}>
                  <TableCell>{line.name || TEXTS.itemNameFallback}</TableCell>
                  <TableCell align="right">{line.quantity}</TableCell>
                  <TableCell align="right">{formatVnd(line.price)}</TableCell>
                  <TableCell align="right">{formatNumber(line.coin)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Box>
        <Divider sx={{ my: 1.5 }} />
        <Box component="dl" sx={{ m: 0, display: 'grid', gridTemplateColumns: '1fr auto', rowGap: 0.5, columnGap: 2 }}>
          <Term label="Tổng tiền" value={formatVnd(order.total_price)} strong />
          <Term label="Tổng coin" value={`${formatNumber(order.total_coin)} coin`} />
          <Term label="Coin tặng" value={`+${formatNumber(order.total_gift_coin)}`} />
        </Box>
      </Paper>

      {pending && byCoin && (
        <Section title="Theo dõi đơn hàng">
          <Typography>{STOREFRONT_TEXTS.coinTracking}</Typography>
          <SupportNote />
        </Section>
      )}

      {pending && !byCoin && (
        <Section title="Thanh toán chuyển khoản">
          <Typography sx={{ mb: 2 }}>{STOREFRONT_TEXTS.bankPayment}</Typography>
          <BankTransferBlock order={order} bank={config.bank} />
          <SupportNote />
        </Section>
      )}

      {paidByBank && (
        <Section title="Thanh toán chuyển khoản">
          <Typography>{STOREFRONT_TEXTS.bankPaid}</Typography>
        </Section>
      )}

      <Section title={TEXTS.adminReply}>
        {order.result_comment ? (
          <Typography sx={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>{order.result_comment}</Typography>
        ) : (
          <Typography color="text.secondary">{STOREFRONT_TEXTS.noAdminReply}</Typography>
        )}
      </Section>

      {!pending && (
        <Section title={TEXTS.resultPictures}>
          <ResultPictures pictures={order.result_picture} />
        </Section>
      )}

      <Box>
        <Button
          variant="contained"
          onClick={async () => {
            // Spec §2: home first, then the list.
            await navigate('/');
            await navigate('/gameorder');
          }}
        >
          {TEXTS.viewOrderList}
        </Button>
      </Box>
    </Stack>
  );
}

function Term({ label, value, strong }: { label: string; value: string; strong?: boolean }) {
  return (
    <>
      <Typography component="dt" color="text.secondary">
        {label}
      </Typography>
      <Typography component="dd" sx={{ m: 0, fontWeight: strong ? 700 : 500, overflowWrap: 'anywhere', color: strong ? 'primary.main' : undefined }}>
        {value || '—'}
      </Typography>
    </>
  );
}
