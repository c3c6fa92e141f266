import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import ChatIcon from '@mui/icons-material/Chat';
import FacebookIcon from '@mui/icons-material/Facebook';
import PublicIcon from '@mui/icons-material/Public';
import VerifiedUserIcon from '@mui/icons-material/VerifiedUser';

export interface SiteFooterProps {
  socialUrl: string;
  chatUrl: string;
}

/** Spec §1–2: the privacy promise, the 16:00 promise and the two support contacts. */
export function SiteFooter({ socialUrl, chatUrl }: SiteFooterProps) {
  const SocialIcon = /facebook\.com|fb\.com/i.test(socialUrl) ? FacebookIcon : PublicIcon;
  return (
    <Box component="footer" sx={{ mt: 6, borderTop: 1, borderColor: 'divider', bgcolor: 'background.paper' }}>
      <Container maxWidth="lg" sx={{ py: 3, pb: { xs: 11, sm: 4 } }}>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ justifyContent: 'space-between' }}>
          <Stack spacing={1} sx={{ maxWidth: 720 }}>
            <Typography variant="body2" sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}>
              <VerifiedUserIcon fontSize="small" color="success" aria-hidden />
              Thông tin của khách hàng được bảo mật tuyệt đối.
            </Typography>
            <Typography variant="body2" color="text.secondary">
              Đơn nạp được hoàn thành trước 16:00 trong ngày. Nếu trễ quá 16:00, shop hoàn tiền 100% và đền bù bằng coin
              của shop.
            </Typography>
          </Stack>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }} component="nav" aria-label="Liên hệ shop">
            <IconButton
              component="a"
              href={socialUrl}
              target="_blank"
              rel="noopener noreferrer"
              aria-label="Trang mạng xã hội của shop (mở trong thẻ mới)"
              color="primary"
            >
              <SocialIcon />
            </IconButton>
            <IconButton
              component="a"
              href={chatUrl}
              target="_blank"
              rel="noopener noreferrer"
              aria-label="Nhắn tin cho shop qua ứng dụng chat (mở trong thẻ mới)"
              color="primary"
            >
              <ChatIcon />
            </IconButton>
          </Stack>
        </Stack>
        <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 2 }}>
          © {new Date().getFullYear()} Lucky Shop
        </Typography>
      </Container>
    </Box>
  );
}
