/**
 * Order codes: short, unambiguous when read aloud or typed into a banking app, and safe as a bank
 * transfer memo (upper-case ASCII letters and digits only). 'LK' + 8 Crockford base32 characters
 * (no I, L, O, U) = 40 random bits; the unique index catches the rare collision and the caller retries.
 */
import { pooledRandomBytes } from '../../lib/random-pool.js';

const CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
export const ORDER_CODE_PREFIX = 'LK';
export const ORDER_CODE_PATTERN = /^LK[0-9A-HJKMNP-TV-Z]{8}$/;

export function newOrderCode(random: (size: number) => Buffer = pooledRandomBytes): string {
  // 5 bytes = 40 bits = exactly 8 base32 digits, so every character is uniformly random.
  let bits = random(5).readUIntBE(0, 5);
  let digits = '';
  for (let i = 0; i < 8; i++) {
    digits = CROCKFORD[bits % 32] + digits;
    bits = Math.floor(bits / 32);
  }
  return ORDER_CODE_PREFIX + digits;
}
