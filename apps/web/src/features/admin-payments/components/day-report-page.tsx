import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import DownloadIcon from '@mui/icons-material/Download';
import {
  formatNumber,
  formatVnd,
  shopDate,
  shopDayOf,
  TRANSFER_STATUS_LABELS,
  type AdminDayReport,
  type TransferStatus,
} from '@lucky/shared';
import { LoadError } from '../../../components/admin/load-states';
import { PageHeading } from '../../../components/admin/page-heading';
import { StatCard, StatGrid } from '../../../components/admin/stat-card';
import { useUrlFilters } from '../../../lib/use-url-filters';
import { useDayReport, useDownloadExport, type ExportFile } from '../api';

const DAY_MS = 86_400_000;

/** The shop day `offset` days from `day` ('YYYY-MM-DD'): noon of the day, moved, stays inside the wanted day. */
function dayAfter(day: string, offset: number): string {
  const start = shopDayOf(day)!.start;
  return shopDate(new Date(start.getTime() + DAY_MS / 2 + offset * DAY_MS));
}

const dayMonthYear = (day: string) => day.split('-').reverse().join('/');

function Block({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Box component="section" aria-labelledby={id} sx={{ mb: 3 }}>
      <Typography id={id} variant="h6" component="h2" sx={{ mb: 1 }}>
        {title}
      </Typography>
      {children}
    </Box>
  );
}

interface FigureProps {
  label: string;
  value: string;
  detail?: string;
  /** The transfers behind the figure: the list filtered by this status. */
  status?: TransferStatus;
}

function Figure({ label, value, detail, status }: FigureProps) {
  return (
    <StatCard label={label} value={value} headingComponent="h3" valueVariant="h6">
      {detail && (
        <Typography variant="body2" color="text.secondary">
          {detail}
        </Typography>
      )}
      {status && (
        <Button component={RouterLink} to={`/admin/transfers?status=${status}`} size="small" sx={{ mt: 1, px: 0 }}>
          Xem giao dịch &apos;{TRANSFER_STATUS_LABELS[status]}&apos;
        </Button>
      )}
    </StatCard>
  );
}

const count = (n: number, unit = 'giao dịch') => `${formatNumber(n)} ${unit}`;

/** The identity the books must keep: what the feeds saw come in is what was matched, attached, left open or unreadable. */
function Balance({ report }: { report: AdminDayReport }) {
  const parts = `đã khớp ${formatVnd(report.matched_vnd)} + đã gán ${formatVnd(report.attached_vnd)} + chưa khớp ${formatVnd(
    report.unmatched_vnd,
  )} + không đọc được ${formatVnd(report.invalid_vnd)}`;
  return report.balanced ? (
    <Alert severity="success" sx={{ mb: 3 }}>
      <AlertTitle>Sổ sách khớp</AlertTitle>
      Tiền vào ngân hàng báo {formatVnd(report.received_vnd)} = {parts}.
    </Alert>
  ) : (
    <Alert severity="error" sx={{ mb: 3 }}>
      <AlertTitle>Lệch {formatVnd(report.difference_vnd)}</AlertTitle>
      Tiền vào ngân hàng báo {formatVnd(report.received_vnd)} nhưng {parts}. Hãy kiểm tra các giao dịch của ngày này.
    </Alert>
  );
}

