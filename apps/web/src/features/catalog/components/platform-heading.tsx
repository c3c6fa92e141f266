import type { Platform } from '@lucky/shared/guards';
import { TEXTS } from '@lucky/shared/texts';
import { Icon, Skeleton } from '../../../components/frame/icons';
import { fileUrl } from '../../../lib/file-url';
import fallbackPicture from '../assets/item-fallback.svg';
import { showFallback } from './store-item-card';
import { StoreItemSkeletons } from './store-item-grid';

/**
 * docs/product.md §2: the platform's picture, name, '{platform} - nạp qua …' and the processing promise. Plain
 * elements (app/shop.css): it is on the page's first screen (docs/decisions/0015).
 */
export function PlatformHeading({ platform }: { platform: Platform }) {
  return (
    <div className="ls-platform-heading">
      <img
        src={platform.picture ? fileUrl(platform.picture) : fallbackPicture}
        onError={showFallback}
        alt={platform.name}
        width={96}
        height={96}
        className="ls-platform-picture"
      />
      <div className="ls-platform-titles">
        <p className="ls-overline">{platform.name}</p>
        <h1 className="ls-platform-title">{TEXTS.platformHeader(platform.name, platform.shop_config.need_login)}</h1>
        <p className="ls-body1 ls-processing">
          <Icon name="accessTime" small />
          {TEXTS.processingTime}
        </p>
      </div>
    </div>
  );
}

/** The platform page's outline while the platform list loads. */
export function PlatformSkeleton() {
  return (
    <div aria-busy="true">
      <div className="ls-platform-heading">
        <Skeleton variant="rounded" width={96} height={96} />
        <div style={{ flex: 1 }}>
          <Skeleton width="30%" />
          <Skeleton width="60%" style={{ fontSize: '2rem' }} />
        </div>
      </div>
      <StoreItemSkeletons />
    </div>
  );
}
