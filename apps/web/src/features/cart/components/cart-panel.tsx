import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import RemoveIcon from '@mui/icons-material/Remove';
import { computeTotals, formatNumber, formatVnd, MAX_LINE_QUANTITY, TEXTS, type PayMethod } from '@lucky/shared';
import { CoinIcon } from '../../../components/ui/coin-icon';
import { pricedLines, type CartAction, type CartLine } from '../cart';

export interface CartPanelProps {
  lines: readonly CartLine[];
  payMethod: PayMethod;
  dispatch: (action: CartAction) => void;
}

const itemName = (line: CartLine) => line.item.name || TEXTS.itemNameFallback;

/** Spec §2: the cart's lines with plus and minus, the gift-coin line, the totals and clear-all. */
export function CartPanel({ lines, payMethod, dispatch }: CartPanelProps) {
  const totals = computeTotals(pricedLines(lines), payMethod);
  return (
    <Box component="section" aria-labelledby="cart-heading">
      <Typography id="cart-heading" variant="h6" component="h2" sx={{ fontWeight: 700, mb: 1 }}>
        Giỏ hàng
      </Typography>
      {lines.length === 0 ? (
        <Typography color="text.secondary" sx={{ py: 1 }}>
          Giỏ hàng đang trống. Hãy chọn sản phẩm bên dưới.
        </Typography>
      ) : (
        <Stack component="ul" aria-labelledby="cart-heading" divider={<Divider component="li" aria-hidden />} spacing={1} sx={{ p: 0, m: 0, listStyle: 'none' }}>
          {lines.map((line) => (
            <Box
              component="li"
              key={line.item.id}
              sx={{ display: 'flex', alignItems: 'center', gap: 1 }}
            >
              <Box sx={{ flex: 1, minWidth: 0 }}>
                <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{itemName(line)}</Typography>
                <Typography variant="body2" color="text.secondary">
                  {formatVnd(line.item.price * line.quantity)} · {formatNumber(line.item.coin * line.quantity)} coin
                </Typography>
              </Box>
              <IconButton
                size="small"
                aria-label={`Giảm số lượng ${itemName(line)}`}
                onClick={() => dispatch({ type: 'decrement', itemId: line.item.id })}
              >
                <RemoveIcon fontSize="small" />
              </IconButton>
              <Typography
                sx={{ minWidth: 24, textAlign: 'center', fontVariantNumeric: 'tabular-nums' }}
              >
                {line.quantity}
              </Typography>
              <IconButton
                size="small"
                aria-label={`Tăng số lượng ${itemName(line)}`}
                disabled={line.quantity >= MAX_LINE_QUANTITY}
                onClick={() => dispatch({ type: 'increment', itemId: line.item.id })}
              >
                <AddIcon fontSize="small" />
              </IconButton>
            </Box>
          ))}
        </Stack>
      )}

      <Divider sx={{ my: 1.5 }} />
      <Box component="dl" sx={{ m: 0, display: 'grid', gridTemplateColumns: '1fr auto', rowGap: 0.5, columnGap: 2 }}>
        <Typography component="dt" color="text.secondary">
          Coin tặng
        </Typography>
        <Typography component="dd" sx={{ m: 0, display: 'inline-flex', alignItems: 'center', gap: 0.5, justifySelf: 'end' }}>
          <CoinIcon fontSize="inherit" aria-hidden />+{formatNumber(totals.giftCoin)}
        </Typography>
        <Typography component="dt" color="text.secondary">
          Tổng coin
        </Typography>
        <Typography component="dd" sx={{ m: 0, justifySelf: 'end', fontWeight: 600 }}>
          {formatNumber(totals.coin)} coin
        </Typography>
        <Typography component="dt" color="text.secondary">
          Tổng tiền
        </Typography>
        <Typography component="dd" sx={{ m: 0, justifySelf: 'end', fontWeight: 700, color: 'primary.main' }}>
          {formatVnd(totals.priceVnd)}
        </Typography>
      </Box>
      <Button
        color="error"
        size="small"
        sx={{ mt: 1, textTransform: 'none' }}
        disabled={lines.length === 0}
        onClick={() => dispatch({ type: 'clear' })}
      >
        {TEXTS.clearCart}
      </Button>
    </Box>
  );
}