function Figures({ report }: { report: AdminDayReport }) {
  const { counts, orders, coins, by_provider: providers } = report;
  return (
    <>
      <Balance report={report} />

      <Block id="report-in" title="Tiền vào theo nguồn">
        <StatGrid>
          <Figure label="Tổng tiền vào" value={formatVnd(report.received_vnd)} detail="Mỗi giao dịch tính một lần" />
          <Figure label="SePay" value={formatVnd(providers.sepay.received_vnd)} detail={count(providers.sepay.count)} />
          <Figure label="Casso" value={formatVnd(providers.casso.received_vnd)} detail={count(providers.casso.count)} />
        </StatGrid>
      </Block>

      <Block id="report-transfers" title="Giao dịch trong ngày">
        <StatGrid>
          <Figure label="Đã khớp đơn" value={formatVnd(report.matched_vnd)} detail={count(counts.matched)} status="matched" />
          <Figure label="Đã gán vào đơn" value={formatVnd(report.attached_vnd)} detail={count(counts.attached)} status="attached" />
          <Figure label="Chưa khớp" value={formatVnd(report.unmatched_vnd)} detail={count(counts.unmatched)} status="unmatched" />
          <Figure label="Không đọc được" value={formatVnd(report.invalid_vnd)} detail={count(counts.invalid)} status="invalid" />
          <Figure
            label="Bỏ qua (tiền ra, tài khoản khác)"
            value={formatVnd(report.ignored_vnd)}
            detail={count(counts.ignored)}
            status="ignored"
          />
          <Figure
            label="Trùng giao dịch (không tính)"
            value={formatVnd(report.duplicate_vnd)}
            detail={count(counts.duplicate)}
            status="duplicate"
          />
        </StatGrid>
      </Block>

      <Block id="report-manual" title="Nhân viên nhập tay">
        <StatGrid>
          <Figure
            label="Chưa xác thực (ngoài phép cân đối)"
            value={formatVnd(report.manual_vnd)}
            detail={count(counts.manual, 'khoản')}
            status="manual"
          />
          <Figure label="Đã xác thực trong ngày" value={formatVnd(report.manual_verified_vnd)} status="verified" />
        </StatGrid>
      </Block>

      <Block id="report-refunds" title="Hoàn tiền">
        <StatGrid>
          <Figure label="Cần hoàn (mọi ngày)" value={formatVnd(report.refunds_owed_vnd)} />
          <Figure label="Đã hoàn trong ngày" value={formatVnd(report.refunds_sent_vnd)} />
        </StatGrid>
      </Block>

      <Block id="report-orders" title="Đơn chuyển khoản">
        <StatGrid>
          <Figure label="Đã thanh toán" value={count(orders.bank_paid, 'đơn')} />
          <Figure label="Hết hạn chưa thanh toán" value={count(orders.bank_expired, 'đơn')} />
          <Figure label="Đã hoàn tiền" value={count(orders.bank_refunded, 'đơn')} />
          <Figure label="Chưa xác thực" value={count(orders.unverified, 'đơn')} detail="Thanh toán chỉ theo xác nhận của nhân viên" />
        </StatGrid>
      </Block>

      <Block id="report-coins" title="Coin">
        <StatGrid>
          <Figure label="Đã tặng" value={count(coins.granted, 'coin')} />
          <Figure label="Đã tiêu" value={count(coins.spent, 'coin')} />
          <Figure label="Bồi thường trễ hạn" value={count(coins.compensated, 'coin')} />
          <Figure label="Điều chỉnh" value={count(coins.adjusted, 'coin')} />
        </StatGrid>
      </Block>
    </>
  );
}

const EXPORTS: ReadonlyArray<readonly [ExportFile, string]> = [
  ['orders', 'Tải đơn hàng (CSV)'],
  ['transfers', 'Tải giao dịch (CSV)'],
  ['ledger', 'Tải sổ coin (CSV)'],
];

/** The accountant's files of the chosen day. */
function Downloads({ day }: { day: string }) {
  const download = useDownloadExport();
  return (
    <Block id="report-files" title="Tệp cho kế toán">
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: 'flex-start' }}>
        {EXPORTS.map(([file, label]) => {
          const busy = download.isPending && download.variables.file === file;
          return (
            <Button
              key={file}
              variant="outlined"
              startIcon={<DownloadIcon />}
              disabled={download.isPending}
              aria-busy={busy}
              onClick={() => download.mutate({ file, day })}
            >
              {busy ? 'Đang tải…' : label}
            </Button>
          );
        })}
      </Stack>
      <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 1 }}>
        Tệp CSV (UTF-8) mở được bằng Excel, ngày {dayMonthYear(day)} theo giờ Việt Nam; số tiền là số nguyên (VNĐ).
      </Typography>
    </Block>
  );
}

/** /admin/report (owners): one shop day's books — does the bank's money agree with the orders and the refunds? */
export function DayReportPage() {
  const { params, update } = useUrlFilters();
  const today = shopDate(new Date());
  const asked = params.get('day') ?? '';
  const day = shopDayOf(asked) && asked <= today ? asked : today;
  const report = useDayReport(day);
  const go = (next: string) => update({ day: next === today ? undefined : next });

  return (
    <>
      <PageHeading title="Đối soát ngày">
        <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center' }}>
          <IconButton aria-label="Ngày trước" onClick={() => go(dayAfter(day, -1))}>
            <ChevronLeftIcon />
          </IconButton>
          <TextField
            type="date"
            label="Ngày"
            size="small"
            value={day}
            onChange={(event) => {
              if (shopDayOf(event.target.value)) go(event.target.value);
            }}
            slotProps={{ inputLabel: { shrink: true }, htmlInput: { max: today } }}
          />
          <IconButton aria-label="Ngày sau" onClick={() => go(dayAfter(day, 1))} disabled={day >= today}>
            <ChevronRightIcon />
          </IconButton>
        </Stack>
      </PageHeading>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        Ngày {dayMonthYear(day)} (giờ Việt Nam), giao dịch tính theo giờ của ngân hàng.
      </Typography>

      {report.isPending ? (
        <Box aria-busy="true" aria-label="Đang tải số liệu đối soát">
          <Skeleton variant="rounded" height={72} sx={{ mb: 3 }} />
          <StatGrid>
            {Array.from({ length: 8 }, (_, index) => (
              <Skeleton key={index} variant="rounded" height={104} />
            ))}
          </StatGrid>
        </Box>
      ) : report.isError ? (
        <LoadError onRetry={() => void report.refetch()}>Không tải được số liệu đối soát.</LoadError>
      ) : (
        <Box aria-busy={report.isPlaceholderData} sx={{ opacity: report.isPlaceholderData ? 0.6 : 1 }}>
          <Figures report={report.data} />
        </Box>
      )}
      <Downloads day={day} />
    </>
  );
}
