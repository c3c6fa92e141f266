import { Link as RouterLink } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { formatNumber, formatVnd, ORDER_STATUS, orderStatusLabel } from '@lucky/shared';
import { LoadError } from '../../../components/admin/load-states';
import { PageHeading } from '../../../components/admin/page-heading';
import { StatCard, StatGrid } from '../../../components/admin/stat-card';
import { useDashboard } from '../api';

/** /admin: today's numbers, and the orders that may miss the 16:00 promise. */
export function DashboardPage() {
  const { data, isPending, isError, refetch } = useDashboard();

  if (isPending) {
    return (
      <Box aria-busy="true">
        <PageHeading title="Tổng quan hôm nay" />
        <StatGrid>
          {Array.from({ length: 8 }, (_, index) => (
            <Skeleton key={index} variant="rounded" height={96} />
          ))}
        </StatGrid>
      </Box>
    );
  }
  if (isError) {
    return (
      <>
        <PageHeading title="Tổng quan hôm nay" />
        <LoadError onRetry={() => void refetch()}>
          Không tải được số liệu.
        </LoadError>
      </>
    );
  }

  const today = data.orders_today;
  const byStatus = [
    { status: ORDER_STATUS.PENDING, count: today.pending },
    { status: ORDER_STATUS.PROCESSING, count: today.processing },
    { status: ORDER_STATUS.COMPLETED, count: today.completed },
    { status: ORDER_STATUS.REJECTED, count: today.rejected },
  ];

  return (
    <>
      <PageHeading title="Tổng quan hôm nay">
        <Typography color="text.secondary">Ngày {data.date.split('-').reverse().join('/')} (giờ Việt Nam)</Typography>
      </PageHeading>

      {data.at_risk > 0 ? (
        <Alert
          severity="warning"
          sx={{ mb: 3 }}
          action={
            <Button component={RouterLink} to="/admin/orders?risk=1" color="inherit" size="small">
              Xem các đơn này
            </Button>
          }
        >
          {formatNumber(data.at_risk)} đơn sắp trễ hoặc đã trễ hạn 16:00 — cần xử lý ngay.
        </Alert>
      ) : (
        <Alert severity="success" sx={{ mb: 3 }}>
          Không có đơn nào sắp trễ hạn 16:00.
        </Alert>
      )}
      {data.refunds_due > 0 && (
        <Alert severity="info" sx={{ mb: 3 }}>
          {formatNumber(data.refunds_due)} đơn chuyển khoản bị từ chối đang chờ hoàn tiền.
        </Alert>
      )}

      <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
        Đơn hàng hôm nay: {formatNumber(today.total)}
      </Typography>
      <StatGrid spaced>
        {byStatus.map(({ status, count }) => (
          <StatCard key={status} label={orderStatusLabel(status)} value={formatNumber(count)}>
            <Button component={RouterLink} to={`/admin/orders?status=${status}`} size="small" sx={{ mt: 1, px: 0 }}>
              Xem đơn {orderStatusLabel(status).toLowerCase()}
            </Button>
          </StatCard>
        ))}
      </StatGrid>

      <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
        Tiền và coin hôm nay
      </Typography>
      <StatGrid>
        <StatCard label="Doanh thu (đơn chuyển khoản đã hoàn thành)" value={formatVnd(data.revenue_vnd)} />
        <StatCard label="Coin đã phát" value={formatNumber(data.coins_issued)} />
        <StatCard label="Coin đã tiêu" value={formatNumber(data.coins_spent)} />
        <StatCard label="Đơn sắp trễ / đã trễ hạn" value={formatNumber(data.at_risk)} />
      </StatGrid>
    </>
  );
}
