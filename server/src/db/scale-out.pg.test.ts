import { createHash, randomBytes } from 'node:crypto';
import pg_client from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NEWS_CHANGED_CHANNEL } from '../plugins/news-cache-sync.ts';
import { mintTestToken } from '../test-support/tokens.ts';
import { freePort } from '../test-support/auth-test-app.ts';
import { createTestPostgresDatabase, type TestPostgresDatabase } from '../test-support/postgres-databases.ts';
import { startInstance, type Instance } from '../test-support/postgres-instances.ts';
import { insertArticle } from '../test-support/admin-articles.ts';

/** Cookies across both instances (same host, as behind one load balancer). */
class Jar {
  readonly cookies = new Map<string, string>();
  take(res: Response) {
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(';');
      const i = pair!.indexOf('=');
      const name = pair!.slice(0, i).trim();
      const value = pair!.slice(i + 1).trim();
      if (value === '' || /expires=Thu, 01 Jan 1970/i.test(c)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }
  header() {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }
}

function pathOf(location: string): string {
  const u = new URL(location, 'http://x');
  return `${u.pathname}${u.search}`;
}

describe('two instances on one PostgreSQL database behave as one', () => {
  let pg: TestPostgresDatabase;
  let a: Instance;
  let b: Instance;
  let publicUrl: string;

  beforeAll(async () => {
    pg = await createTestPostgresDatabase();
    // The "load balancer" address is A's; B is reached directly. Both start at once (migrations race).
    const portA = await freePort();
    publicUrl = `http://127.0.0.1:${portA}`;
    [a, b] = await Promise.all([startInstance(pg.url, publicUrl, {}, portA), startInstance(pg.url, publicUrl)]);
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
    await pg?.drop();
  });

  it('both started on the same schema, with exactly one first editor', async () => {
    const editors = await a.database.db
      .selectFrom('editors' as never)
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    expect((editors as { n: number }).n).toBe(1);
    for (const i of [a, b]) expect((await fetch(`${i.origin}/readyz`)).status).toBe(200);
  });

  it("a publish through A is visible in B's GET /News at once (cache cleared by NOTIFY, not by TTL)", async () => {
    const draft = await insertArticle(a.database.db, { headline: 'Scale-out draft goes live', published_at: null });
    // Fill B's cache first: the draft is not listed.
    const before = await (await fetch(`${b.origin}/News?count=50`)).json();
    expect(JSON.stringify(before)).not.toContain('Scale-out draft goes live');
    expect(b.app.newsCache.size).toBeGreaterThan(0);

    const token = await mintTestToken(a.database, a.config);
    const res = await fetch(`${a.origin}/api/admin/articles/${draft.id}/publish`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.status).toBe(200);

    // B's cache is emptied by A's NOTIFY (an entry past its TTL would stay until it is read again).
    await expect.poll(() => b.app.newsCache.size, { timeout: 10_000 }).toBe(0);
    const after = await (await fetch(`${b.origin}/News?count=50`)).json();
    expect(
      after.allArticles.some((x: { id: number }) => x.id === draft.id),
      'B still served its cached list',
    ).toBe(true);
  });

  it("a burst of changes on A shares one NOTIFY, sent after the last of them, and clears B's cache", async () => {
    const listener = new pg_client.Client({ connectionString: pg.url });
    const heard: string[] = [];
    await listener.connect();
    try {
      listener.on('notification', (n) => heard.push(String(n.payload)));
      await listener.query(`listen ${NEWS_CHANGED_CHANNEL}`);
      await (await fetch(`${b.origin}/News?count=50`)).arrayBuffer();
      expect(b.app.newsCache.size).toBeGreaterThan(0);
      for (let i = 0; i < 20; i++) a.app.newsCache.clear();
      await expect.poll(() => b.app.newsCache.size, { timeout: 10_000 }).toBe(0);
      // A marker of the test's own, sent after B heard: notifications arrive in the order they
      // were sent, so every one A sent for the twenty changes has arrived before it.
      await listener.query(`select pg_notify('${NEWS_CHANGED_CHANNEL}', 'marker')`);
      await expect.poll(() => heard.includes('marker'), { timeout: 10_000 }).toBe(true);
      expect(heard.filter((p) => p !== 'marker')).toHaveLength(1);
    } finally {
      await listener.end();
    }
  });

  it('sign-in started on A is finished on B, and the access token A issues is accepted by B', async () => {
    const jar = new Jar();
    const call = async (origin: string, p: string, init: RequestInit = {}) => {
      const res = await fetch(`${origin}${p}`, {
        ...init,
        redirect: 'manual',
        headers: { ...(init.headers ?? {}), cookie: jar.header() },
      });
      jar.take(res);
      return res;
    };
    const verifier = randomBytes(32).toString('base64url');
    const challenge = createHash('sha256').update(verifier).digest('base64url');
    const q = new URLSearchParams({
      client_id: 'tabloid-admin',
      response_type: 'code',
      redirect_uri: `${publicUrl}/admin/auth/callback`,
      scope: 'openid profile api:editor',
      code_challenge: challenge,
      code_challenge_method: 'S256',
      state: 'st',
      nonce: 'nn',
    });
    // A: authorize -> interaction (its state is stored in the database)
    let res = await call(a.origin, `/oidc/auth?${q}`);
    expect(res.status).toBe(303);
    const interaction = pathOf(res.headers.get('location')!);
    // B: shows the same interaction and takes the password
    expect((await call(b.origin, interaction)).status).toBe(200);
    res = await call(b.origin, `${interaction}/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ username: 'chief', password: 'correct horse battery staple' }),
    });
    // Follow the provider's redirects alternating between the instances, until the SPA callback.
    let hop = 0;
    while (
      res.status >= 300 &&
      res.status < 400 &&
      !res.headers.get('location')!.includes('/admin/auth/callback') &&
      hop < 6
    ) {
      res = await call(hop % 2 === 0 ? a.origin : b.origin, pathOf(res.headers.get('location')!));
      hop++;
    }
    const callback = new URL(res.headers.get('location')!);
    const code = callback.searchParams.get('code');
    expect(code).toBeTruthy();
    // A: token exchange
    const tokenRes = await fetch(`${a.origin}/oidc/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'authorization_code',
        code: code!,
        redirect_uri: `${publicUrl}/admin/auth/callback`,
        client_id: 'tabloid-admin',
        code_verifier: verifier,
      }),
    });
    expect(tokenRes.status).toBe(200);
    const tokens = (await tokenRes.json()) as { access_token: string };
    // B: accepts A's token
    const onB = await fetch(`${b.origin}/api/admin/dashboard`, {
      headers: { authorization: `Bearer ${tokens.access_token}` },
    });
    expect(onB.status).toBe(200);
    expect(await onB.json()).toMatchObject({ totalArticles: expect.any(Number) });
    const onA = await fetch(`${a.origin}/api/admin/dashboard`, {
      headers: { authorization: `Bearer ${tokens.access_token}` },
    });
    expect(onA.status).toBe(200);
  });
});
