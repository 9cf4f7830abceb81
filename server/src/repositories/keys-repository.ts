import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { calculateJwkThumbprint, type JWK } from 'jose';
import { isEncrypted, type TokenCipher } from '../crypto/token-cipher.ts';
import type { Kysely } from 'kysely';
import type { Db } from '../db/index.ts';
import type { Database } from '../db/schema.ts';

/**
 * Persistent secrets of the built-in provider, shared by every instance through the database:
 * the RSA signing key (JWK with a thumbprint kid) and the cookie signing keys.
 * Stored encrypted (AES-256-GCM, the social tokens' cipher and key: crypto/token-cipher.ts),
 * bound to their row by the associated data "auth_keys:{id}".
 * Created on first use with INSERT ... ON CONFLICT DO NOTHING, then read back, so instances
 * that start together agree on one value. Rows written in plain text by earlier versions are
 * read and encrypted in place. Never logged.
 */
const SIGNING_KEY_ID = 'oidc-signing-key';
const COOKIE_KEYS_ID = 'oidc-cookie-keys';

/** The stored keys cannot be read with the configured key (a start-up error). */
export class StoredKeysError extends Error {}

export const keyAad = (id: string) => `auth_keys:${id}`;

/** Legacy rows hold the JSON itself (a JWK object or an array of cookie keys). */
const isLegacyPlain = (value: string) => /^\s*[[{]/.test(value);

export interface SigningKeys {
  /** Private JWK as given to oidc-provider's `jwks`. */
  privateJwk: JWK & { kid: string; alg: 'RS256'; use: 'sig' };
  /** Public half, for verifying tokens. */
  publicJwk: JWK & { kid: string; alg: 'RS256'; use: 'sig' };
}

export class KeysRepository {
  readonly #db: Kysely<Database>;
  readonly #cipher: TokenCipher;

  constructor(database: Pick<Db, 'db'>, cipher: TokenCipher) {
    this.#db = database.db;
    this.#cipher = cipher;
  }

  async #getOrCreate(id: string, create: () => Promise<string>): Promise<string> {
    const db = this.#db;
    const cipher = this.#cipher;
    const read = () => db.selectFrom('auth_keys').select('value').where('id', '=', id).executeTakeFirst();
    let row = await read();
    if (!row) {
      await db
        .insertInto('auth_keys')
        .values({ id, value: cipher.encrypt(await create(), keyAad(id)), created_at: new Date().toISOString() })
        .onConflict((oc) => oc.column('id').doNothing())
        .execute();
      row = await read();
      if (!row) throw new StoredKeysError(`auth_keys: the ${id} row vanished after it was written`);
    }
    const stored = row.value;
    if (isEncrypted(stored)) {
      try {
        return cipher.decrypt(stored, keyAad(id));
      } catch {
        throw new StoredKeysError(
          `The built-in sign-in keys stored in the database (auth_keys, ${id}) cannot be decrypted with this encryption key. ` +
            'Set TOKEN_ENCRYPTION_KEY to the key they were stored with (without TOKEN_ENCRYPTION_KEY the key is DATA_DIR/token-encryption.key).',
        );
      }
    }
    if (!isLegacyPlain(stored)) throw new StoredKeysError(`auth_keys: the ${id} row has an unknown format`);
    // Written in plain text by an earlier version: encrypt it now (only if no other instance did).
    await db
      .updateTable('auth_keys')
      .set({ value: cipher.encrypt(stored, keyAad(id)) })
      .where('id', '=', id)
      .where('value', '=', stored)
      .execute();
    return stored;
  }

  async signingKeys(): Promise<SigningKeys> {
    const value = await this.#getOrCreate(SIGNING_KEY_ID, async () => {
      const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
      const jwk = privateKey.export({ format: 'jwk' }) as JWK;
      const kid = await calculateJwkThumbprint({ kty: jwk.kty, n: jwk.n, e: jwk.e });
      return JSON.stringify({ ...jwk, kid, alg: 'RS256', use: 'sig' });
    });
    const privateJwk = JSON.parse(value) as SigningKeys['privateJwk'];
    const { kty, n, e, kid, alg, use } = privateJwk;
    return { privateJwk, publicJwk: { kty, n, e, kid, alg, use } };
  }

  async cookieKeys(): Promise<string[]> {
    const value = await this.#getOrCreate(COOKIE_KEYS_ID, async () =>
      JSON.stringify([randomBytes(32).toString('base64url'), randomBytes(32).toString('base64url')]),
    );
    return JSON.parse(value) as string[];
  }
}

/**
 * npm run migrate-data: a stored auth_keys value as the target must hold it — decrypted with the
 * source's key (or taken as legacy plain text) and encrypted with the target's.
 */
export function reencryptStoredKey(id: string, stored: string, from: TokenCipher, to: TokenCipher): string {
  const plain = isEncrypted(stored) ? from.decrypt(stored, keyAad(id)) : stored;
  return to.encrypt(plain, keyAad(id));
}
