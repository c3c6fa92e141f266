/** The push tests decrypt messages with http_ece (web-push's own dependency), which ships no types. */
declare module 'http_ece' {
  import type { ECDH } from 'node:crypto';
  interface Params {
    version: 'aes128gcm' | 'aesgcm';
    privateKey?: ECDH;
    authSecret?: string;
    dh?: string;
  }
  export function decrypt(buffer: Buffer, params: Params): Buffer;
  export function encrypt(buffer: Buffer, params: Params): Buffer;
  const ece: { decrypt: typeof decrypt; encrypt: typeof encrypt };
  export default ece;
}
