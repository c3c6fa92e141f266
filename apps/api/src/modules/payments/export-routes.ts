/**
 * The accountant's files (owners): orders, transfers and the coin ledger of a day or a range of shop days, as
 * CSV — UTF-8 with a BOM so Excel reads Vietnamese right, Vietnamese headers, money as whole numbers, shop time.
 * Streamed: rows are read a page at a time and written as they come, so a year of orders never sits in memory.
 */
import { Readable } from 'node:stream';
import { stringify } from 'csv-stringify';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  API_MESSAGES,
  TRANSFER_REASON_LABELS,
  TRANSFER_SOURCE_LABELS,
  TRANSFER_STATUS_LABELS,
  coinReasonLabel,
  errorBody,
  formatBankTime,
  orderStatusLabel,
  payMethodLabel,
  shopDayOf,
  type TransferReason,
} from '@lucky/shared';
import type { AppContext } from '../../context.js';
import { badRequest } from '../../lib/app-error.js';
import { requireOwner } from '../../plugins/auth.js';
import { ledgerBetween } from '../coins/service.js';
import { ordersPlacedBetween } from '../orders/service.js';
import { transfersBetween } from './service.js';

/** The longest range one file covers. */
const MAX_EXPORT_DAYS = 366;

const time = (value: Date | string | null) => (value === null ? '' : formatBankTime(new Date(value)));

type Column<T> = [header: string, value: (row: T) => string | number];
/** The row type a paged reader yields. */
type RowOf<F> = F extends (...args: never[]) => AsyncGenerator<infer R> ? R : never;

const ORDER_COLUMNS: Column<RowOf<typeof ordersPlacedBetween>>[] = [
  ['Mã đơn', (o) => o.code],
  ['Trạng thái', (o) => orderStatusLabel(o.status)],
  ['Hình thức thanh toán', (o) => payMethodLabel(o.payMethod)],
  ['Trò chơi', (o) => o.platformName],
  ['Email khách', (o) => o.customerEmail],
  ['Tổng tiền (VND)', (o) => o.totalPriceVnd],
  ['Tổng coin', (o) => o.totalCoin],
  ['Coin tặng', (o) => o.totalGiftCoin],
  ['Đã nhận (VND)', (o) => o.receivedVnd],
  ['Tiền thừa (VND)', (o) => o.excessVnd],
  ['Chưa xác thực (VND)', (o) => o.unverifiedVnd],
  ['Hoàn tiền', (o) => (o.refundStatus === 'due' ? 'Cần hoàn' : o.refundStatus === 'done' ? 'Đã hoàn' : '')],
  ['Đặt lúc', (o) => time(o.createdAt)],
  ['Thanh toán lúc', (o) => time(o.paidAt)],
  ['Hạn hoàn thành', (o) => time(o.dueAt)],
  ['Kết thúc lúc', (o) => time(o.finishedAt)],
];

const TRANSFER_COLUMNS: Column<RowOf<typeof transfersBetween>>[] = [
  ['Mã giao dịch', (t) => t.provider_tx_id],
  ['Nguồn', (t) => (t.source ? TRANSFER_SOURCE_LABELS[t.source] : '')],
  ['Nhà cung cấp', (t) => t.provider],
  ['Chiều', (t) => (t.direction === 'in' ? 'Tiền vào' : 'Tiền ra')],
  ['Tài khoản', (t) => t.account_number],
  ['Số tiền (VND)', (t) => t.amount_vnd],
  ['Nội dung', (t) => t.content],
  ['Mã tham chiếu', (t) => t.reference],
  ['Giờ giao dịch', (t) => time(t.transaction_at)],
  ['Trạng thái', (t) => TRANSFER_STATUS_LABELS[t.status] ?? t.status],
  ['Lý do', (t) => TRANSFER_REASON_LABELS[t.reason as TransferReason] ?? t.reason],
  ['Mã đơn', (t) => t.order_code ?? ''],
  ['Tiền thừa (VND)', (t) => t.excess_vnd],
  ['Trùng với giao dịch', (t) => t.duplicate_of ?? ''],
];

const LEDGER_COLUMNS: Column<RowOf<typeof ledgerBetween>>[] = [
  ['Thời điểm', (l) => time(l.createdAt)],
  ['Email khách', (l) => l.customerEmail],
  ['Thay đổi (coin)', (l) => l.delta],
  ['Số dư sau (coin)', (l) => l.balanceAfter],
  ['Lý do', (l) => coinReasonLabel(l.reason)],
  ['Mã đơn', (l) => l.orderCode ?? ''],
  ['Người thực hiện', (l) => l.actorEmail ?? ''],
  ['Ghi chú', (l) => l.note ?? ''],
];

/** Rows through their columns into CSV, as a stream. */
function csvStream<T>(rows: AsyncIterable<T>, columns: Column<T>[]): Readable {
  const lines = async function* () {
    for await (const row of rows) yield columns.map(([, value]) => value(row));
  };
  return Readable.from(lines()).pipe(stringify({ bom: true, header: true, columns: columns.map(([header]) => header) }));
}

const exportQuery = z.object({
  from: z.string({ error: API_MESSAGES.exportRangeInvalid }),
  to: z.string({ error: API_MESSAGES.exportRangeInvalid }).optional(),
});

export function exportRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/payment/api/v1/admin/export/:file',
    {
      onRequest: requireOwner(ctx),
      schema: {
        tags: ['admin-payment'],
        summary: 'Tải tệp CSV cho kế toán: đơn hàng, giao dịch ngân hàng hoặc sổ coin (orders.csv, transfers.csv, ledger.csv)',
        description: 'from, to: YYYY-MM-DD theo giờ Việt Nam (to gồm cả ngày đó, mặc định bằng from; tối đa 366 ngày). UTF-8 có BOM.',
        security: [{ apiKey: [], accessToken: [] }],
        params: z.object({ file: z.enum(['orders.csv', 'transfers.csv', 'ledger.csv'], { error: API_MESSAGES.notFound }) }),
        querystring: exportQuery,
        response: { 200: z.any(), 400: errorBody, 401: errorBody, 403: errorBody },
      },
    },
    async (request, reply) => {
      const first = shopDayOf(request.query.from);
      const last = shopDayOf(request.query.to ?? request.query.from);
      const days = first && last ? (last.end.getTime() - first.start.getTime()) / 86_400_000 : 0;
      if (!first || !last || days < 1 || days > MAX_EXPORT_DAYS) {
        throw badRequest(API_MESSAGES.exportRangeInvalid, { from: API_MESSAGES.exportRangeInvalid });
      }
      const { file } = request.params;
      const stream =
        file === 'orders.csv'
          ? csvStream(ordersPlacedBetween(ctx.db, first.start, last.end), ORDER_COLUMNS)
          : file === 'transfers.csv'
            ? csvStream(transfersBetween(ctx.db, first.start, last.end), TRANSFER_COLUMNS)
            : csvStream(ledgerBetween(ctx.db, first.start, last.end), LEDGER_COLUMNS);
      const name = `${file.replace('.csv', '')}-${first.date}${last.date === first.date ? '' : `_${last.date}`}.csv`;
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${name}"`)
        .header('cache-control', 'no-store')
        .send(stream);
    },
  );
}
