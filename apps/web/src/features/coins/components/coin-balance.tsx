import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import { formatNumber } from '@lucky/shared/money';
import { CoinIcon } from '../../../components/ui/coin-icon';
import { VisuallyHidden } from '../../../components/ui/visually-hidden';
import { useSignedIn } from '../../../lib/session';
import { useCoinBalance } from '../api';

/** The header's coin balance (spec §2), shown when signed in. */
export function CoinBalance() {
  const signedIn = useSignedIn();
  const { balance, loading } = useCoinBalance();
  if (!signedIn) return null;
  return (
    <Box
      title="Số coin của bạn"
      sx={{
        display: 'inline-flex',
        alignItems: 'center',
        gap: 0.5,
        px: 1,
        py: 0.5,
        mr: { xs: 0.5, sm: 1 },
        borderRadius: 999,
        bgcolor: 'rgba(0, 0, 0, 0.18)',
        fontWeight: 700,
        fontVariantNumeric: 'tabular-nums',
      }}
    >
      <CoinIcon fontSize="small" aria-hidden />
      <VisuallyHidden>Số coin: </VisuallyHidden>
      {loading ? (
        <Skeleton width={40} sx={{ bgcolor: 'rgba(255,255,255,0.25)' }} />
      ) : (
        <span>{formatNumber(balance)}</span>
      )}
    </Box>
  );
}
