import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { orderStatusLabel, type AdminOrderDetail } from '@lucky/shared';
import { formatAdminTime } from '../../../lib/admin-format';

type Entry = AdminOrderDetail['history'][number];

const REASONS: Record<string, string> = {
  late: 'Quá hạn xử lý: hoàn tiền và bồi thường coin tự động',
  unpaid_expired: 'Quá hạn thanh toán',
};

function describe(entry: Entry): string {
  switch (entry.action) {
    case 'order.status':
      return `${entry.from_status === null ? '—' : orderStatusLabel(entry.from_status)} → ${
        entry.to_status === null ? '—' : orderStatusLabel(entry.to_status)
      }`;
    case 'order.refund_due':
      return 'Cần hoàn tiền cho khách';
    case 'order.refund_done':
      return 'Đã hoàn tiền cho khách';
    case 'order.create':
      return 'Khách đặt hàng';
    default:
      return entry.action;
  }
}

/** Every move of the order: when, who (or the system), what and why. */
export function OrderHistory({ history }: { history: readonly Entry[] }) {
  if (history.length === 0) {
    return <Typography color="text.secondary">Chưa có thay đổi nào.</Typography>;
  }
  return (
    <Box component="ol" sx={{ listStyle: 'none', p: 0, m: 0 }}>
      {history.map((entry, index) => (
        <Box
          component="li"
          key={`${entry.created_at}-${index}`}
          sx={{ py: 1, borderBottom: index < history.length - 1 ? 1 : 0, borderColor: 'divider' }}
        >
          <Typography variant="body2" sx={{ fontWeight: 600 }}>
            {describe(entry)}
          </Typography>
          <Typography variant="caption" color="text.secondary" component="p">
            {formatAdminTime(entry.created_at)} · {entry.actor_email ?? 'Hệ thống'}
          </Typography>
          {entry.reason && (
            <Typography variant="body2" component="p">
              Lý do: {REASONS[entry.reason] ?? entry.reason}
            </Typography>
          )}
        </Box>
      ))}
    </Box>
  );
}
