import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { isFinalStatus, type AdminOrderDetail } from '@lucky/shared';
import { useRevealPassword } from '../api';

/**
 * The game password stays masked until the admin asks: 'Hiện mật khẩu' calls the audited reveal once,
 * and the answer stays in this component (shown across refetches after moves) until the admin leaves
 * the page; 'Ẩn mật khẩu' masks it again and showing it again makes no new call.
 */
export function GamePassword({ order }: { order: AdminOrderDetail }) {
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
