import { useState, type ReactNode } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import {
  ADMIN_LIMITS,
  canMoveOrder,
  formatNumber,
  formatVnd,
  isFinalStatus,
  ORDER_STATUS,
  PAY_METHOD,
  payMethodLabel,
  REFUND_STATUS,
  TEXTS,
  type AdminOrderDetail,
} from '@lucky/shared';
import { useToast } from '../../../components/ui/toast';
import { ApiError } from '../../../lib/api-client';
import { fileUrl } from '../../../lib/file-url';
import { ConfirmDialog } from '../../../components/admin/confirm-dialog';
import { EmptyState } from '../../../components/admin/empty-state';
import { PageHeading } from '../../../components/admin/page-heading';
import { OrderStatusBadge } from '../../../components/ui/order-status-badge';
import { formatAdminTime } from '../../../lib/admin-format';
import { useConsoleRole } from '../../../lib/console-role';
import { useAdminOrder, useMarkRefundDone, useMoveOrder, useRevealPassword } from '../api';
import { CompleteDialog } from './complete-dialog';
import { DueMarker } from './due-marker';
import { OrderHistory } from './order-history';
import { RejectDialog } from './reject-dialog';

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper variant="outlined" component="section" sx={{ p: 2 }}>
      <Typography variant="h6" component="h2" sx={{ mb: 1.5 }}>
        {title}
      </Typography>
      {children}
    </Paper>
  );
}

/** Label/value pairs as a description list, so screen readers pair each value with its label. */
function Fields({ items }: { items: ReadonlyArray<readonly [string, ReactNode]> }) {
  return (
    <Box
      component="dl"
      sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: 'minmax(160px, auto) 1fr' }, columnGap: 2, rowGap: 1, m: 0 }}
    >
      {items.map(([label, value]) => (
        <Box key={label} sx={{ display: 'contents' }}>
          <Typography component="dt" variant="body2" color="text.secondary">
            {label}
          </Typography>
          <Typography component="dd" variant="body2" sx={{ m: 0, mb: { xs: 1, sm: 0 }, wordBreak: 'break-word', whiteSpace: 'pre-wrap' }}>
            {value === '' || value === null || value === undefined ? '—' : value}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}

/**
 * The game password stays masked until the admin asks: 'Hiện mật khẩu' calls the audited reveal once,
 * and the answer stays in this component (shown across refetches after moves) until the admin leaves
 * the page; 'Ẩn mật khẩu' masks it again and showing it again makes no new call.
 */
function GamePassword({ order }: { order: AdminOrderDetail }) {
  const reveal = useRevealPassword(order.id);
  const [shown, setShown] = useState(false);
  if (!order.has_password) {
    return (
      <Typography component="span" variant="body2" color="text.secondary">
        {isFinalStatus(order.status) ? 'Đã xoá khi đơn kết thúc' : 'Không có'}
      </Typography>
    );
  }
  const show = () => {
    if (reveal.isSuccess) setShown(true);
    else reveal.mutate(undefined, { onSuccess: () => setShown(true) });
  };
  const revealed = shown && reveal.data ? reveal.data.order_pass : undefined;
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }} component="span">
      <Box component="span" sx={{ fontFamily: 'monospace' }} aria-live="polite">
        {revealed === undefined ? '••••••••' : revealed === null ? 'Mật khẩu đã bị xoá' : revealed}
      </Box>
      {shown ? (
        <Button size="small" variant="outlined" onClick={() => setShown(false)} aria-pressed>
          Ẩn mật khẩu
        </Button>
      ) : (
        <Button
          size="small"
          variant="outlined"
          onClick={show}
          disabled={reveal.isPending}
          aria-pressed={false}
          aria-busy={reveal.isPending}
          startIcon={reveal.isPending ? <CircularProgress size={14} color="inherit" aria-hidden /> : undefined}
        >
          {reveal.isPending ? 'Đang hiện mật khẩu…' : 'Hiện mật khẩu'}
        </Button>
      )}
    </Stack>
  );
}

function paymentState(order: AdminOrderDetail): string {
  if (order.pay_method === PAY_METHOD.COIN) {
    if (order.status === ORDER_STATUS.COMPLETED) return 'Đã trừ coin';
    if (order.status === ORDER_STATUS.REJECTED) return 'Đã trả lại coin đang giữ';
    return 'Đang giữ coin của khách';
  }
  if (order.refund_status === REFUND_STATUS.DUE) return 'Đã nhận tiền — đang chờ hoàn tiền cho khách';
  if (order.refund_status === REFUND_STATUS.DONE) return 'Đã hoàn tiền cho khách';
  if (order.paid_at) return `Đã nhận tiền lúc ${formatAdminTime(order.paid_at)}`;
  return 'Chưa nhận tiền';
}

type DialogName = 'confirm' | 'complete' | 'reject' | 'refund' | null;

