/**
 * AES-256-GCM for secrets at rest (game passwords; docs/decisions/0011).
 *
 * v2 (written now): `v2:<key id>:<iv>:<tag>:<ciphertext>`. The key is derived from SECRET_KEY with HKDF;
 * the key id is a separate HKDF output of the same secret (it names the key, reveals nothing of it); the
 * caller's context — the order id — is bound as associated data, so a ciphertext copied onto another
 * order does not open.
 * v1 (read only): `v1:<iv>:<tag>:<ciphertext>` under sha256("lucky-secret-box:" + key), unbound; what
 * orders placed before v2 hold until the start-up re-seal rewrites them (modules/orders/reseal.ts).
 *
 * Rotation: SECRET_KEY seals, SECRET_KEY_PREVIOUS (a list) only opens.
 */
import crypto from 'node:crypto';
import { pooledRandomBytes } from './random-pool.js';

export interface SecretBox {
  /** Seals `plaintext` for `context` (the order id): it opens only with the same context. */
  seal(plaintext: string, context: string): string;
  /** Opens what `seal` (or the v1 scheme) produced for `context`; throws when no accepted key opens it. */
  open(sealed: string, context: string): string;
  /** True when `sealed` is already v2 under the current key: nothing to re-seal. */
  isCurrent(sealed: string): boolean;
}

const HKDF_SALT = 'lucky-shop/secret-box';

interface V2Key {
  id: string;
  key: Buffer;
}

function v2Key(secret: string): V2Key {
  const derive = (info: string, length: number) => Buffer.from(crypto.hkdfSync('sha256', secret, HKDF_SALT, info, length));
  return { id: derive('v2 key id', 6).toString('base64url'), key: derive('v2 aes-256-gcm key', 32) };
}

const v1Key = (secret: string) => crypto.createHash('sha256').update(`lucky-secret-box:${secret}`).digest();

const associatedData = (keyId: string, context: string) => Buffer.from(`v2:${keyId}:${context}`, 'utf8');

function decrypt(key: Buffer, iv: string, tag: string, body: string, aad: Buffer | null): string {
  const decipher = crypto.createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
  if (aad) decipher.setAAD(aad);
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
}

/** `secretKey` seals and opens; each of `previousKeys` only opens (key rotation). */
export function createSecretBox(secretKey: string, previousKeys: readonly string[] = []): SecretBox {
  const secrets = [secretKey, ...previousKeys.filter((key) => key !== secretKey)];
  const keys = secrets.map(v2Key);
  const current = keys[0]!;
  const v2Keys = new Map(keys.map((key) => [key.id, key]));
  const v1Keys = secrets.map(v1Key);

  return {
    seal(plaintext, context) {
      const iv = pooledRandomBytes(12);
      const cipher = crypto.createCipheriv('aes-256-gcm', current.key, iv);
      cipher.setAAD(associatedData(current.id, context));
      const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
      const tag = cipher.getAuthTag();
      return ['v2', current.id, iv.toString('base64url'), tag.toString('base64url'), body.toString('base64url')].join(':');
    },
    open(sealed, context) {
      const parts = sealed.split(':');
      if (parts[0] === 'v2' && parts.length === 5) {
        const [, keyId, iv, tag, body] = parts as [string, string, string, string, string];
        const found = v2Keys.get(keyId);
        if (!found) throw new Error('Sealed secret is under a key that is not configured');
        return decrypt(found.key, iv, tag, body, associatedData(keyId, context));
      }
      if (parts[0] === 'v1' && parts.length === 4) {
        const [, iv, tag, body] = parts as [string, string, string, string];
        // v1 does not name its key: GCM's tag tells which one fits.
        for (const key of v1Keys) {
          try {
            return decrypt(key, iv, tag, body, null);
          } catch {
            // not this key
          }
        }
        throw new Error('Sealed secret (v1) opens with none of the configured keys');
      }
      throw new Error('Unknown sealed secret format');
    },
    isCurrent(sealed) {
      return sealed.startsWith(`v2:${current.id}:`);
    },
  };
}
