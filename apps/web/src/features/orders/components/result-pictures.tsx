import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { STOREFRONT_TEXTS } from '@lucky/shared';
import { fileUrl } from '../../../lib/file-url';

const THUMB = 200;

/** The admin's result pictures; each opens full size in a new tab. */
export function ResultPictures({ pictures }: { pictures: readonly string[] }) {
  if (pictures.length === 0) return <Typography color="text.secondary">{STOREFRONT_TEXTS.noResultPictures}</Typography>;
  return (
    <Box
      component="ul"
      sx={{
        p: 0,
        m: 0,
        listStyle: 'none',
        display: 'grid',
        gap: 1.5,
        // Spec §2: 6 columns (3 on phones).
        gridTemplateColumns: { xs: 'repeat(3, 1fr)', sm: 'repeat(4, 1fr)', md: 'repeat(6, 1fr)' },
      }}
    >
      {pictures.map((id, index) => (
        <li key={`${id}-${index}`}>
          <Box
            component="a"
            href={fileUrl(id)}
            target="_blank"
            rel="noopener noreferrer"
            aria-label={`Ảnh kết quả ${index + 1} (mở trong thẻ mới)`}
            sx={{ display: 'block', borderRadius: 1.5, overflow: 'hidden', border: 1, borderColor: 'divider' }}
          >
            <Box
              component="img"
              src={fileUrl(id)}
              alt=""
              width={THUMB}
              height={THUMB}
              loading="lazy"
              sx={{ display: 'block', width: '100%', height: 'auto', aspectRatio: '1', objectFit: 'cover', bgcolor: 'action.hover' }}
            />
          </Box>
        </li>
      ))}
    </Box>
  );
}
