/**
 * docs/product.md §5, the submit checks of an order, in one place: the web's order form runs them before anything
 * is sent and the API runs them again on what arrives, so both answer with the same messages.
 * Zod-free, so either side can call it without the schemas.
 */
import { PAY_METHOD } from './pay-method.js';
import { API_MESSAGES, TEXTS } from './texts.js';

/** The text fields of an order request (docs/product.md §3), in the form's order. */
export const ORDER_TEXT_FIELDS = [
  'order_bank_name',
  'order_contact',
  'order_account',
  'order_pass',
  'order_server',
  'order_uid',
  'order_comment',
] as const;
export type OrderTextField = (typeof ORDER_TEXT_FIELDS)[number];
export type OrderTextValues = Record<OrderTextField, string>;

/** The order form before anything is typed. */
export const EMPTY_ORDER_FORM: OrderTextValues = {
  order_bank_name: '',
  order_contact: '',
  order_account: '',
  order_pass: '',
  order_server: '',
  order_uid: '',
  order_comment: '',
};

/** Each missing field named with its message from docs/product.md §5: the API's `fields` and the form's field errors. */
export type OrderFieldErrors = Partial<Record<OrderTextField, string>>;

export interface OrderProblem {
  /** 'Vui lòng điền đầy đủ thông tin' or 'Vui lòng chọn sản phẩm'. */
  message: string;
  /** Present when fields are missing. */
  fields?: OrderFieldErrors;
}

/**
 * The required fields: name and server for every platform, plus login name and password for a login
 * platform or the UID otherwise. `null` while the platform is not known yet: the fields every one needs.
 */
export function requiredOrderFields(needLogin: boolean | null): OrderTextField[] {
  if (needLogin === null) return ['order_bank_name', 'order_server'];
  return needLogin
    ? ['order_bank_name', 'order_account', 'order_pass', 'order_server']
    : ['order_bank_name', 'order_server', 'order_uid'];
}

/**
 * Required fields left empty or blank. The password is checked as typed: spaces can be part of a game
 * password, but not all of it.
 */
export function missingOrderFields(
  values: Readonly<Partial<Record<OrderTextField, string | null>>>,
  needLogin: boolean | null,
): OrderTextField[] {
  return requiredOrderFields(needLogin).filter((field) => (values[field] ?? '').trim() === '');
}

/** The missing fields, each with its message from docs/product.md §5; null when every required field is filled. */
export function orderFieldErrors(
  values: Readonly<Partial<Record<OrderTextField, string | null>>>,
  needLogin: boolean | null,
): OrderFieldErrors | null {
  const missing = missingOrderFields(values, needLogin);
  if (missing.length === 0) return null;
  return Object.fromEntries(missing.map((field) => [field, TEXTS.fillAllFields]));
}

/**
 * What stops an order, or null when it can be sent: a missing field first ('Vui lòng điền đầy đủ thông
 * tin', naming the fields), then an empty cart ('Vui lòng chọn sản phẩm').
 */
export function orderProblem(
  values: Readonly<Partial<Record<OrderTextField, string | null>>>,
  needLogin: boolean | null,
  itemCount: number,
): OrderProblem | null {
  const fields = orderFieldErrors(values, needLogin);
  if (fields) return { message: TEXTS.fillAllFields, fields };
  if (itemCount === 0) return { message: TEXTS.chooseProduct };
  return null;
}

/**
 * docs/decisions/0022-promise-lead-time.md: an item whose coin price is 0 cannot be paid with coins — an
 * order that costs nothing would still earn the late compensation.
 * The message names the first such item; null when the order may be paid this way.
 */
export function coinPaymentProblem(payMethod: number, items: readonly { name: string; coin: number }[]): string | null {
  if (payMethod !== PAY_METHOD.COIN) return null;
  const free = items.find((item) => item.coin <= 0);
  return free ? API_MESSAGES.notPayableWithCoins(free.name || TEXTS.itemNameFallback) : null;
}
