import { isRouteErrorResponse, useRouteError } from 'react-router';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { reloadPage } from '../lib/reload-page';
import { NotFoundPage } from './not-found-page';

/** A page's chunk failed to load (often a new release replaced it) or the page crashed while rendering. */
export function RouteError() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />;
  const chunkMissing = error instanceof TypeError && /dynamically imported module|import/i.test(error.message);
  return (
    <Stack role="alert" spacing={2} sx={{ alignItems: 'flex-start', py: 6 }}>
      <Typography variant="h4" component="h1" sx={{ fontWeight: 700 }}>
        {chunkMissing ? 'Không tải được trang' : 'Đã có lỗi xảy ra'}
      </Typography>
      <Typography color="text.secondary">
        {chunkMissing
          ? 'Có thể shop vừa cập nhật phiên bản mới. Vui lòng tải lại trang.'
          : 'Xin lỗi, trang này gặp sự cố. Vui lòng tải lại trang hoặc quay lại sau.'}
      </Typography>
      <Button variant="contained" onClick={reloadPage}>
        Tải lại trang
      </Button>
    </Stack>
  );
}
