import { Link as RouterLink } from 'react-router';
import type { Platform } from '@lucky/shared/schemas';
import { TEXTS } from '@lucky/shared/texts';
import { fileUrl } from '../../../lib/file-url';
import fallbackPicture from '../assets/item-fallback.svg';
import { firstScreenPriority } from './first-screen';

const SIZE = 300;

export interface PlatformCardProps {
  platform: Platform;
  onChoose: (platform: Platform) => void;
  /**
   * On the first screen: its picture loads at once rather than lazily, at low priority; 'first' at high
   * priority, as the largest picture a phone shows first (the API preloads it with the page,
   * apps/api/src/web/page-data.ts; first-screen.ts).
   */
  onFirstScreen?: 'first' | boolean;
}

/** A game on the home grid (docs/product.md §2): its picture (named by the game) and the bottom label 'Login' or 'UID'. */
export function PlatformCard({ platform, onChoose, onFirstScreen = false }: PlatformCardProps) {
  const label = TEXTS.cardLabel(platform.shop_config.need_login);
  return (
    <div className="ls-card">
      <RouterLink to={`/item/${platform.id}`} onClick={() => onChoose(platform)} className="ls-card-action">
        <img
          src={platform.picture ? fileUrl(platform.picture) : fallbackPicture}
          alt={platform.name}
          width={SIZE}
          height={SIZE}
          loading={onFirstScreen ? 'eager' : 'lazy'}
          fetchPriority={firstScreenPriority(onFirstScreen)}
          className="ls-card-picture"
        />
        {/* Fixed colours with enough contrast for the small label in light and dark mode alike. */}
        <div className={platform.shop_config.need_login ? 'ls-card-label ls-card-label-login' : 'ls-card-label'}>
          {label}
        </div>
      </RouterLink>
    </div>
  );
}
