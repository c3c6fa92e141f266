/**
 * The texts of staff alerts, in Vietnamese, one short line each. Plain text (Telegram gets no
 * parse_mode); free text a customer or a bank sender typed is folded to one line and shortened.
 * Built from the admin queue row, which holds no game password nor any other secret.
 */
import {
  PAY_METHOD,
  formatShopTimeShort,
  TRANSFER_REASON_LABELS,
  formatNumber,
  formatVnd,
  orderStatusLabel,
  type AdminOrderRow,
  type AdminTransfer,
  type BankFeedStatus,
  type TransferReason,
} from '@lucky/shared';

/** Longest piece of free text (customer name, transfer memo) an alert quotes. */
const FREE_TEXT_MAX = 80;

/** '2026-11-23T09:00:00Z' → '16:00 23/11': the shop clock's short form (packages/shared/src/shop-clock.ts). */
export const shopTime = (iso: string): string => formatShopTimeShort(iso);

/** One line, at most FREE_TEXT_MAX characters: typed text cannot stretch or break the message. */
export function oneLine(text: string, max = FREE_TEXT_MAX): string {
  const folded = text.replace(/[\s\p{Cc}]+/gu, ' ').trim();
  return folded.length > max ? `${folded.slice(0, max - 1)}…` : folded;
}

const itemCount = (order: AdminOrderRow) => order.stores.reduce((sum, line) => sum + line.quantity, 0);
const customer = (order: AdminOrderRow) => oneLine(order.customer_name || order.customer_email);
const amount = (order: AdminOrderRow) =>
  order.pay_method === PAY_METHOD.COIN ? `${formatNumber(order.total_coin)} coin` : formatVnd(order.total_price);

/** A coin order was placed: it waits for staff from now on. */
export function coinOrderPlacedText(order: AdminOrderRow): string {
  return (
    `🟡 Đơn coin mới ${order.code} — ${oneLine(order.platform_name)} — ${itemCount(order)} sản phẩm — ` +
    `${formatNumber(order.total_coin)} coin — khách ${customer(order)}, hạn ${shopTime(order.due_at)}`
  );
}

/** A bank order's money arrived (bank feed or staff confirmation): it waits for staff from now on. */
export function bankOrderPaidText(order: AdminOrderRow): string {
  return (
    `💰 Đã nhận tiền đơn ${order.code} ${formatVnd(order.total_price)} — ${oneLine(order.platform_name)} — ` +
    `${itemCount(order)} sản phẩm — khách ${customer(order)}, hạn ${shopTime(order.due_at)}`
  );
}

/** An order came within the at-risk window of its 16:00 promise. */
export function orderAtRiskText(order: AdminOrderRow): string {
  return (
    `⚠️ Đơn ${order.code} sắp trễ hạn ${shopTime(order.due_at)} — ${orderStatusLabel(order.status)} — ` +
    `${oneLine(order.platform_name)} — ${amount(order)} — khách ${customer(order)}`
  );
}

/** A transfer arrived that matched no order: staff attach it or send it back. */
export function unmatchedTransferText(transfer: AdminTransfer): string {
  const reason = TRANSFER_REASON_LABELS[transfer.reason as TransferReason] ?? transfer.reason;
  return (
    `❓ Giao dịch chưa khớp ${formatVnd(transfer.amount_vnd)} — nội dung "${oneLine(transfer.content)}" — ` +
    `lý do: ${reason || 'không rõ'} — lúc ${shopTime(transfer.transaction_at)}`
  );
}

/** A signed notification the shop could not read: money may have come in that nothing records yet. */
export function unreadableTransferText(transfer: AdminTransfer): string {
  const amount = transfer.amount_vnd > 0 ? ` ${formatVnd(transfer.amount_vnd)}` : '';
  return (
    `⚠️ Thông báo giao dịch${amount} từ ${transfer.provider === 'casso' ? 'Casso' : 'SePay'} không đọc được ` +
    `(trường lỗi: ${oneLine(transfer.reason) || 'không rõ'}) — lúc ${shopTime(transfer.received_at)}; xem mục Giao dịch ngân hàng`
  );
}

const FEED_NAMES: Record<BankFeedStatus['provider'], string> = { sepay: 'SePay', casso: 'Casso' };

/** A bank feed's pulls have failed for an hour: payments its webhook missed are not being caught. */
export function feedFailingText(feed: BankFeedStatus): string {
  const since = feed.failing_since ? ` từ ${shopTime(feed.failing_since)}` : '';
  return (
    `🔴 Không đối soát được với ${FEED_NAMES[feed.provider]}${since} — ${oneLine(feed.last_error, 200) || 'lỗi không rõ'} — ` +
    `giao dịch webhook bỏ lỡ sẽ chưa được ghi nhận; shop vẫn tự thử lại`
  );
}

/** A bank feed's pulls work again after staff were told they failed. */
export function feedRecoveredText(feed: BankFeedStatus): string {
  const at = feed.last_success_at ? ` lúc ${shopTime(feed.last_success_at)}` : '';
  return `🟢 Đối soát với ${FEED_NAMES[feed.provider]} đã hoạt động lại${at}`;
}
