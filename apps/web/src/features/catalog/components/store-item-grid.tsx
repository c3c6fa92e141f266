import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import type { StoreItem } from '@lucky/shared';
import { StoreItemCard } from './store-item-card';

/** Spec §9: items in 3 columns (2 on small screens, 1 on phones). */
const ITEM_CELL = { xs: 12, sm: 6, md: 4 } as const;

export function StoreItemSkeletons() {
  return (
    <Grid container spacing={2} aria-busy="true">
      {Array.from({ length: 6 }, (_, index) => (
        <Grid key={index} size={ITEM_CELL}>
          <Skeleton variant="rounded" sx={{ width: '100%', height: 'auto', aspectRatio: '320 / 200' }} />
          <Skeleton variant="text" width="70%" />
          <Skeleton variant="text" width="40%" />
        </Grid>
      ))}
    </Grid>
  );
}

export interface StoreItemGridProps {
  /** The items on sale; undefined while loading or after a failed load. */
  items: readonly StoreItem[] | undefined;
  loading: boolean;
  failed: boolean;
  onRetry: () => void;
  onAdd: (item: StoreItem) => void;
}

/** A platform's items ('Sản phẩm'), with their loading, failed and empty states. */
export function StoreItemGrid({ items, loading, failed, onRetry, onAdd }: StoreItemGridProps) {
  return (
    <>
      <Typography variant="h6" component="h2" sx={{ fontWeight: 700, mb: 2 }}>
        Sản phẩm
      </Typography>
      {loading ? (
        <StoreItemSkeletons />
      ) : failed ? (
        <Box sx={{ py: 3 }}>
          <Typography sx={{ mb: 2 }}>Không tải được danh sách sản phẩm.</Typography>
          <Button variant="outlined" onClick={onRetry}>
            Thử lại
          </Button>
        </Box>
      ) : !items?.length ? (
        <Typography role="status" color="text.secondary" sx={{ py: 3 }}>
          Trò chơi này hiện chưa có sản phẩm nào.
        </Typography>
      ) : (
        <Grid container spacing={2}>
          {items.map((item) => (
            <Grid key={item.id} size={ITEM_CELL}>
              <StoreItemCard item={item} onAdd={onAdd} />
            </Grid>
          ))}
        </Grid>
      )}
    </>
  );
}
