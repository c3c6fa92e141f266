import { PAY_METHOD, type PayMethod } from './pay-method.js';

/**
 * 1234567 → "1.234.567": whole numbers as vi-VN writes them, a dot between thousands, what
 * `Intl.NumberFormat('vi-VN', { maximumFractionDigits: 0 })` prints (money.test.ts compares the two).
 * Not Intl itself: a page's first Intl object loads the browser's locale data, 15–30 ms of main-thread
 * work here (four times that on a phone), which every storefront page paid to print its first price
 * (docs/decisions/0020).
 */
export function formatNumber(value: number): string {
  if (!Number.isFinite(value)) return String(value);
  const whole = Math.round(Math.abs(value));
  const grouped = String(whole).replace(/\B(?=(\d{3})+(?!\d))/g, '.');
  return value < 0 && whole !== 0 ? `-${grouped}` : grouped;
}

/** 1234567 → "1.234.567 VNĐ". */
export function formatVnd(amountVnd: number): string {
  return `${formatNumber(amountVnd)} VNĐ`;
}

/** Displayed balance (docs/product.md §4): bank total minus pending coins, 0 when the total is missing. */
export function displayedBalance(total: number | null | undefined, pendingCoins: number | null | undefined): number {
  if (total == null) return 0;
  return total - (pendingCoins ?? 0);
}

export interface PricedLine {
  price: number;
  coin: number;
  gift_coin: number;
  quantity: number;
}

export interface Totals {
  priceVnd: number;
  coin: number;
  giftCoin: number;
}

/**
 * Totals of a cart or an order (docs/product.md §9): sums of price × quantity, coin × quantity and
 * gift_coin × quantity; gift coins are 0 when paying by coins.
 */
export function computeTotals(lines: readonly PricedLine[], payMethod: PayMethod | number): Totals {
  let priceVnd = 0;
  let coin = 0;
  let giftCoin = 0;
  for (const line of lines) {
    priceVnd += line.price * line.quantity;
    coin += line.coin * line.quantity;
    giftCoin += line.gift_coin * line.quantity;
  }
  return { priceVnd, coin, giftCoin: payMethod === PAY_METHOD.COIN ? 0 : giftCoin };
}

/** Number of pages for a list (docs/product.md §9: total / page size, rounded up). */
export function pageCount(total: number, pageSize: number): number {
  return Math.max(0, Math.ceil(total / pageSize));
}
