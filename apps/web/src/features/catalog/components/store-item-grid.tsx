import { memo } from 'react';
import type { StoreItem } from '@lucky/shared/guards';
import { Skeleton } from '../../../components/frame/icons';
import { StoreItemCard } from './store-item-card';
import { RetryMessage } from '../../../components/ui/retry-message';

/**
 * Items the first screen may show: their pictures load at once (the first at high priority, the others low,
 * first-screen.ts), the rest lazily. The first row on a desktop (3 columns), two rows on a phone (2 columns).
 */
const FIRST_SCREEN_ITEMS = 4;

/** docs/product.md §9: items in 3 columns (2 on phones and tablets, compact on phones): `.ls-item-grid` in app/shop.css. */
export function StoreItemSkeletons() {
  return (
    <div className="ls-item-grid" aria-busy="true">
      {Array.from({ length: 6 }, (_, index) => (
        <div key={index}>
          <Skeleton variant="rounded" style={{ width: '100%', height: 'auto', aspectRatio: '320 / 200' }} />
          <Skeleton width="70%" />
          <Skeleton width="40%" />
        </div>
      ))}
    </div>
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

/**
 * A platform's items ('Sản phẩm'), with their loading, failed and empty states. Plain elements (app/shop.css).
 * Memoized (with stable handlers): the page renders again as its cart and the customer's coins change.
 */
export const StoreItemGrid = memo(function StoreItemGrid({
  items,
  loading,
  failed,
  onRetry,
  onAdd,
}: StoreItemGridProps) {
  return (
    <>
      <h2 className="ls-h6 ls-strong ls-section-title">Sản phẩm</h2>
      {loading ? (
        <StoreItemSkeletons />
      ) : failed ? (
        <RetryMessage className="ls-retry" onRetry={onRetry}>
          Không tải được danh sách sản phẩm.
        </RetryMessage>
      ) : !items?.length ? (
        <p role="status" className="ls-body1 ls-empty">
          Trò chơi này hiện chưa có sản phẩm nào.
        </p>
      ) : (
        <div className="ls-item-grid">
          {items.map((item, index) => (
            <div key={item.id}>
              <StoreItemCard
                item={item}
                onAdd={onAdd}
                onFirstScreen={index === 0 ? 'first' : index < FIRST_SCREEN_ITEMS}
              />
            </div>
          ))}
        </div>
      )}
    </>
  );
});
