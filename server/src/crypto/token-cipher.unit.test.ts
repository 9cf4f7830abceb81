import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseEncryptionKey, loadSocialConfig } from '../sharing/config.ts';
import { KEY_FILE_NAME, TokenCipher, isEncrypted, loadOrCreateKey } from './token-cipher.ts';

describe('TokenCipher (AES-256-GCM)', () => {
  const key = crypto.randomBytes(32);
  const cipher = new TokenCipher(key);

  it('round-trips and never stores the plain text', () => {
    const secret = 'xat-very-secret-token-value-123';
    const stored = cipher.encrypt(secret, 'x:P:access');
    expect(stored).not.toContain(secret);
    expect(stored.startsWith('v1.')).toBe(true);
    expect(cipher.decrypt(stored, 'x:P:access')).toBe(secret);
    expect(cipher.encrypt(secret, 'x:P:access')).not.toBe(stored); // random IV
  });

  it('detects tampering of ciphertext, tag and IV', () => {
    const stored = cipher.encrypt('hello token', 'a');
    const parts = stored.split('.');
    for (const i of [1, 2, 3]) {
      const buf = Buffer.from(parts[i]!, 'base64url');
      buf[0] ^= 1;
      const bad = [...parts];
      bad[i] = buf.toString('base64url');
      expect(() => cipher.decrypt(bad.join('.'), 'a')).toThrow();
    }
  });

  it('fails with the wrong key or another place (associated data)', () => {
    const stored = cipher.encrypt('hello token', 'x:P:access');
    expect(() => new TokenCipher(crypto.randomBytes(32)).decrypt(stored, 'x:P:access')).toThrow();
    expect(() => cipher.decrypt(stored, 'x:P:refresh')).toThrow();
    expect(() => new TokenCipher(Buffer.alloc(16))).toThrow();
  });

  it('tells its own output from plain text (legacy rows)', () => {
    expect(isEncrypted(cipher.encrypt('{"kty":"RSA"}', 'a'))).toBe(true);
    expect(isEncrypted('{"kty":"RSA","d":"x"}')).toBe(false);
    expect(isEncrypted('["k1","k2"]')).toBe(false);
    expect(isEncrypted('v1.only.three')).toBe(false);
  });
});

describe('encryption key', () => {
  it('TOKEN_ENCRYPTION_KEY must be 32 bytes of base64', () => {
    const problems: string[] = [];
    expect(parseEncryptionKey(crypto.randomBytes(32).toString('base64'), problems)?.length).toBe(32);
    expect(parseEncryptionKey(crypto.randomBytes(16).toString('base64'), problems)).toBeNull();
    expect(parseEncryptionKey('not base64 !!', problems)).toBeNull();
    expect(problems).toHaveLength(2);
  });

  it('with DATABASE_URL and no key: a configuration problem', () => {
    const problems: string[] = [];
    loadSocialConfig({}, 'postgres://x', problems);
    expect(problems.join()).toContain('TOKEN_ENCRYPTION_KEY is required');
    const ok: string[] = [];
    loadSocialConfig({}, '', ok);
    expect(ok).toEqual([]);
  });

  it('embedded default: generates a 0600 key file in DATA_DIR once and reuses it', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tabloid-key-'));
    try {
      const first = loadOrCreateKey(null, dir);
      const file = path.join(dir, KEY_FILE_NAME);
      expect(fs.statSync(file).mode & 0o777).toBe(0o600);
      expect(first.length).toBe(32);
      expect(loadOrCreateKey(null, dir).equals(first)).toBe(true);
      const configured = crypto.randomBytes(32);
      expect(loadOrCreateKey(configured, dir).equals(configured)).toBe(true);
      // No temporary files are left behind.
      expect(fs.readdirSync(dir)).toEqual([KEY_FILE_NAME]);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
