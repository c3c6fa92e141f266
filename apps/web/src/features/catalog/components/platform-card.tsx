import { Link as RouterLink } from 'react-router';
import type { Platform } from '@lucky/shared/schemas';
import { TEXTS } from '@lucky/shared/texts';
import { fileUrl } from '../../../lib/file-url';
import fallbackPicture from '../assets/item-fallback.svg';

const SIZE = 300;

/** A game on the home grid (spec §2): its picture (named by the game) and the bottom label 'Login' or 'UID'. */
export function PlatformCard({ platform, onChoose }: { platform: Platform; onChoose: (platform: Platform) => void }) {
  const label = TEXTS.cardLabel(platform.shop_config.need_login);
  return (
    <div className="ls-card">
      <RouterLink to={`/item/${platform.id}`} onClick={() => onChoose(platform)} className="ls-card-action">
        <img
          src={platform.picture ? fileUrl(platform.picture) : fallbackPicture}
          alt={platform.name}
          width={SIZE}
          height={SIZE}
          loading="lazy"
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
