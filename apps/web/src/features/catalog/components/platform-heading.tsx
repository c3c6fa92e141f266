import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import AccessTimeIcon from '@mui/icons-material/AccessTime';
import { TEXTS, type Platform } from '@lucky/shared';
import { fileUrl } from '../../../lib/file-url';
import fallbackPicture from '../assets/item-fallback.svg';
import { showFallback } from './store-item-card';
import { StoreItemSkeletons } from './store-item-grid';

/** Spec §2: the platform's picture, name, '{platform} - nạp qua …' and the processing promise. */
export function PlatformHeading({ platform }: { platform: Platform }) {
  return (
    <Stack direction="row" spacing={2} sx={{ alignItems: 'center', mb: 3 }}>
      <Box
        component="img"
        src={platform.picture ? fileUrl(platform.picture) : fallbackPicture}
        onError={showFallback}
        alt={platform.name}
        width={96}
        height={96}
        sx={{
          width: { xs: 72, sm: 96 },
          height: { xs: 72, sm: 96 },
          objectFit: 'cover',
          borderRadius: 2,
          flexShrink: 0,
          bgcolor: 'action.hover',
        }}
      />
      <Box sx={{ minWidth: 0 }}>
        <Typography variant="overline" component="p" color="text.secondary" sx={{ lineHeight: 1.5 }}>
          {platform.name}
        </Typography>
        <Typography
          variant="h4"
          component="h1"
          sx={{ fontWeight: 700, fontSize: { xs: '1.4rem', sm: '2rem' }, overflowWrap: 'anywhere' }}
        >
          {TEXTS.platformHeader(platform.name, platform.shop_config.need_login)}
        </Typography>
        <Typography color="text.secondary" sx={{ display: 'flex', alignItems: 'center', gap: 0.5, mt: 0.5 }}>
          <AccessTimeIcon fontSize="small" aria-hidden />
          {TEXTS.processingTime}
        </Typography>
      </Box>
    </Stack>
  );
}

/** The platform page's outline while the platform list loads. */
export function PlatformSkeleton() {
  return (
    <Box aria-busy="true">
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', mb: 3 }}>
        <Skeleton variant="rounded" width={96} height={96} />
        <Box sx={{ flex: 1 }}>
          <Skeleton variant="text" width="30%" />
          <Skeleton variant="text" width="60%" sx={{ fontSize: '2rem' }} />
        </Box>
      </Stack>
      <StoreItemSkeletons />
    </Box>
  );
}
