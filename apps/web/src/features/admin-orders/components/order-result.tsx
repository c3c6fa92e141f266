import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { TEXTS, type AdminOrderDetail } from '@lucky/shared';
import { fileUrl } from '../../../lib/file-url';

/** What the customer was told when the order ended: the reply and the result pictures. */
export function OrderResult({ order }: { order: Pick<AdminOrderDetail, 'result_comment' | 'result_picture'> }) {
  return (
    <>
      <Typography variant="subtitle2">{TEXTS.adminReply}</Typography>
      <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap', mb: 2 }}>
        {order.result_comment || '—'}
      </Typography>
      <Typography variant="subtitle2">{TEXTS.resultPictures}</Typography>
      {order.result_picture.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          Không có ảnh.
        </Typography>
      ) : (
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mt: 1 }}>
          {order.result_picture.map((picture, index) => (
            <a key={picture} href={fileUrl(picture)} target="_blank" rel="noopener noreferrer">
              <Box
                component="img"
                src={fileUrl(picture)}
                alt={`${TEXTS.resultPictures} ${index + 1}`}
                sx={{ width: 120, height: 120, objectFit: 'cover', borderRadius: 1, display: 'block' }}
              />
            </a>
          ))}
        </Box>
      )}
    </>
  );
}