function Actions({ order }: { order: AdminOrderDetail }) {
  const role = useConsoleRole();
  const [dialog, setDialog] = useState<DialogName>(null);
  const [refundNote, setRefundNote] = useState('');
  const move = useMoveOrder(order.id);
  const refund = useMarkRefundDone(order.id);
  const { showSuccess } = useToast();
  const bank = order.pay_method === PAY_METHOD.BANK;

  const accept = () =>
    move.mutate(
      { status: ORDER_STATUS.PROCESSING, expected_status: order.status },
      {
        onSuccess: () => {
          showSuccess(bank ? `Đã xác nhận nhận tiền đơn ${order.code}` : `Đã nhận xử lý đơn ${order.code}`);
          setDialog(null);
        },
        onError: (error) => {
          if (error instanceof ApiError && error.status === 409) setDialog(null);
        },
      },
    );

  const canAccept = order.status === ORDER_STATUS.PENDING && canMoveOrder(order.status, ORDER_STATUS.PROCESSING);
  const canComplete = canMoveOrder(order.status, ORDER_STATUS.COMPLETED);
  const canReject = canMoveOrder(order.status, ORDER_STATUS.REJECTED);
  // Recording money sent back is the owners' (docs/product.md §6): staff see the refund is owed, not the button.
  const refundDue = order.refund_status === REFUND_STATUS.DUE && role === 'owner';
  if (!canAccept && !canComplete && !canReject && !refundDue) return null;

  return (
    <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', gap: 1 }} aria-label="Thao tác" role="group">
      {canAccept && (
        <Button
          variant="contained"
          disabled={move.isPending}
          onClick={() => (bank ? setDialog('confirm') : accept())}
        >
          {bank ? 'Xác nhận đã nhận tiền' : 'Nhận xử lý'}
        </Button>
      )}
      {canComplete && (
        <Button variant="contained" color="success" onClick={() => setDialog('complete')}>
          Hoàn thành
        </Button>
      )}
      {canReject && (
        <Button variant="outlined" color="error" onClick={() => setDialog('reject')}>
          Từ chối
        </Button>
      )}
      {refundDue && (
        <Button variant="contained" color="warning" onClick={() => setDialog('refund')}>
          Đã hoàn tiền
        </Button>
      )}

      <ConfirmDialog
        open={dialog === 'confirm'}
        title="Xác nhận đã nhận tiền"
        confirmLabel="Đã nhận đủ tiền"
        busy={move.isPending}
        onConfirm={accept}
        onClose={() => setDialog(null)}
      >
        Shop đã nhận đủ {formatVnd(order.total_price)} cho đơn {order.code}? Đơn sẽ chuyển sang &apos;Đang xử lý&apos;.
      </ConfirmDialog>
      <ConfirmDialog
        open={dialog === 'refund'}
        title="Ghi nhận đã hoàn tiền"
        confirmLabel="Đã hoàn tiền"
        busy={refund.isPending}
        onConfirm={() =>
          refund.mutate(refundNote.trim(), {
            onSuccess: () => {
              showSuccess(`Đã ghi nhận hoàn tiền đơn ${order.code}`);
              setDialog(null);
            },
          })
        }
        onClose={() => setDialog(null)}
      >
        <Typography sx={{ mb: 2 }}>
          Đã chuyển lại {formatVnd(order.total_price)} cho khách của đơn {order.code}?
        </Typography>
        <TextField
          label="Ghi chú (không bắt buộc)"
          value={refundNote}
          onChange={(event) => setRefundNote(event.target.value)}
          fullWidth
          slotProps={{ htmlInput: { maxLength: ADMIN_LIMITS.reason } }}
        />
      </ConfirmDialog>
      {canComplete && (
        <CompleteDialog orderId={order.id} code={order.code} open={dialog === 'complete'} onClose={() => setDialog(null)} />
      )}
      {canReject && (
        <RejectDialog
          orderId={order.id}
          code={order.code}
          status={order.status}
          payMethod={order.pay_method}
          open={dialog === 'reject'}
          onClose={() => setDialog(null)}
        />
      )}
    </Stack>
  );
}

