import crypto from 'node:crypto';

/**
 * What the shop wrote before v2 (the former lib/secret-box.ts): `v1:iv:tag:ciphertext`, sha256-derived key,
 * no associated data (bound to nothing). Tests seal with it to check old rows still open.
 */
export function sealV1(secretKey: string, plaintext: string): string {
  const key = crypto.createHash('sha256').update(`lucky-secret-box:${secretKey}`).digest();
  const iv = crypto.randomBytes(12);
  const cipher = crypto.createCipheriv('aes-256-gcm', key, iv);
  const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return ['v1', iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), body.toString('base64url')].join(':');
}
