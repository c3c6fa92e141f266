import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import type { Platform } from '@lucky/shared/schemas';
import { TEXTS } from '@lucky/shared/texts';
import { fileUrl } from '../../../lib/file-url';
import fallbackPicture from '../assets/item-fallback.svg';

const SIZE = 300;

/** A game on the home grid (spec §2): its picture (named by the game) and the bottom label 'Login' or 'UID'. */
export function PlatformCard({ platform, onChoose }: { platform: Platform; onChoose: (platform: Platform) => void }) {
  const label = TEXTS.cardLabel(platform.shop_config.need_login);
  return (
    <Card variant="outlined" sx={{ height: '100%', borderRadius: 2 }}>
      <CardActionArea
        component={RouterLink}
        to={`/item/${platform.id}`}
        onClick={() => onChoose(platform)}
        sx={{ height: '100%', display: 'flex', flexDirection: 'column', alignItems: 'stretch' }}
      >
        <Box
          component="img"
          src={platform.picture ? fileUrl(platform.picture) : fallbackPicture}
          alt={platform.name}
          width={SIZE}
          height={SIZE}
          loading="lazy"
          sx={{ display: 'block', width: '100%', height: 'auto', aspectRatio: '1', objectFit: 'cover', bgcolor: 'action.hover' }}
        />
        <Box
          sx={{
            py: 0.75,
            textAlign: 'center',
            fontWeight: 700,
            letterSpacing: '0.04em',
            // Fixed colours with enough contrast for the small label in light and dark mode alike.
            bgcolor: platform.shop_config.need_login ? '#5b3cc4' : '#8a5a00',
            color: '#ffffff',
          }}
        >
          {label}
        </Box>
      </CardActionArea>
    </Card>
  );
}
