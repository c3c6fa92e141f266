import { describe, expect, it } from 'vitest';
import { createSecretBox } from './secret-box.js';
import { sealV1 } from '../test/secret-box-v1.js';

const KEY = 'secret-box-test-key-0123456789abcdef';
const NEW_KEY = 'secret-box-next-key-fedcba9876543210';
const ORDER = '7d1c3a4e-1111-4000-8000-000000000001';
const OTHER_ORDER = '7d1c3a4e-2222-4000-8000-000000000002';
const PASSWORD = 'M@tKhau-Game 123 ✓';


describe('createSecretBox', () => {
  it('round-trips the v2 format: version, key id, iv, tag, ciphertext — the password nowhere in it', () => {
    const box = createSecretBox(KEY);
    const sealed = box.seal(PASSWORD, ORDER);
    expect(sealed).toMatch(/^v2:[A-Za-z0-9_-]{8}:[A-Za-z0-9_-]{16}:[A-Za-z0-9_-]{22}:[A-Za-z0-9_-]+$/);
    expect(sealed).not.toContain('MatKhau');
    expect(box.open(sealed, ORDER)).toBe(PASSWORD);
    // A fresh iv each time.
    expect(box.seal(PASSWORD, ORDER)).not.toBe(sealed);
    expect(box.isCurrent(sealed)).toBe(true);
  });

  it('names the key by an id derived from it, never the key itself', () => {
    const keyId = createSecretBox(KEY).seal('x', ORDER).split(':')[1]!;
    expect(createSecretBox(KEY).seal('y', OTHER_ORDER).split(':')[1]).toBe(keyId);
    expect(createSecretBox(NEW_KEY).seal('x', ORDER).split(':')[1]).not.toBe(keyId);
    expect(KEY).not.toContain(keyId);
  });

  it('opens what the shop sealed before v2 (v1), with the current key or a previous one', () => {
    const old = sealV1(KEY, PASSWORD);
    expect(createSecretBox(KEY).open(old, ORDER)).toBe(PASSWORD);
    expect(createSecretBox(NEW_KEY, [KEY]).open(old, ORDER)).toBe(PASSWORD);
    expect(createSecretBox(KEY).isCurrent(old)).toBe(false);
    expect(() => createSecretBox(NEW_KEY).open(old, ORDER)).toThrow();
  });

  it('refuses a ciphertext presented for another order (associated data)', () => {
    const box = createSecretBox(KEY);
    const sealed = box.seal(PASSWORD, ORDER);
    expect(() => box.open(sealed, OTHER_ORDER)).toThrow();
  });

  it('refuses a ciphertext whose key id was changed, or whose body was tampered with', () => {
    const box = createSecretBox(NEW_KEY, [KEY]);
    const [version, keyId, iv, tag, body] = createSecretBox(KEY).seal(PASSWORD, ORDER).split(':');
    expect(box.open([version, keyId, iv, tag, body].join(':'), ORDER)).toBe(PASSWORD);
    const currentId = box.seal('x', ORDER).split(':')[1];
    expect(() => box.open([version, currentId, iv, tag, body].join(':'), ORDER)).toThrow();
    const flipped = Buffer.from(body!, 'base64url');
    flipped[0] = flipped[0]! ^ 1;
    expect(() => box.open([version, keyId, iv, tag, flipped.toString('base64url')].join(':'), ORDER)).toThrow();
  });

  it('rotates: the new key seals, previous keys still open, and without them old ciphertexts do not open', () => {
    const old = createSecretBox(KEY).seal(PASSWORD, ORDER);
    const rotated = createSecretBox(NEW_KEY, [KEY]);
    expect(rotated.open(old, ORDER)).toBe(PASSWORD);
    expect(rotated.isCurrent(old)).toBe(false);
    const resealed = rotated.seal(rotated.open(old, ORDER), ORDER);
    expect(rotated.isCurrent(resealed)).toBe(true);
    expect(createSecretBox(NEW_KEY).open(resealed, ORDER)).toBe(PASSWORD);
    expect(() => createSecretBox(NEW_KEY).open(old, ORDER)).toThrow(/not configured/);
  });

  it('refuses text in no known format', () => {
    expect(() => createSecretBox(KEY).open('plain text', ORDER)).toThrow(/Unknown/);
    expect(() => createSecretBox(KEY).open('v3:a:b:c:d', ORDER)).toThrow(/Unknown/);
  });
});
