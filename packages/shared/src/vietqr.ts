/**
 * VietQR payloads (NAPAS 247, on the EMVCo merchant-presented QR format) for a bank transfer of an
 * exact amount to the shop's account, with the order code as the transfer memo. Every banking app in
 * Vietnam scans these. Built by the API for `pay_qr_code`; the web app only renders the string.
 */

/** NAPAS's application id in field 38. */
const NAPAS_GUID = 'A000000727';
/** Inter-bank fund transfer 24/7 to an account. */
const SERVICE_TO_ACCOUNT = 'QRIBFTTA';
const CURRENCY_VND = '704';
const COUNTRY_VN = 'VN';
/** The memo (additional data 08, "purpose of transaction") holds at most 25 characters. */
export const VIETQR_MEMO_MAX = 25;

export interface VietQrInput {
  /** The bank's 6-digit NAPAS BIN, e.g. 970436 for Vietcombank. */
  bankBin: string;
  /** Beneficiary account number: 1–19 letters or digits. */
  accountNumber: string;
  /** Whole VND; omitted or 0 makes a static QR where the payer types the amount. */
  amountVnd?: number;
  /** Transfer memo; reduced to ASCII without diacritics and cut to 25 characters. */
  memo?: string;
}

/** The CRC of each byte value: one lookup a byte instead of eight shifts (the API draws a QR for every bank order). */
const CRC_TABLE = (() => {
  const table = new Uint16Array(256);
  for (let value = 0; value < 256; value++) {
    let crc = value << 8;
    for (let bit = 0; bit < 8; bit++) crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
    table[value] = crc;
  }
  return table;
})();

const UTF8 = new TextEncoder();

/** CRC-16/CCITT-FALSE (poly 0x1021, init 0xFFFF) over the UTF-8 bytes, as 4 upper-case hex digits. */
export function crc16CcittFalse(input: string): string {
  let crc = 0xffff;
  for (const byte of UTF8.encode(input)) crc = ((crc << 8) & 0xffff) ^ CRC_TABLE[((crc >> 8) ^ byte) & 0xff]!;
  return crc.toString(16).toUpperCase().padStart(4, '0');
}

/** One EMVCo data object: two-digit id, two-digit length, value. */
function field(id: string, value: string): string {
  if (value.length > 99) throw new RangeError(`VietQR field ${id} is longer than 99 characters`);
  return `${id}${String(value.length).padStart(2, '0')}${value}`;
}

/** A memo that is already what toTransferMemo makes of it: an order code, say. */
const PLAIN_MEMO = new RegExp(`^[A-Za-z0-9]{1,${VIETQR_MEMO_MAX}}$`);

/** "Đơn hàng số 1" → "Don hang so 1": banks accept plain ASCII memos only. */
export function toTransferMemo(text: string): string {
  if (PLAIN_MEMO.test(text)) return text;
  return text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .replace(/đ/g, 'd')
    .replace(/Đ/g, 'D')
    .replace(/[^A-Za-z0-9 ]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, VIETQR_MEMO_MAX)
    .trim();
}

export function buildVietQrPayload(input: VietQrInput): string {
  if (!/^\d{6}$/.test(input.bankBin)) throw new RangeError('VietQR bank BIN must be 6 digits');
  if (!/^[0-9A-Za-z]{1,19}$/.test(input.accountNumber)) throw new RangeError('VietQR account number must be 1–19 letters or digits');
  const amount = input.amountVnd ?? 0;
  if (!Number.isSafeInteger(amount) || amount < 0) throw new RangeError('VietQR amount must be a whole, non-negative number of VND');
  const memo = input.memo ? toTransferMemo(input.memo) : '';

  const beneficiary = field('00', input.bankBin) + field('01', input.accountNumber);
  const merchantAccount = field('00', NAPAS_GUID) + field('01', beneficiary) + field('02', SERVICE_TO_ACCOUNT);
  const body =
    field('00', '01') +
    // 12: a dynamic QR for one payment (amount set); 11: a static one the payer completes.
    field('01', amount > 0 ? '12' : '11') +
    field('38', merchantAccount) +
    field('53', CURRENCY_VND) +
    (amount > 0 ? field('54', String(amount)) : '') +
    field('58', COUNTRY_VN) +
    (memo ? field('62', field('08', memo)) : '') +
    '6304';
  return body + crc16CcittFalse(body);
}

/** Splits a payload into its top-level data objects (id → value); used to read payloads back in tests and tools. */
export function parseEmvFields(payload: string): Map<string, string> {
  const fields = new Map<string, string>();
  let at = 0;
  while (at < payload.length) {
    const id = payload.slice(at, at + 2);
    const length = Number(payload.slice(at + 2, at + 4));
    if (id.length < 2 || !Number.isInteger(length)) throw new RangeError(`bad EMV data object at ${at}`);
    fields.set(id, payload.slice(at + 4, at + 4 + length));
    at += 4 + length;
  }
  return fields;
}
