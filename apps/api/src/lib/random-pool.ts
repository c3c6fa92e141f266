/**
 * Random bytes for the many small draws of each order (the sealed password's IV, the order's code), taken from a
 * pool the system's CSPRNG fills 4 KB at a time (decision 0046). `crypto.randomBytes` asks OpenSSL on every call,
 * a few per cent of an order's CPU for 17 bytes; the bytes are the same CSPRNG's either way, and none of them is
 * a secret: an IV and an order code are public. `crypto.randomUUID` keeps a pool of its own in the same way.
 */
import crypto from 'node:crypto';

const POOL_BYTES = 4096;
const pool = Buffer.alloc(POOL_BYTES);
let used = POOL_BYTES;

/** `size` fresh random bytes (at most the pool's size), in a buffer of their own. */
export function pooledRandomBytes(size: number): Buffer {
  if (size > POOL_BYTES) return crypto.randomBytes(size);
  if (used + size > POOL_BYTES) {
    crypto.randomFillSync(pool);
    used = 0;
  }
  // A copy: the pool is filled again later, and each byte is handed out once.
  const bytes = Buffer.from(pool.subarray(used, used + size));
  used += size;
  return bytes;
}
