import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Db } from '../db/index.ts';
import { startFakeX, type FakeX } from '../fakes/x.ts';
import { TokenCipher } from '../crypto/token-cipher.ts';
import { SocialTokenRepository } from './repositories/social-token-repository.ts';
import { XClient } from './x-client.ts';
import { XTokenService } from './x-service.ts';

// The refresh lock under concurrency, against the fake X, which REJECTS a reused refresh token
// (and then ends the grant): if two calls ever spent the same refresh token, these tests fail.
let x: FakeX;
let database: Db;
let dir: string;
const key = crypto.randomBytes(32);
const REDIRECT = 'http://127.0.0.1:9/';

function service(db: Db) {
  const repo = new SocialTokenRepository(db, new TokenCipher(key));
  const client = new XClient({
    apiUrl: x.baseUrl,
    clientId: x.clientId,
    clientSecret: x.clientSecret,
    timeoutMs: 5000,
  });
  return { repo, client, tokens: new XTokenService(repo, client, 5000) };
}

async function connect(s: ReturnType<typeof service>, persona: string) {
  const verifier = crypto.randomBytes(32).toString('base64url');
  const challenge = crypto.createHash('sha256').update(verifier).digest('base64url');
  const scope = 'tweet.read users.read offline.access';
  const res = await fetch(`${x.baseUrl}/i/oauth2/authorize`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      redirect_uri: REDIRECT,
      state: 's',
      code_challenge: challenge,
      scope,
      decision: 'allow',
    }).toString(),
  });
  const code = new URL(res.headers.get('location')!).searchParams.get('code')!;
  await s.tokens.storeFromExchange(persona, await s.client.exchangeCode(code, verifier, REDIRECT));
}

beforeAll(async () => {
  x = await startFakeX({ redirectUris: [REDIRECT] });
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'tabloid-xlock-'));
  database = await openDatabase({ dataDir: dir, databaseUrl: '' });
});
afterAll(async () => {
  await database.destroy();
  await x.close();
  await fs.rm(dir, { recursive: true, force: true });
});

describe('X refresh lock', () => {
  it('10 concurrent calls with an expiring token spend the refresh token exactly once', async () => {
    const s = service(database);
    await connect(s, 'P1');
    // Make the stored token "within 5 minutes of expiry".
    await database.db
      .withTables<{ social_tokens: { persona: string; expires_at: string } }>()
      .updateTable('social_tokens')
      .set({ expires_at: new Date(Date.now() + 60_000).toISOString() })
      .where('persona', '=', 'P1')
      .execute();
    const before = x.stats.refreshes;
    const results = await Promise.all(Array.from({ length: 10 }, () => s.tokens.call('P1', (t) => s.client.me(t))));
    expect(results.map((r) => r.status)).toEqual(Array(10).fill(200));
    expect(x.stats.refreshes - before).toBe(1);
    expect(x.stats.reusedRefreshTokens).toBe(0);
  });

  it('10 concurrent calls after X rejects the token (401) refresh once, across two service instances sharing the DB', async () => {
    const a = service(database);
    const b = service(database); // a second "instance": own mutex, same rows
    await connect(a, 'P2');
    x.expireAccessTokens();
    const before = x.stats.refreshes;
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) => (i % 2 ? a : b).tokens.call('P2', (t) => a.client.me(t))),
    );
    expect(results.map((r) => r.status)).toEqual(Array(10).fill(200));
    expect(x.stats.refreshes - before).toBe(1);
    expect(x.stats.reusedRefreshTokens).toBe(0);
  });

  it('a failed refresh (X down) keeps the stored tokens and frees the lease', async () => {
    const s = service(database);
    await connect(s, 'P3');
    const stored = await s.repo.get('x', 'P3');
    x.expireAccessTokens();
    x.fail('server-error', ['token']);
    await expect(s.tokens.call('P3', (t) => s.client.me(t))).rejects.toMatchObject({ status: 503 });
    x.fail(null);
    const after = await s.repo.get('x', 'P3');
    expect(after?.refreshToken).toBe(stored?.refreshToken);
    const res = await s.tokens.call('P3', (t) => s.client.me(t));
    expect(res.status).toBe(200);
  });
});