/** /admin/orders/:id: everything the customer entered, the money, the moves, and what can be done next. */
export function AdminOrderPage() {
  const { id = '' } = useParams();
  const { data: order, isPending, isError, error, refetch } = useAdminOrder(id);

  const back = (
    <Button component={RouterLink} to="/admin/orders" startIcon={<ArrowBackIcon />} sx={{ mb: 1 }}>
      Về hàng đợi
    </Button>
  );

  if (isPending) {
    return (
      <Box aria-busy="true">
        {back}
        <Skeleton variant="text" width="40%" sx={{ fontSize: '1.5rem', mb: 2 }} />
        <Skeleton variant="rounded" height={220} sx={{ mb: 2 }} />
        <Skeleton variant="rounded" height={160} />
      </Box>
    );
  }
  if (isError) {
    const missing = error instanceof ApiError && error.status === 404;
    return (
      <>
        {back}
        <PageHeading title={missing ? 'Không tìm thấy đơn hàng' : 'Không tải được đơn hàng'} />
        <EmptyState action={missing ? undefined : <Button onClick={() => void refetch()}>Thử lại</Button>}>
          {missing ? 'Đơn hàng này không tồn tại.' : 'Vui lòng thử lại.'}
        </EmptyState>
      </>
    );
  }

  const coin = order.pay_method === PAY_METHOD.COIN;

  return (
    <>
      {back}
      <PageHeading title={`Đơn ${order.code}`}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <OrderStatusBadge status={order.status} />
          {order.at_risk && <DueMarker dueAt={order.due_at} />}
        </Stack>
      </PageHeading>

      <Box sx={{ mb: 2 }}>
        <Actions order={order} />
      </Box>

      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '3fr 2fr' }, alignItems: 'start' }}>
        <Stack spacing={2}>
          <Section title="Thông tin khách nhập">
            <Fields
              items={[
                ['Tên tài khoản ngân hàng', order.order_bank_name],
                ['Liên hệ', order.order_contact],
                ['Tài khoản game', order.order_account],
                // Keyed by order: another order's page never inherits a revealed password.
                ['Mật khẩu game', <GamePassword key={order.id} order={order} />],
                ['Server', order.order_server],
                ['UID', order.order_uid],
                ['Ghi chú', order.order_comment],
              ]}
            />
            <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 1.5 }}>
              Mật khẩu chỉ được giải mã cho quản trị viên khi bấm &apos;Hiện mật khẩu&apos;; mỗi lần hiện mật khẩu đều
              được ghi nhật ký. Mật khẩu bị xoá khi đơn hoàn thành hoặc bị từ chối.
            </Typography>
          </Section>

          <Section title="Sản phẩm">
            <Box sx={{ overflowX: 'auto' }}>
              <Table size="small" aria-label="Sản phẩm trong đơn">
                <TableHead>
                  <TableRow>
                    <TableCell>Sản phẩm</TableCell>
                    <TableCell align="right">SL</TableCell>
                    <TableCell align="right">{coin ? 'Coin' : 'Đơn giá'}</TableCell>
                    <TableCell align="right">Thành tiền</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {order.stores.map((line) => (
                    <TableRow key={line.store_id}>
                      <TableCell>{line.name}</TableCell>
                      <TableCell align="right">{formatNumber(line.quantity)}</TableCell>
                      <TableCell align="right">{coin ? formatNumber(line.coin) : formatVnd(line.price)}</TableCell>
                      <TableCell align="right">
                        {coin ? `${formatNumber(line.coin * line.quantity)} coin` : formatVnd(line.price * line.quantity)}
                      </TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </Box>
            <Fields
              items={[
                ['Tổng tiền', formatVnd(order.total_price)],
                ['Tổng coin', formatNumber(order.total_coin)],
                ['Coin tặng', coin ? '0 (thanh toán bằng coin)' : formatNumber(order.total_gift_coin)],
              ]}
            />
          </Section>

          {isFinalStatus(order.status) && (
            <Section title="Kết quả">
              <Typography variant="subtitle2">{TEXTS.adminReply}</Typography>
              <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap', mb: 2 }}>
                {order.result_comment || '—'}
              </Typography>
              <Typography variant="subtitle2">{TEXTS.resultPictures}</Typography>
              {order.result_picture.length === 0 ? (
                <Typography variant="body2" color="text.secondary">
                  Không có ảnh.
                </Typography>
              ) : (
                <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mt: 1 }}>
                  {order.result_picture.map((picture, index) => (
                    <a key={picture} href={fileUrl(picture)} target="_blank" rel="noopener noreferrer">
                      <Box
                        component="img"
                        src={fileUrl(picture)}
                        alt={`${TEXTS.resultPictures} ${index + 1}`}
                        sx={{ width: 120, height: 120, objectFit: 'cover', borderRadius: 1, display: 'block' }}
                      />
                    </a>
                  ))}
                </Box>
              )}
            </Section>
          )}
        </Stack>

        <Stack spacing={2}>
          <Section title="Đơn hàng">
            <Fields
              items={[
                ['Khách hàng', `${order.customer_name || '—'} (${order.customer_email})`],
                ['Trò chơi', order.platform_name],
                ['Thanh toán', payMethodLabel(order.pay_method)],
                ['Trạng thái thanh toán', paymentState(order)],
                ['Đặt lúc', formatAdminTime(order.created_at)],
                ['Hạn xử lý', formatAdminTime(order.due_at)],
                ['Kết thúc lúc', formatAdminTime(order.finished_at)],
              ]}
            />
            {order.refund_status === REFUND_STATUS.DUE && (
              <Alert severity="warning" sx={{ mt: 2 }}>
                Đơn đã thanh toán nhưng bị từ chối: cần chuyển khoản hoàn {formatVnd(order.total_price)} cho khách.
              </Alert>
            )}
          </Section>
          <Section title="Lịch sử">
            <OrderHistory history={order.history} />
          </Section>
        </Stack>
      </Box>
    </>
  );
}
