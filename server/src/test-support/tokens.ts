import { generateKeyPairSync, randomUUID } from 'node:crypto';
import { SignJWT, base64url, importJWK, type JWK, type JWTHeaderParameters, type JWTPayload } from 'jose';
import type { Config } from '../config.ts';
import { cipherFromConfig } from '../crypto/token-cipher.ts';
import type { Db } from '../db/index.ts';
import { KeysRepository } from '../repositories/keys-repository.ts';
import { ACCESS_TOKEN_TTL_SECONDS, builtinSettings } from '../auth/settings.ts';

/**
 * Test helpers (API tests, e2e, benchmark): access tokens signed with the built-in provider's
 * stored key exactly like the provider signs them, and the bad tokens of the token matrix.
 * Works from any process that opens the same database. Never imported by production code.
 */
export type TestClaims = Partial<JWTPayload> & Record<string, unknown> & { header?: Partial<JWTHeaderParameters> };

/**
 * What the helpers need: the issuer's origin, and DATA_DIR + TOKEN_ENCRYPTION_KEY to read the
 * provider's stored (encrypted) signing key. A whole Config fits.
 */
export type TestTokenConfig = Pick<Config, 'publicUrl' | 'port' | 'dataDir'> & {
  social: Pick<Config['social'], 'tokenEncryptionKey'>;
};

const signingKeys = (database: Db, config: TestTokenConfig) =>
  new KeysRepository(database, cipherFromConfig(config)).signingKeys();

export const TEST_EDITOR = { sub: '1', name: 'Test Editor', preferred_username: 'test-editor' } as const;

async function sign(
  claims: TestClaims,
  key: JWK & { kid?: string },
  defaults: { iss: string; aud: string; scope: string },
): Promise<string> {
  const { header, ...rest } = claims;
  const now = Math.floor(Date.now() / 1000);
  const payload: JWTPayload = {
    ...TEST_EDITOR,
    iss: defaults.iss,
    aud: defaults.aud,
    scope: defaults.scope,
    client_id: 'tabloid-admin',
    jti: randomUUID(),
    iat: now,
    exp: now + ACCESS_TOKEN_TTL_SECONDS,
    ...rest,
  };
  // undefined removes a claim (e.g. { exp: undefined })
  for (const k of Object.keys(payload)) if (payload[k] === undefined) delete payload[k];
  const alg = header?.alg ?? 'RS256';
  return new SignJWT(payload)
    .setProtectedHeader({ alg, typ: 'at+jwt', kid: key.kid, ...header })
    .sign(await importJWK(key, alg));
}

/** A valid access token of the built-in provider (1 hour, scope api:editor, test editor) unless claims say otherwise. */
export async function mintTestToken(database: Db, config: TestTokenConfig, claims: TestClaims = {}): Promise<string> {
  const s = builtinSettings(config);
  const { privateJwk } = await signingKeys(database, config);
  return sign(claims, privateJwk, { iss: s.issuer, aud: s.audience, scope: s.scope });
}

let stranger: JWK | undefined;
/** An RSA key that is not the provider's (generated once per process). */
function strangerKey(): JWK {
  stranger ??= generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ format: 'jwk' }) as JWK;
  return stranger;
}

async function foreignToken(database: Db, config: TestTokenConfig, kid: string): Promise<string> {
  const s = builtinSettings(config);
  return sign({}, { ...strangerKey(), kid }, { iss: s.issuer, aud: s.audience, scope: s.scope });
}

type MatrixEntry = (database: Db, config: TestTokenConfig) => Promise<Record<string, string>>;
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/**
 * Every way a request can fail authentication; each factory gives the request headers.
 * All must be answered 401 problem+json. Use on every protected route:
 *   for (const [name, make] of Object.entries(TOKEN_MATRIX)) { ... headers: await make(database, config) ... }
 */
export const TOKEN_MATRIX: Record<string, MatrixEntry> = {
  'no token': async () => ({}),
  'empty bearer': async () => ({ authorization: 'Bearer ' }),
  'not a bearer scheme': async (db, c) => ({ authorization: `Basic ${await mintTestToken(db, c)}` }),
  malformed: async () => bearer('not-a-jwt'),
  'malformed (three garbage parts)': async () => bearer('aaaa.bbbb.cccc'),
  'wrong signature (same kid, other key)': async (db, c) =>
    bearer(await foreignToken(db, c, (await signingKeys(db, c)).publicJwk.kid)),
  'unknown key id': async (db, c) => bearer(await foreignToken(db, c, 'unknown-kid')),
  'tampered payload': async (db, c) => {
    const [h, , sig] = (await mintTestToken(db, c)).split('.');
    const s = builtinSettings(c);
    const payload = base64url.encode(
      JSON.stringify({
        ...TEST_EDITOR,
        sub: 'someone-else',
        iss: s.issuer,
        aud: s.audience,
        scope: s.scope,
        exp: Math.floor(Date.now() / 1000) + 600,
      }),
    );
    return bearer(`${h}.${payload}.${sig}`);
  },
  'alg none': async (db, c) => {
    const s = builtinSettings(c);
    const { kid } = (await signingKeys(db, c)).publicJwk;
    const header = base64url.encode(JSON.stringify({ alg: 'none', typ: 'at+jwt', kid }));
    const now = Math.floor(Date.now() / 1000);
    const payload = base64url.encode(
      JSON.stringify({ ...TEST_EDITOR, iss: s.issuer, aud: s.audience, scope: s.scope, iat: now, exp: now + 600 }),
    );
    return bearer(`${header}.${payload}.`);
  },
  'HS256 keyed with the public key': async (db, c) => {
    const s = builtinSettings(c);
    const { publicJwk } = await signingKeys(db, c);
    const now = Math.floor(Date.now() / 1000);
    const token = await new SignJWT({ ...TEST_EDITOR, scope: s.scope })
      .setProtectedHeader({ alg: 'HS256', typ: 'at+jwt', kid: publicJwk.kid })
      .setIssuer(s.issuer)
      .setAudience(s.audience)
      .setIssuedAt(now)
      .setExpirationTime(now + 600)
      .sign(new TextEncoder().encode(JSON.stringify(publicJwk)));
    return bearer(token);
  },
  expired: async (db, c) => {
    const now = Math.floor(Date.now() / 1000);
    return bearer(await mintTestToken(db, c, { iat: now - 7200, exp: now - 3600 }));
  },
  'not yet valid': async (db, c) => bearer(await mintTestToken(db, c, { nbf: Math.floor(Date.now() / 1000) + 3600 })),
  'wrong issuer': async (db, c) => bearer(await mintTestToken(db, c, { iss: 'https://evil.example/oidc' })),
  'wrong audience': async (db, c) => bearer(await mintTestToken(db, c, { aud: 'https://evil.example/api' })),
  'wrong type (id token)': async (db, c) => bearer(await mintTestToken(db, c, { header: { typ: 'JWT' } })),
  'no expiry': async (db, c) => bearer(await mintTestToken(db, c, { exp: undefined })),
};
