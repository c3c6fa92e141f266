import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { formatVnd, type AdminTransfer } from '@lucky/shared';
import { formatAdminTime } from '../../../lib/admin-format';

/** Which transfer a dialog acts on: amount, memo and time, as on the bank statement. */
export function TransferSummary({ transfer }: { transfer: AdminTransfer }) {
  return (
    <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 2, rowGap: 0.5, m: 0, mb: 2 }}>
      <Typography component="dt" variant="body2" color="text.secondary">
        Số tiền
      </Typography>
      <Typography component="dd" variant="body2" sx={{ m: 0, fontWeight: 600 }}>
        {formatVnd(transfer.amount_vnd)}
      </Typography>
      <Typography component="dt" variant="body2" color="text.secondary">
        Nội dung
      </Typography>
      <Typography component="dd" variant="body2" sx={{ m: 0, wordBreak: 'break-word' }}>
        {transfer.content || '—'}
      </Typography>
      <Typography component="dt" variant="body2" color="text.secondary">
        Thời gian
      </Typography>
      <Typography component="dd" variant="body2" sx={{ m: 0 }}>
        {formatAdminTime(transfer.transaction_at)}
      </Typography>
    </Box>
  );
}
