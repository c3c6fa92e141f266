import type { SyntheticEvent } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import AddShoppingCartIcon from '@mui/icons-material/AddShoppingCart';
import { formatNumber, formatVnd, TEXTS, type StoreItem } from '@lucky/shared';
import { CoinIcon } from '../../../components/ui/coin-icon';
import { VisuallyHidden } from '../../../components/ui/visually-hidden';
import { fileUrl } from '../../../lib/file-url';
import fallbackPicture from '../assets/item-fallback.svg';

/** A picture that failed to load is swapped for the fallback, once. */
export function showFallback(event: SyntheticEvent<HTMLImageElement>) {
  const image = event.currentTarget;
  if (image.dataset.fallback) return;
  image.dataset.fallback = 'true';
  image.src = fallbackPicture;
}

/** Spec §2: name, description, picture, coin price, 'Or', VND price and the struck-through list price. */
export function StoreItemCard({ item, onAdd }: { item: StoreItem; onAdd: (item: StoreItem) => void }) {
  const name = item.name || TEXTS.itemNameFallback;
  return (
    <Card variant="outlined" component="article" sx={{ height: '100%', display: 'flex', flexDirection: 'column', borderRadius: 2 }}>
      <Box
        component="img"
        src={item.picture ? fileUrl(item.picture) : fallbackPicture}
        onError={showFallback}
        alt=""
        width={320}
        height={200}
        loading="lazy"
        sx={{ display: 'block', width: '100%', height: 'auto', aspectRatio: '320 / 200', objectFit: 'cover', bgcolor: 'action.hover' }}
      />
      <CardContent sx={{ flexGrow: 1, display: 'flex', flexDirection: 'column', gap: 0.5 }}>
        <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 700, lineHeight: 1.3, overflowWrap: 'anywhere' }}>
          {name}
        </Typography>
        {item.description && (
          <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere', whiteSpace: 'pre-line' }}>
            {item.description}
          </Typography>
        )}
        <Box sx={{ mt: 'auto', pt: 1 }}>
          <Typography sx={{ display: 'flex', alignItems: 'center', gap: 0.5, fontWeight: 700 }}>
            <CoinIcon fontSize="small" aria-hidden />
            {formatNumber(item.coin)} coin
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {TEXTS.or}
          </Typography>
          <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'baseline', columnGap: 1 }}>
            <Typography component="span" sx={{ fontWeight: 700, color: 'primary.main' }}>
              {formatVnd(item.price)}
            </Typography>
            {item.raw_price > item.price && (
              <Typography component="s" variant="body2" color="text.secondary">
                <VisuallyHidden>Giá gốc </VisuallyHidden>
                {formatVnd(item.raw_price)}
              </Typography>
            )}
          </Box>
        </Box>
      </CardContent>
      <CardActions sx={{ px: 2, pb: 2, pt: 0 }}>
        <Button
          variant="contained"
          fullWidth
          startIcon={<AddShoppingCartIcon />}
          // The visible words first, so speech input can say what it sees.
          aria-label={`Thêm vào giỏ: ${name}`}
          onClick={() => onAdd(item)}
        >
          Thêm vào giỏ
        </Button>
      </CardActions>
    </Card>
  );
}
