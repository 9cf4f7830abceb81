import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/**
 * Secrets at rest (social tokens, the built-in sign-in provider's signing and cookie keys):
 * AES-256-GCM with a random 96-bit IV per value and the 128-bit tag, one key for all of them
 * (TOKEN_ENCRYPTION_KEY, or the key file in DATA_DIR).
 * Stored form: "v1.{iv b64url}.{tag b64url}.{ciphertext b64url}". The associated data binds
 * a value to its place (e.g. "x:The Daily Smear:access", "auth_keys:oidc-signing-key"), so a
 * ciphertext copied into another row or column fails to decrypt.
 * See docs/decisions/006-token-storage.md.
 */
export class TokenCipher {
  readonly #key: Buffer;

  constructor(key: Buffer) {
    if (key.length !== 32) throw new Error('the token encryption key must be 32 bytes');
    this.#key = Buffer.from(key);
  }

  encrypt(plain: string, aad: string): string {
    const iv = crypto.randomBytes(12);
    const cipher = crypto.createCipheriv('aes-256-gcm', this.#key, iv);
    cipher.setAAD(Buffer.from(aad, 'utf8'));
    const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    const tag = cipher.getAuthTag();
    return ['v1', iv.toString('base64url'), tag.toString('base64url'), data.toString('base64url')].join('.');
  }

  /** Throws when the value was altered, encrypted with another key or for another place. */
  decrypt(stored: string, aad: string): string {
    const parts = stored.split('.');
    if (parts.length !== 4 || parts[0] !== 'v1') throw new Error('unknown encrypted token format');
    const [, iv, tag, data] = parts as [string, string, string, string];
    const decipher = crypto.createDecipheriv('aes-256-gcm', this.#key, Buffer.from(iv, 'base64url'));
    decipher.setAAD(Buffer.from(aad, 'utf8'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString('utf8');
  }
}

export const KEY_FILE_NAME = 'token-encryption.key';

/** True when a stored value has the cipher's format (anything else is legacy plain text). */
export function isEncrypted(stored: string): boolean {
  return /^v1\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]*$/.test(stored);
}

/**
 * The key from TOKEN_ENCRYPTION_KEY, or (embedded SQLite default) the key file in DATA_DIR,
 * created once with mode 0600 and reused on every later start. The file is written complete
 * under a temporary name and then linked into place, so a process starting at the same moment
 * never reads a half-written key.
 */
export function loadOrCreateKey(configured: Buffer | null, dataDir: string): Buffer {
  if (configured) return configured;
  const file = path.join(dataDir, KEY_FILE_NAME);
  fs.mkdirSync(dataDir, { recursive: true });
  if (!fs.existsSync(file)) {
    const temp = `${file}.${process.pid}.${crypto.randomBytes(6).toString('hex')}.tmp`;
    fs.writeFileSync(temp, `${crypto.randomBytes(32).toString('base64')}\n`, { mode: 0o600, flag: 'wx' });
    try {
      fs.linkSync(temp, file);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    } finally {
      fs.rmSync(temp, { force: true });
    }
  }
  const key = Buffer.from(fs.readFileSync(file, 'utf8').trim(), 'base64');
  if (key.length !== 32)
    throw new Error(`${file} does not hold a 32-byte base64 key; remove it only if no tokens are stored`);
  return key;
}

/** The one cipher of the stored secrets, from the configuration (creates the key file on first use). */
export function cipherFromConfig(config: {
  dataDir: string;
  social: { tokenEncryptionKey: Buffer | null };
}): TokenCipher {
  return new TokenCipher(loadOrCreateKey(config.social.tokenEncryptionKey, config.dataDir));
}
