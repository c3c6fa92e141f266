import type { SyntheticEvent } from 'react';
import type { StoreItem } from '@lucky/shared/guards';
import { formatNumber, formatVnd } from '@lucky/shared/money';
import { TEXTS } from '@lucky/shared/texts';
import { Icon, PlainCoinIcon } from '../../../components/frame/icons';
import { VisuallyHidden } from '../../../components/ui/visually-hidden';
import { fileUrl } from '../../../lib/file-url';
import fallbackPicture from '../assets/item-fallback.svg';
import { firstScreenPriority } from './first-screen';

/** A picture that failed to load is swapped for the fallback, once. */
export function showFallback(event: SyntheticEvent<HTMLImageElement>) {
  const image = event.currentTarget;
  if (image.dataset.fallback) return;
  image.dataset.fallback = 'true';
  image.src = fallbackPicture;
}

export interface StoreItemCardProps {
  item: StoreItem;
  onAdd: (item: StoreItem) => void;
  /**
   * On the first screen: the picture loads at once rather than lazily, at low priority; 'first' at high
   * priority, as the largest picture a phone shows first (the API preloads it with the page,
   * apps/api/src/web/page-data.ts; first-screen.ts).
   */
  onFirstScreen?: 'first' | boolean;
}

/**
 * docs/product.md §2: name, description, picture, coin price, 'Or', VND price and the struck-through list price.
 * On phones a compact card, two per row, its add button at least 44 × 44 px (app/shop.css). Plain elements (app/shop.css): the item cards are the platform page's first screen (docs/decisions/0015).
 */
export function StoreItemCard({ item, onAdd, onFirstScreen = false }: StoreItemCardProps) {
  const name = item.name || TEXTS.itemNameFallback;
  return (
    <article className="ls-card ls-item-card">
      <img
        src={item.picture ? fileUrl(item.picture) : fallbackPicture}
        onError={showFallback}
        alt=""
        width={320}
        height={200}
        loading={onFirstScreen ? 'eager' : 'lazy'}
        fetchPriority={firstScreenPriority(onFirstScreen)}
        className="ls-item-picture"
      />
      <div className="ls-item-content">
        <h3 className="ls-subtitle1 ls-item-name">{name}</h3>
        {item.description && <p className="ls-body2 ls-item-description">{item.description}</p>}
        <div className="ls-item-prices">
          <p className="ls-body1 ls-item-coin">
            <PlainCoinIcon />
            {formatNumber(item.coin)} coin
          </p>
          <p className="ls-body2">{TEXTS.or}</p>
          <div className="ls-item-vnd">
            <span className="ls-body1 ls-strong ls-primary-text">{formatVnd(item.price)}</span>
            {item.raw_price > item.price && (
              <s className="ls-body2">
                <VisuallyHidden>Giá gốc </VisuallyHidden>
                {formatVnd(item.raw_price)}
              </s>
            )}
          </div>
        </div>
      </div>
      <div className="ls-item-actions">
        <button
          type="button"
          className="ls-button ls-button-contained ls-full-width ls-item-add"
          // The visible words first, so speech input can say what it sees.
          aria-label={`Thêm vào giỏ: ${name}`}
          onClick={() => onAdd(item)}
        >
          <span className="ls-start-icon">
            <Icon name="addShoppingCart" />
          </span>
          Thêm vào giỏ
        </button>
      </div>
    </article>
  );
}
