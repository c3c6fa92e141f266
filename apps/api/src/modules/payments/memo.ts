/**
 * Finding the order code in a transfer memo. Banking apps add their own prefixes and split or dot what
 * the customer typed ('MBVCB.3278614.LK9DMV6AQC chuyen tien', 'lk9 dmv6aqc'), so the memo is upper-cased
 * and stripped of everything but letters and digits, and every 'LK' + 8 window that has the shape of an
 * order code is a candidate; the caller takes the first that names an existing order.
 */
import { ORDER_CODE_PATTERN, ORDER_CODE_PREFIX } from '../orders/service.js';

const CODE_LENGTH = ORDER_CODE_PREFIX.length + 8;
/** Bank memos are short; this only bounds the lookups a crafted memo could cause. */
const MAX_CANDIDATES = 10;

/** Candidate order codes in the texts given, in order of appearance, each once. */
export function orderCodeCandidates(...texts: string[]): string[] {
  const found: string[] = [];
  for (const text of texts) {
    const compact = text.toUpperCase().replace(/[^0-9A-Z]/g, '');
    for (let at = compact.indexOf(ORDER_CODE_PREFIX); at !== -1; at = compact.indexOf(ORDER_CODE_PREFIX, at + 1)) {
      const window = compact.slice(at, at + CODE_LENGTH);
      if (ORDER_CODE_PATTERN.test(window) && !found.includes(window)) found.push(window);
      if (found.length >= MAX_CANDIDATES) return found;
    }
  }
  return found;
}

/** An order code typed by staff, with the same tolerance for spaces and dots. */
export function compactOrderCode(value: string): string {
  return value.toUpperCase().replace(/[^0-9A-Z]/g, '');
}
