import { useMemo, useState } from 'react';
import type { Platform } from '@lucky/shared/schemas';
import { TEXTS } from '@lucky/shared/texts';
import { Skeleton } from '../../../components/frame/icons';
import { VisuallyHidden } from '../../../components/ui/visually-hidden';
import { usePageTitle } from '../../../components/ui/use-page-title';
import { RetryMessage } from '../../../components/ui/retry-message';
import { useHydrated } from '../../../lib/hydration';
import { usePlatforms } from '../api';
import { readSelectedPlatform, saveSelectedPlatform } from '../selected-platform';
import { HomeBanner } from './home-banner';
import { PlatformCard } from './platform-card';

/**
 * Phones and tablets 3 columns, desktop 4 (docs/product.md §9: the home grid has 4 columns): `.ls-grid` in
 * app/frame.css. This page is in the first load: plain elements, no MUI (decision 0007).
 */

/** Cards a first screen may show: the first row on a desktop (4 columns), two rows on a phone (3 columns). */
const FIRST_SCREEN_CARDS = 6;

/** / (docs/product.md §2): the banner, 'Lựa chọn trò chơi' and the grid of active games. */
export function HomePage() {
  usePageTitle(TEXTS.chooseGame);
  const platforms = usePlatforms();
  // The game chosen on an earlier visit is in localStorage, which the server's HTML cannot know: the
  // banner shows the shop's own until the page is hydrated.
  const hydrated = useHydrated();
  const stored = useMemo(() => (hydrated ? readSelectedPlatform() : null), [hydrated]);
  const [chosen, setSelected] = useState<Platform | null>(null);
  const selected = chosen ?? stored;

  const choose = (platform: Platform) => {
    saveSelectedPlatform(platform);
    setSelected(platform);
  };

  return (
    <>
      <HomeBanner platform={selected} />
      <h1 className="ls-h1 ls-home-title">{TEXTS.chooseGame}</h1>
      {platforms.isPending ? (
        <div aria-busy="true" className="ls-grid">
          <VisuallyHidden>Đang tải danh sách trò chơi…</VisuallyHidden>
          {Array.from({ length: 8 }, (_, index) => (
            <div key={index}>
              <Skeleton variant="rounded" style={{ width: '100%', height: 'auto', aspectRatio: '1' }} />
              <Skeleton />
            </div>
          ))}
        </div>
      ) : platforms.isError ? (
        <RetryMessage role="status" className="ls-status" onRetry={() => void platforms.refetch()}>
          Không tải được danh sách trò chơi.
        </RetryMessage>
      ) : platforms.data.length === 0 ? (
        <p role="status" className="ls-body1 ls-status">
          Hiện chưa có trò chơi nào đang mở bán. Vui lòng quay lại sau.
        </p>
      ) : (
        <ul aria-label={TEXTS.chooseGame} className="ls-grid">
          {platforms.data.map((platform, index) => (
            <li key={platform.id}>
              <PlatformCard
                platform={platform}
                onChoose={choose}
                onFirstScreen={index === 0 ? 'first' : index < FIRST_SCREEN_CARDS}
              />
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
