import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import type { Platform } from '@lucky/shared/schemas';
import { TEXTS } from '@lucky/shared/texts';
import { VisuallyHidden } from '../../../components/ui/visually-hidden';
import { usePageTitle } from '../../../components/ui/use-page-title';
import { usePlatforms } from '../api';
import { readSelectedPlatform, saveSelectedPlatform } from '../selected-platform';
import { HomeBanner } from './home-banner';
import { PlatformCard } from './platform-card';

/**
 * Phones 2 columns, tablets 3, desktop 4 (spec §9: the home grid has 4 columns). A CSS grid rather
 * than MUI's Grid: this page is in the first load, and the CSS costs no JavaScript.
 */
const gridSx = {
  display: 'grid',
  gap: 2,
  gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', sm: 'repeat(3, minmax(0, 1fr))', md: 'repeat(4, minmax(0, 1fr))' },
  p: 0,
  m: 0,
  listStyle: 'none',
} as const;

/** / (spec §2): the banner, 'Lựa chọn trò chơi' and the grid of active games. */
export function HomePage() {
  usePageTitle(TEXTS.chooseGame);
  const platforms = usePlatforms();
  const [selected, setSelected] = useState<Platform | null>(readSelectedPlatform);

  const choose = (platform: Platform) => {
    saveSelectedPlatform(platform);
    setSelected(platform);
  };

  return (
    <>
      <HomeBanner platform={selected} />
      <Typography variant="h4" component="h1" sx={{ fontWeight: 700, mb: 3, fontSize: { xs: '1.6rem', sm: '2.125rem' } }}>
        {TEXTS.chooseGame}
      </Typography>
      {platforms.isPending ? (
        <Box aria-busy="true" sx={gridSx}>
          <VisuallyHidden>Đang tải danh sách trò chơi…</VisuallyHidden>
          {Array.from({ length: 8 }, (_, index) => (
            <div key={index}>
              <Skeleton variant="rounded" sx={{ width: '100%', height: 'auto', aspectRatio: '1' }} />
              <Skeleton variant="text" />
            </div>
          ))}
        </Box>
      ) : platforms.isError ? (
        <Box role="status" sx={{ py: 4, textAlign: 'center' }}>
          <Typography sx={{ mb: 2 }}>Không tải được danh sách trò chơi.</Typography>
          <Button variant="outlined" onClick={() => void platforms.refetch()}>
            Thử lại
          </Button>
        </Box>
      ) : platforms.data.length === 0 ? (
        <Typography role="status" color="text.secondary" sx={{ py: 4, textAlign: 'center' }}>
          Hiện chưa có trò chơi nào đang mở bán. Vui lòng quay lại sau.
        </Typography>
      ) : (
        <Box component="ul" aria-label={TEXTS.chooseGame} sx={gridSx}>
          {platforms.data.map((platform) => (
            <li key={platform.id}>
              <PlatformCard platform={platform} onChoose={choose} />
            </li>
          ))}
        </Box>
      )}
    </>
  );
}
