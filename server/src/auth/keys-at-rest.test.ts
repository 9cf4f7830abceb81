import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { calculateJwkThumbprint, SignJWT, importJWK, type JWK } from 'jose';
import { describe, expect, it } from 'vitest';
import { openDatabase, type Db } from '../db/index.ts';
import { mintTestToken, TEST_EDITOR } from '../test-support/tokens.ts';
import { builtinSettings } from './settings.ts';
import { StoredKeysError } from '../repositories/keys-repository.ts';
import { startTestApp, testConfig } from '../test-support/auth-test-app.ts';

// Always the embedded database here: these tests write and replace the provider's own rows.
const KEY_A = randomBytes(32).toString('base64');
const KEY_B = randomBytes(32).toString('base64');

async function storedRows(database: Db) {
  return (await database.db
    .selectFrom('auth_keys' as never)
    .select(['id', 'value'] as never)
    .orderBy('id' as never)
    .execute()) as unknown as { id: string; value: string }[];
}

describe("the built-in provider's keys at rest (auth_keys)", () => {
  it('are stored encrypted: no PEM, no private JWK members, no cookie key readable', async () => {
    const config = testConfig({ DATABASE_URL: '' });
    const t = await startTestApp(config);
    try {
      const rows = await storedRows(t.database);
      expect(rows.map((r) => r.id)).toEqual(['oidc-cookie-keys', 'oidc-signing-key']);
      const jwks = (await t.app.inject({ url: '/oidc/jwks' })).json() as { keys: JWK[] };
      for (const { value } of rows) {
        expect(value).toMatch(/^v1\.[\w-]+\.[\w-]+\.[\w-]+$/);
        // Only markers that cannot occur in base64url by chance ("RSA" or "BEGIN" alone can: the
        // ciphertext is random letters, and ~1 run in 130 produced one).
        expect(value).not.toMatch(/-----BEGIN|"d":|"p":|"q":|"kty"/);
        expect(value).not.toContain(jwks.keys[0]!.n!.slice(0, 40));
      }
      // Still usable: a token signed with the stored key is accepted.
      const res = await t.app.inject({
        url: '/test/protected',
        headers: { authorization: `Bearer ${await mintTestToken(t.database, config)}` },
      });
      expect(res.statusCode).toBe(200);
    } finally {
      await t.close();
    }
  });

  it('a restart with the same TOKEN_ENCRYPTION_KEY verifies old tokens; another key stops the start naming TOKEN_ENCRYPTION_KEY', async () => {
    const config = testConfig({ DATABASE_URL: '', TOKEN_ENCRYPTION_KEY: KEY_A });
    const first = await startTestApp(config);
    const token = await mintTestToken(first.database, config);
    await first.close();

    const again = await startTestApp(
      testConfig({ DATABASE_URL: '', DATA_DIR: config.dataDir, TOKEN_ENCRYPTION_KEY: KEY_A }),
    );
    try {
      const res = await again.app.inject({ url: '/test/protected', headers: { authorization: `Bearer ${token}` } });
      expect(res.statusCode).toBe(200);
    } finally {
      await again.close();
    }

    const wrong = startTestApp(testConfig({ DATABASE_URL: '', DATA_DIR: config.dataDir, TOKEN_ENCRYPTION_KEY: KEY_B }));
    await expect(wrong).rejects.toThrow(StoredKeysError);
    await expect(wrong).rejects.toThrow(
      /cannot be decrypted with this encryption key\. Set TOKEN_ENCRYPTION_KEY to the key they were stored with/,
    );
    // Without TOKEN_ENCRYPTION_KEY the DATA_DIR key file (generated now, so a different key) is no better.
    await expect(startTestApp(testConfig({ DATABASE_URL: '', DATA_DIR: config.dataDir }))).rejects.toThrow(
      /TOKEN_ENCRYPTION_KEY/,
    );
  });

  it('plain-text rows of an older database still load and are encrypted in place on start', async () => {
    const config = testConfig({ DATABASE_URL: '' });
    // The database as an earlier version left it: both rows in plain JSON.
    const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const jwk = privateKey.export({ format: 'jwk' }) as JWK;
    const kid = await calculateJwkThumbprint({ kty: jwk.kty, n: jwk.n, e: jwk.e });
    const legacyJwk = { ...jwk, kid, alg: 'RS256', use: 'sig' };
    const legacy = await openDatabase(config);
    const now = new Date().toISOString();
    await legacy.db
      .insertInto('auth_keys' as never)
      .values([
        { id: 'oidc-signing-key', value: JSON.stringify(legacyJwk), created_at: now },
        { id: 'oidc-cookie-keys', value: JSON.stringify(['old-cookie-key-1', 'old-cookie-key-2']), created_at: now },
      ] as never)
      .execute();
    await legacy.destroy();

    const t = await startTestApp(config);
    try {
      const jwks = (await t.app.inject({ url: '/oidc/jwks' })).json() as { keys: JWK[] };
      expect(jwks.keys.map((k) => k.kid)).toEqual([kid]);
      for (const { value } of await storedRows(t.database)) {
        expect(value.startsWith('v1.')).toBe(true);
        expect(value).not.toMatch(/"d":|old-cookie-key/);
      }
      // A token signed with the old key (issued before the upgrade) still verifies.
      const s = builtinSettings(config);
      const now = Math.floor(Date.now() / 1000);
      const token = await new SignJWT({ ...TEST_EDITOR, scope: s.scope, client_id: 'tabloid-admin' })
        .setProtectedHeader({ alg: 'RS256', typ: 'at+jwt', kid })
        .setIssuer(s.issuer)
        .setAudience(s.audience)
        .setIssuedAt(now)
        .setExpirationTime(now + 600)
        .setJti('legacy-1')
        .sign(await importJWK(legacyJwk, 'RS256'));
      const res = await t.app.inject({ url: '/test/protected', headers: { authorization: `Bearer ${token}` } });
      expect(res.statusCode).toBe(200);
    } finally {
      await t.close();
    }
    // And the next start reads the encrypted rows.
    const next = await startTestApp(testConfig({ DATABASE_URL: '', DATA_DIR: config.dataDir }));
    try {
      expect(((await next.app.inject({ url: '/oidc/jwks' })).json() as { keys: JWK[] }).keys[0]!.kid).toBe(kid);
    } finally {
      await next.close();
    }
  });
});
