import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { formatNumber, formatVnd } from '@lucky/shared';
import { LoadError } from '../../../components/admin/load-states';
import { StatCard, StatGrid } from '../../../components/admin/stat-card';
import { useTransferTotals } from '../api';

interface FigureProps {
  label: string;
  amountVnd: number;
  count: number;
  /** What is counted: transfers, or (refunds due) transfers and orders alike. */
  unit?: string;
  action?: ReactNode;
}

function Figure({ label, amountVnd, count, unit = 'giao dịch', action }: FigureProps) {
  return (
    <StatCard label={label} value={formatVnd(amountVnd)} headingComponent="h3" valueVariant="h6">
      <Typography variant="body2" color="text.secondary">
        {formatNumber(count)} {unit}
      </Typography>
      {action}
    </StatCard>
  );
}

/** Today's money in, for reconciling with the bank statement. */
export function TransferTotals() {
  const totals = useTransferTotals();

  return (
    <Box component="section" aria-labelledby="transfer-totals-title">
      <Typography id="transfer-totals-title" variant="h6" component="h2" sx={{ mb: 1 }}>
        Đối soát hôm nay
        {totals.data && (
          <Typography component="span" color="text.secondary" sx={{ ml: 1 }}>
            (ngày {totals.data.date.split('-').reverse().join('/')}, giờ Việt Nam)
          </Typography>
        )}
      </Typography>
      {totals.isPending ? (
        <StatGrid spaced aria-busy="true" aria-label="Đang tải số liệu đối soát">
          {Array.from({ length: 4 }, (_, index) => (
            <Skeleton key={index} variant="rounded" height={104} />
          ))}
        </StatGrid>
      ) : totals.isError ? (
        <Box sx={{ mb: 3 }}>
          <LoadError onRetry={() => void totals.refetch()}>Không tải được số liệu đối soát.</LoadError>
        </Box>
      ) : (
        <StatGrid spaced>
          <Figure label="Đã nhận" amountVnd={totals.data.received_vnd} count={totals.data.received_count} />
          <Figure label="Đã khớp đơn" amountVnd={totals.data.matched_vnd} count={totals.data.matched_count} />
          <Figure
            label="Chưa khớp"
            amountVnd={totals.data.unmatched_vnd}
            count={totals.data.unmatched_count}
            action={
              <Button component={RouterLink} to="/admin/transfers?status=unmatched" size="small" sx={{ mt: 1, px: 0 }}>
                Xem giao dịch chưa khớp
              </Button>
            }
          />
          <Figure
            label="Cần hoàn tiền (mọi ngày)"
            amountVnd={totals.data.refunds_due_vnd}
            count={totals.data.refunds_due_count}
            unit="khoản"
          />
        </StatGrid>
      )}
    </Box>
  );
}
