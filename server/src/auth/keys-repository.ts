import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { calculateJwkThumbprint, type JWK } from 'jose';
import type { Db } from '../db/index.ts';
import { authDb } from './tables.ts';

/**
 * Persistent secrets of the built-in provider, shared by every instance through the database:
 * the RSA signing key (JWK with a thumbprint kid) and the cookie signing keys.
 * Created on first use with INSERT ... ON CONFLICT DO NOTHING, then read back, so instances
 * that start together agree on one value. Never logged.
 */
const SIGNING_KEY_ID = 'oidc-signing-key';
const COOKIE_KEYS_ID = 'oidc-cookie-keys';

async function getOrCreate(database: Db, id: string, create: () => Promise<string>): Promise<string> {
  const db = authDb(database);
  const existing = await db.selectFrom('auth_keys').select('value').where('id', '=', id).executeTakeFirst();
  if (existing) return existing.value;
  const value = await create();
  await db
    .insertInto('auth_keys')
    .values({ id, value, created_at: new Date().toISOString() })
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();
  const stored = await db.selectFrom('auth_keys').select('value').where('id', '=', id).executeTakeFirstOrThrow();
  return stored.value;
}

export interface SigningKeys {
  /** Private JWK as given to oidc-provider's `jwks`. */
  privateJwk: JWK & { kid: string; alg: 'RS256'; use: 'sig' };
  /** Public half, for verifying tokens. */
  publicJwk: JWK & { kid: string; alg: 'RS256'; use: 'sig' };
}

export async function loadSigningKeys(database: Db): Promise<SigningKeys> {
  const value = await getOrCreate(database, SIGNING_KEY_ID, async () => {
    const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const jwk = privateKey.export({ format: 'jwk' }) as JWK;
    const kid = await calculateJwkThumbprint({ kty: jwk.kty, n: jwk.n, e: jwk.e });
    return JSON.stringify({ ...jwk, kid, alg: 'RS256', use: 'sig' });
  });
  const privateJwk = JSON.parse(value) as SigningKeys['privateJwk'];
  const { kty, n, e, kid, alg, use } = privateJwk;
  return { privateJwk, publicJwk: { kty, n, e, kid, alg, use } };
}

export async function loadCookieKeys(database: Db): Promise<string[]> {
  const value = await getOrCreate(database, COOKIE_KEYS_ID, async () =>
    JSON.stringify([randomBytes(32).toString('base64url'), randomBytes(32).toString('base64url')]),
  );
  return JSON.parse(value) as string[];
}
