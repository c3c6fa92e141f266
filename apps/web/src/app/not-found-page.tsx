import { Link as RouterLink } from 'react-router';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { usePageTitle } from '../components/ui/use-page-title';

export function NotFoundPage() {
  usePageTitle('Không tìm thấy trang');
  return (
    <Stack spacing={2} sx={{ alignItems: 'flex-start', py: 6 }}>
      <Typography variant="h4" component="h1" sx={{ fontWeight: 700 }}>
        Không tìm thấy trang
      </Typography>
      <Typography color="text.secondary">Trang bạn tìm không tồn tại hoặc đã được chuyển đi nơi khác.</Typography>
      <Button component={RouterLink} to="/" variant="contained">
        Về trang chủ
      </Button>
    </Stack>
  );
}
