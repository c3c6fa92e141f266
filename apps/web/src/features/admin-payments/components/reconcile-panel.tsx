import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { formatNumber, type BankFeedStatus, type BankProvider, type ReconcileResult } from '@lucky/shared';
import { formatAdminTime } from '../../../lib/admin-format';
import { useBankFeeds, useReconcileNow } from '../api';

const FEED_NAMES: Record<BankProvider, string> = { sepay: 'SePay', casso: 'Casso' };

function everyText(seconds: number): string {
  if (seconds === 0) return 'Chỉ lấy danh sách giao dịch khi bấm “Đối soát ngay”.';
  const every = seconds % 60 === 0 ? `${formatNumber(seconds / 60)} phút` : `${formatNumber(seconds)} giây`;
  return `Tự động lấy danh sách giao dịch mỗi ${every} để ghi nhận những giao dịch webhook bỏ lỡ.`;
}

/** One feed's state in a line; a feed whose pulls fail is a warning staff should not miss. */
function FeedState({ feed }: { feed: BankFeedStatus }) {
  const name = FEED_NAMES[feed.provider];
  if (feed.failing_since) {
    return (
      <Alert severity="error" variant="outlined">
        Không lấy được giao dịch từ {name} từ {formatAdminTime(feed.failing_since)}: {feed.last_error || 'lỗi không rõ'}.
        Shop vẫn tự thử lại; giao dịch webhook bỏ lỡ chưa được ghi nhận cho đến khi đối soát được.
      </Alert>
    );
  }
  return (
    <Typography variant="body2">
      {name}:{' '}
      {feed.last_success_at ? `đối soát lần cuối lúc ${formatAdminTime(feed.last_success_at)}` : 'chưa đối soát lần nào'}
    </Typography>
  );
}

/** What one press found, provider by provider. */
function ResultLines({ result }: { result: ReconcileResult }) {
  const lines = (Object.keys(FEED_NAMES) as BankProvider[]).flatMap((provider) => {
    const feed = result[provider];
    if (!feed) return [];
    const name = FEED_NAMES[provider];
    const text = feed.error
      ? `${name}: ${feed.error}`
      : feed.new > 0
        ? `${name}: đã lấy ${formatNumber(feed.fetched)} giao dịch, ghi nhận ${formatNumber(feed.new)} giao dịch mới`
        : `${name}: đã lấy ${formatNumber(feed.fetched)} giao dịch, không có giao dịch mới`;
    return [{ provider, text, failed: Boolean(feed.error) }];
  });
  const failed = lines.some((line) => line.failed);
  return (
    <Alert severity={failed ? 'warning' : 'success'} role="status">
      {lines.map((line) => (
        <div key={line.provider}>{line.text}</div>
      ))}
    </Alert>
  );
}

/**
 * The bank feeds' pulls (SEPAY_API_TOKEN, CASSO_API_KEY): where each stands, and 'Đối soát ngay', which
 * pulls them at once and says what was new. Not shown when no feed is pulled.
 */
export function ReconcilePanel() {
  const feeds = useBankFeeds();
  const reconcile = useReconcileNow();
  if (!feeds.data || feeds.data.feeds.length === 0) return null;

  return (
    <Box component="section" aria-labelledby="reconcile-title" sx={{ mb: 3 }}>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={2}
        sx={{ mb: 1, alignItems: { xs: 'flex-start', sm: 'center' }, justifyContent: 'space-between' }}
      >
        <Box>
          <Typography id="reconcile-title" variant="h6" component="h2">
            Đối soát với ngân hàng
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {everyText(feeds.data.interval_seconds)}
          </Typography>
        </Box>
        <Button variant="contained" onClick={() => reconcile.mutate()} loading={reconcile.isPending}>
          Đối soát ngay
        </Button>
      </Stack>
      <Stack spacing={1}>
        {feeds.data.feeds.map((feed) => (
          <FeedState key={feed.provider} feed={feed} />
        ))}
        {reconcile.data && <ResultLines result={reconcile.data} />}
      </Stack>
    </Box>
  );
}
