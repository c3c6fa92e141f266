import { Link as RouterLink, useParams } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import { isFinalStatus } from '@lucky/shared';
import { ApiError } from '../../../lib/api-client';
import { EmptyState } from '../../../components/admin/empty-state';
import { Fields } from '../../../components/admin/fields';
import { PageHeading } from '../../../components/admin/page-heading';
import { Section } from '../../../components/admin/section';
import { OrderStatusBadge } from '../../../components/ui/order-status-badge';
import { useAdminOrder } from '../api';
import { DueMarker } from './due-marker';
import { GamePassword } from './game-password';
import { OrderActions } from './order-actions';
import { OrderHistory } from './order-history';
import { OrderLines } from './order-lines';
import { OrderSummary } from './order-summary';
import { OrderResult } from './order-result';
import { UnverifiedMarker } from './unverified-marker';

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

  return (
    <>
      {back}
      <PageHeading title={`Đơn ${order.code}`}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <OrderStatusBadge status={order.status} />
          {order.at_risk && <DueMarker dueAt={order.due_at} />}
          {order.payment_unverified && <UnverifiedMarker />}
        </Stack>
      </PageHeading>

      <Box sx={{ mb: 2 }}>
        <OrderActions order={order} />
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
            <OrderLines order={order} />
          </Section>

          {isFinalStatus(order.status) && (
            <Section title="Kết quả">
              <OrderResult order={order} />
            </Section>
          )}
        </Stack>

        <Stack spacing={2}>
          <Section title="Đơn hàng">
            <OrderSummary order={order} />
          </Section>
          <Section title="Lịch sử">
            <OrderHistory history={order.history} />
          </Section>
        </Stack>
      </Box>
    </>
  );
}
