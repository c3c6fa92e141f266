/** Business constants and limits (docs/product.md §9) plus the limits we chose where the product's rules are silent. */
export const ORDER_PAGE_SIZE = 10;
export const ERROR_TOAST_MS = 5000;
export const SUCCESS_TOAST_MS = 3000;
export const SIGN_IN_DELAY_MS = 500;
/** When the order page tells the customer to contact support. */
export const CONTACT_SUPPORT_AFTER_MINUTES = 5;
/** Default daily deadline (Asia/Ho_Chi_Minh) for the 16:00 promise. */
export const DEFAULT_DEADLINE_HOUR = 16;
/**
 * The promise's lead time (setting PROMISE_LEAD_MINUTES): a coin order placed, or a bank order paid, less
 * than this before the deadline is due at the next day's (docs/decisions/0022-promise-lead-time.md).
 */
export const DEFAULT_PROMISE_LEAD_MINUTES = 60;
export const SHOP_TIME_ZONE = 'Asia/Ho_Chi_Minh';
/**
 * How long an unpaid bank order waits for its transfer: it expires ('unpaid_expired') once
 * created_at + this many hours is past. Its 16:00 promise starts only when staff confirm the payment
 * (docs/decisions/0008), so it is never settled as late while unpaid.
 */
export const UNPAID_ORDER_EXPIRY_HOURS = 24;

/**
 * A live stream that reconnects with Last-Event-ID gets at most this many missed events of its own; when more
 * were missed, one `event: reload` instead, and the page fetches what it shows again (modules/events).
 */
export const LIVE_REPLAY_LIMIT = 50;
export const LIVE_RELOAD_EVENT = 'reload';

/** Limits on an order request. */
export const MAX_ORDER_LINES = 50;
export const MAX_LINE_QUANTITY = 100;
export const MAX_LIST_LIMIT = 50;
export const TEXT_LIMITS = {
  name: 100,
  contact: 200,
  account: 200,
  password: 200,
  server: 100,
  uid: 100,
  comment: 1000,
  keyword: 100,
} as const;

/** Local-storage keys used by the web app (docs/product.md §3). */
export const STORAGE_KEYS = {
  platformData: 'platformData',
  accessToken: 'accessToken',
  refreshToken: 'refreshToken',
  cart: 'cart',
  colourMode: 'toolpad-mode',
  colourScheme: 'toolpad-color-scheme',
} as const;

/**
 * That the browser holds a session, told to the server's render of the game pages (docs/decisions/0034): a
 * cookie holding no secret, sent with /item/… only, and the entry of the page's data block that passes the
 * server's answer to the render that hydrates it. Written and removed with the stored session.
 */
export const SIGNED_IN_HINT = { cookie: 'lucky_signed_in', path: '/item', dataKey: 'signed-in' } as const;

/** Uploaded pictures: PNG, JPEG or WebP up to 5 MB and 40 megapixels; stored at most 2048 px on a side. */
export const UPLOAD_MAX_BYTES = 5 * 1024 * 1024;
export const UPLOAD_MAX_PIXELS = 40_000_000;
export const STORED_IMAGE_MAX_SIDE = 2048;

/**
 * Compensation for an order that missed its due time (docs/product.md §4, the 16:00 promise): 10% of the
 * order's value in coins (its total_coin, rounded down), never less than 10 coins. Fixed here, not
 * configured, so the web app can promise the same figure the job pays.
 */
export const LATE_COMPENSATION_PERCENT = 10;
export const LATE_COMPENSATION_MIN_COINS = 10;
export function lateCompensationCoins(orderTotalCoin: number): number {
  return Math.max(LATE_COMPENSATION_MIN_COINS, Math.floor((orderTotalCoin * LATE_COMPENSATION_PERCENT) / 100));
}

/**
 * Late compensation one customer receives in one shop day at most (setting COMPENSATION_DAILY_CAP): three
 * orders' worth, a typical order being TYPICAL_ORDER_COINS — 300 coins. Three times the minimum (30) would
 * be less than one ordinary order earns (a 100.000 VNĐ top-up, 1.000 coins, earns 100), breaking the promise
 * for honest customers; 300 makes the first three typical late orders of a day whole, while orders of
 * cheap items farmed for the 10-coin minimum stop paying after 30 of them
 * (docs/decisions/0022-promise-lead-time.md).
 */
export const TYPICAL_ORDER_COINS = 1_000;
export const DEFAULT_COMPENSATION_DAILY_CAP = 3 * lateCompensationCoins(TYPICAL_ORDER_COINS);
