import Box from '@mui/material/Box';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import AccountBalanceIcon from '@mui/icons-material/AccountBalance';
import { formatNumber, PAY_METHOD, PAY_METHOD_LABELS, type PayMethod } from '@lucky/shared';
import { CoinIcon } from '../../../components/ui/coin-icon';

export interface PayMethodToggleProps {
  value: PayMethod;
  onChange: (value: PayMethod) => void;
  /** Spec §2, §9: coins are offered only when the displayed balance is zero or more. */
  coinsOffered: boolean;
  balance: number;
}

/** The two payment toggles: bank transfer (the default) and Lucky coins. */
export function PayMethodToggle({ value, onChange, coinsOffered, balance }: PayMethodToggleProps) {
  return (
    <Box>
      <Typography id="pay-method-label" variant="subtitle1" component="h3" sx={{ fontWeight: 700, mb: 1 }}>
        Phương thức thanh toán
      </Typography>
      <ToggleButtonGroup
        value={value}
        exclusive
        fullWidth
        orientation="vertical"
        color="primary"
        aria-labelledby="pay-method-label"
        onChange={(_event, next: PayMethod | null) => {
          // Exclusive toggles emit null when the chosen one is pressed again: keep a method chosen.
          if (next !== null) onChange(next);
        }}
      >
        <ToggleButton value={PAY_METHOD.BANK} sx={{ gap: 1 }}>
          <AccountBalanceIcon fontSize="small" aria-hidden />
          {PAY_METHOD_LABELS[PAY_METHOD.BANK]}
        </ToggleButton>
        {coinsOffered && (
          <ToggleButton value={PAY_METHOD.COIN} sx={{ gap: 1 }}>
            <CoinIcon fontSize="small" aria-hidden />
            {PAY_METHOD_LABELS[PAY_METHOD.COIN]}
          </ToggleButton>
        )}
      </ToggleButtonGroup>
      {coinsOffered && (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
          Số coin hiện có: {formatNumber(balance)}
        </Typography>
      )}
    </Box>
  );
}
