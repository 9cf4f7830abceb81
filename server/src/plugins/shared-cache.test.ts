import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../project-root.ts';
import { createTestApp, type TestApp } from '../test-support/test-app.ts';
import { daysAgo, insertArticle } from '../test-support/articles.ts';
import { startNginxFront, type NginxFront } from '../test-support/nginx-front.ts';

// The shipped nginx configuration (deploy/nginx.conf, templated to this instance's port and a
// temporary cache) in front of the real server: what it keeps, what it never keeps, and how soon an
// unpublished story is gone through it.

let t: TestApp;
let nginx: NginxFront;
let bearer: string;
/** The requests that reached the app (not answered by the cache), by URL. */
const reached: string[] = [];
/** The request ids of the requests that reached the app (its log lines carry them). */
const reachedIds: string[] = [];
/** What the app got with each request that reached it: the headers nginx sent, and nginx's port. */
const reachedWith = new Map<string, { headers: Record<string, unknown>; nginxPort: number | undefined }>();

beforeAll(async () => {
  t = await createTestApp({
    listen: true,
    env: { WEB_DIST_DIR: path.join(PROJECT_ROOT, 'dist/web'), SITE_NAME: 'The Daily Smear', TRUST_PROXY: '127.0.0.1' },
    setup: (app) => {
      app.addHook('onRequest', (request, _reply, done) => {
        reached.push(request.url);
        reachedIds.push(request.id);
        reachedWith.set(request.url, { headers: { ...request.headers }, nginxPort: request.socket.remotePort });
        done();
      });
      // A route that says any shared cache may keep its answer for a minute, whoever asks, and
      // whose body names the credentials it was given: only nginx stands between a reader's
      // answer and the next reader here (the app's own rule, plugins/shared-cache.ts, is undone).
      void app.register(async (scope) => {
        scope.addHook('onSend', (_request, reply, payload, done) => {
          reply.header('cache-control', 'public, s-maxage=60');
          done(null, payload);
        });
        scope.get('/cache-probe', async (request) => ({
          who: request.headers.authorization ?? request.headers.cookie ?? 'anonymous',
        }));
        // An answer that takes 1.5 s to make, the same for everyone.
        scope.get('/slow-probe', async () => {
          await new Promise((r) => setTimeout(r, 1_500));
          return { made: 'slowly' };
        });
      });
    },
  });
  bearer = await t.bearer();
  nginx = await startNginxFront(`127.0.0.1:${t.port}`);
}, 60_000);
afterAll(async () => {
  await nginx?.stop();
  await t?.close();
});

async function get(url: string, headers: Record<string, string> = {}) {
  const res = await fetch(`${nginx.baseUrl}${url}`, { headers, redirect: 'manual' });
  const body = await res.text();
  return { status: res.status, headers: res.headers, body, cache: res.headers.get('x-cache-status') };
}
const times = (url: string) => reached.filter((u) => u === url).length;

describe('the shipped nginx cache', () => {
  it('never stores an answer to a request with an Authorization header or a cookie', async () => {
    const probe = '/cache-probe?n=1';
    const alice = await get(probe, { cookie: 'session=alice' });
    expect(JSON.parse(alice.body)).toEqual({ who: 'session=alice' });
    expect(alice.cache).toBe('BYPASS');
    const bob = await get(probe, { authorization: 'Bearer bob' });
    expect(JSON.parse(bob.body)).toEqual({ who: 'Bearer bob' });
    // Nothing of theirs was stored: the first anonymous reader gets their own answer from the app.
    const anonymous = await get(probe);
    expect(JSON.parse(anonymous.body)).toEqual({ who: 'anonymous' });
    expect(anonymous.cache).toBe('MISS');
    expect(times(probe)).toBe(3);
    // The anonymous answer is kept for the next anonymous reader, and never given to a credentialed one.
    expect(JSON.parse((await get(probe)).body)).toEqual({ who: 'anonymous' });
    expect(times(probe)).toBe(3);
    expect(JSON.parse((await get(probe, { cookie: 'theme=dark' })).body)).toEqual({ who: 'theme=dark' });
    expect(JSON.parse((await get(probe, { authorization: 'Basic eDp5' })).body)).toEqual({ who: 'Basic eDp5' });
    expect(times(probe)).toBe(5);
  });

  it('keeps public answers briefly, shares them across spellings of Accept-Encoding, passes the newsroom through', async () => {
    // A list long enough to be sent compressed.
    for (let i = 0; i < 6; i++)
      await insertArticle(t.database.db, {
        headline: `Cached Story ${i}`,
        published_at: daysAgo(2),
        created_at: daysAgo(2),
      });
    const url = '/News?count=6';
    const first = await get(url, { 'accept-encoding': 'gzip, deflate, br' });
    expect(first.status).toBe(200);
    expect(first.headers.get('cache-control')).toBe('public, max-age=0, s-maxage=1, stale-while-revalidate=1');
    expect(first.headers.get('content-encoding')).toBe('br');
    const before = times(url);
    const again = await get(url, { 'accept-encoding': 'br, gzip' });
    expect(again.cache).toBe('HIT');
    expect(again.headers.get('content-encoding')).toBe('br');
    expect(times(url)).toBe(before);
    // Another coding is another entry, in its own coding.
    const plain = await get(url, { 'accept-encoding': 'identity' });
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(JSON.parse(plain.body)).toHaveProperty('allArticles');

    // The newsroom's API and pages are never cached, even answered 200 without credentials.
    for (const path of ['/admin', '/api/admin/articles', '/oidc/.well-known/openid-configuration']) {
      const res = await get(path);
      expect(res.cache, path).toBeNull();
    }
    // With credentials the app says private, no-store, and nginx passes that on.
    const editor = await get('/api/admin/articles', { authorization: bearer });
    expect(editor.status).toBe(200);
    expect(editor.headers.get('cache-control')).toBe('private, no-store');
    const withCookie = await get('/', { cookie: 'theme=dark' });
    expect(withCookie.cache).toBe('BYPASS');
    expect(withCookie.headers.get('cache-control')).toBe('private, no-store');
  });

  it('never keeps the image that counts a read without JavaScript: every showing reaches the app', async () => {
    const story = await insertArticle(t.database.db, { headline: 'Counted Story', published_at: daysAgo(1) });
    const url = `/News/reads/${story.id}`;
    const reader = {
      'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/131.0.0.0 Safari/537.36',
    };
    for (let i = 1; i <= 3; i++) {
      const res = await get(url, reader);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('image/gif');
      expect(res.headers.get('cache-control')).toBe('private, no-store');
      expect(res.cache).not.toBe('HIT');
      expect(times(url)).toBe(i);
    }
  });

  it("passes a preview link's page through, never kept and never in nginx's access log", async () => {
    const logged = await startNginxFront(`127.0.0.1:${t.port}`, { accessLog: true });
    try {
      const token = 'n0tAR3alT0k3nButSh4p3dL1k3On3_0f43Ch4rs-ab';
      const url = `/preview/${token}`;
      for (let i = 1; i <= 2; i++) {
        const res = await fetch(`${logged.baseUrl}${url}`, { redirect: 'manual' });
        await res.arrayBuffer();
        expect(res.headers.get('cache-control')).toBe('private, no-store');
        expect(res.headers.get('x-cache-status')).toBeNull();
        expect(times(url)).toBe(i);
      }
      // In another letter case it is the app's 301 to '/preview/<token>', and its path holds the token
      // all the same.
      const shouted = `/PREVIEW/${token}`;
      for (let i = 1; i <= 2; i++) {
        const res = await fetch(`${logged.baseUrl}${shouted}`, { redirect: 'manual' });
        await res.arrayBuffer();
        expect(res.status).toBe(301);
        expect(res.headers.get('x-cache-status')).toBeNull();
        expect(times(shouted)).toBe(i);
      }
      // Other requests are logged; the preview's path, which holds the secret, is not. One worker
      // writes the lines in order: once the later request's is there, the earlier ones' would be.
      await (await fetch(`${logged.baseUrl}/healthz`)).arrayBuffer();
      const log = () => fs.readFileSync(path.join(logged.dir, 'access.log'), 'utf8');
      await expect.poll(log).toContain('/healthz');
      expect(log()).not.toContain(token);
    } finally {
      await logged.stop();
    }
  });

  it("keeps a bad query's 400 and a missing story's 404 like a page, and never one asked with credentials", async () => {
    for (const url of ['/News?count=abc', '/News/slug/no-such-story', '/article/no-such-story']) {
      const first = await get(url);
      expect(first.status, url).toBeGreaterThanOrEqual(400);
      expect(first.headers.get('cache-control'), url).toBe('public, max-age=0, s-maxage=1, stale-while-revalidate=1');
      const before = times(url);
      const again = await get(url);
      expect(again.status, url).toBe(first.status);
      expect(again.cache, url).toBe('HIT');
      expect(times(url), url).toBe(before);
      const withCookie = await get(url, { cookie: 'theme=dark' });
      expect(withCookie.cache, url).toBe('BYPASS');
      expect(withCookie.headers.get('cache-control'), url).toBe('private, no-store');
    }
  });

  it('hands the app the forwarded headers, the coding and the request id on a kept-alive connection, cached or not', async () => {
    const urls = ['/News?count=4', '/News?count=5', '/admin', '/oidc/.well-known/openid-configuration'];
    for (const url of urls) await get(url, { 'accept-encoding': 'gzip, deflate, br' });
    for (const url of urls) {
      const got = reachedWith.get(url)!;
      expect(got, url).toBeDefined();
      // The address as the reader asked for it, its port included.
      expect(got.headers, url).toMatchObject({
        host: `127.0.0.1:${nginx.port}`,
        'x-forwarded-for': '127.0.0.1',
        'x-forwarded-proto': 'http',
        'x-forwarded-host': `127.0.0.1:${nginx.port}`,
        'accept-encoding': 'br',
      });
      expect(got.headers['x-request-id'], url).toMatch(/^[0-9a-f]{32}$/);
      // Keep-alive to the instances: no 'Connection: close' on the way in.
      expect(got.headers.connection, url).toBeUndefined();
    }
    // One upstream connection served them one after another.
    expect(new Set(urls.map((url) => reachedWith.get(url)!.nginxPort)).size).toBe(1);
    // An HTTP/1.0 request without a Host line is answered too, naming the address it came to.
    const old = await new Promise<string>((resolve, reject) => {
      const socket = net.connect(nginx.port, '127.0.0.1', () => socket.write('GET /News?count=7 HTTP/1.0\r\n\r\n'));
      let text = '';
      socket.on('data', (d) => (text += d));
      socket.on('end', () => resolve(text));
      socket.on('error', reject);
    });
    expect(old.split('\r\n')[0]).toBe('HTTP/1.1 200 OK');
    expect(reachedWith.get('/News?count=7')!.headers.host).toBe(`127.0.0.1:${nginx.port}`);
  });

  it('holds concurrent first readers of a new key for a moment only, then lets them through to the app', async () => {
    const url = '/slow-probe?n=1';
    const answers = await Promise.all([1, 2, 3, 4].map(() => get(url)));
    for (const a of answers) {
      expect(a.status).toBe(200);
      expect(JSON.parse(a.body)).toEqual({ made: 'slowly' });
    }
    // Had they waited behind the first (nginx looks at its lock every 500 ms), the app would have
    // been asked once; past the lock's 100 ms they went to the app themselves.
    expect(times(url)).toBe(4);
    // The first one's answer was stored for the next reader.
    expect((await get(url)).cache).toBe('HIT');
    expect(times(url)).toBe(4);
  });

  it("names each answer's own request id, a hit too, not the id of the request that filled the entry", async () => {
    const url = '/News?count=3';
    const first = await get(url);
    expect(first.cache).toBe('MISS');
    const missId = first.headers.get('x-request-id');
    // nginx's id for the request, the one the app got and logs on a miss.
    expect(missId).toMatch(/^[0-9a-f]{32}$/);
    expect(reachedIds.at(-1)).toBe(missId);
    const ids = new Set([missId]);
    for (let i = 0; i < 3; i++) {
      const hit = await get(url);
      expect(hit.cache).toBe('HIT');
      expect(hit.headers.get('x-request-id')).toMatch(/^[0-9a-f]{32}$/);
      ids.add(hit.headers.get('x-request-id'));
    }
    expect(ids.size).toBe(4);
    // One x-request-id header, not the app's stored one beside nginx's.
    const raw = await fetch(`${nginx.baseUrl}${url}`);
    await raw.arrayBuffer();
    expect(raw.headers.get('x-request-id')).not.toContain(',');
  });

  it('answers 304 from the cache to If-None-Match and If-Modified-Since', async () => {
    const live = await insertArticle(t.database.db, {
      headline: 'Validators Stand Firm',
      published_at: daysAgo(3),
      created_at: daysAgo(3),
    });
    const url = `/article/${live.slug}`;
    const first = await get(url, { 'accept-encoding': 'br' });
    expect(first.status).toBe(200);
    const etag = first.headers.get('etag')!;
    const lastModified = first.headers.get('last-modified')!;
    expect(etag).toMatch(/^W\/"[\w-]+-br"$/);
    expect(lastModified).toMatch(/GMT$/);
    const byTag = await get(url, { 'accept-encoding': 'br', 'if-none-match': etag });
    expect(byTag.status).toBe(304);
    expect(byTag.body).toBe('');
    const byDate = await get(url, { 'accept-encoding': 'br', 'if-modified-since': lastModified });
    expect(byDate.status).toBe(304);
    const other = await get(url, { 'accept-encoding': 'br', 'if-none-match': '"something-else"' });
    expect(other.status).toBe(200);
  });

  it('stops serving an unpublished article within 2 s, to a busy story and to a quiet one', async () => {
    const busy = await insertArticle(t.database.db, {
      headline: 'Busy Story Vanishes',
      published_at: daysAgo(1),
      created_at: daysAgo(1),
    });
    const quiet = await insertArticle(t.database.db, {
      headline: 'Quiet Story Vanishes',
      published_at: daysAgo(1),
      created_at: daysAgo(1),
    });
    const busyUrl = `/article/${busy.slug}`;
    const quietUrl = `/article/${quiet.slug}`;
    // Both are in the cache.
    for (const url of [busyUrl, quietUrl]) {
      expect((await get(url)).status).toBe(200);
      expect((await get(url)).cache).toBe('HIT');
    }

    const unpublish = async (id: number) => {
      const res = await fetch(`${t.baseUrl}/api/admin/articles/${id}/unpublish`, {
        method: 'POST',
        headers: { authorization: bearer },
      });
      expect(res.status).toBe(200);
      return performance.now();
    };
    // The busy story: read without pause from the moment it is unpublished.
    const unpublishedAt = await unpublish(busy.id);
    const seen: Array<{ at: number; status: number }> = [];
    while (performance.now() - unpublishedAt < 2_500) {
      seen.push({ at: performance.now() - unpublishedAt, status: (await get(busyUrl)).status });
    }
    const lastServed = Math.max(0, ...seen.filter((s) => s.status === 200).map((s) => s.at));
    expect(lastServed).toBeLessThan(2_000);
    expect(seen.at(-1)!.status).toBe(404);

    // The quiet story (nobody read it since it was cached, 2.5 s ago): its first reader comes 2 s
    // after it was unpublished.
    const quietUnpublishedAt = await unpublish(quiet.id);
    await new Promise((r) => setTimeout(r, 2_000 - (performance.now() - quietUnpublishedAt)));
    expect((await get(quietUrl)).status).toBe(404);
  });

  it('is the same in deploy/nginx-tls.conf, apart from TLS', () => {
    const from = (file: string) => {
      const text = fs.readFileSync(path.join(PROJECT_ROOT, 'deploy', file), 'utf8');
      return text.slice(text.indexOf('upstream tabloid'));
    };
    const tls = from('nginx-tls.conf').replace(
      /server \{\n {4}listen 80;\n {4}server_name [^\n]*\n {4}return 301 [^\n]*\n\}\n\nserver \{\n {4}listen 443 [^\n]*\n(?: {4}(?:server_name|ssl_)[^\n]*\n)*/,
      'server {\n    listen 80;\n',
    );
    expect(tls).toBe(from('nginx.conf'));
  });

  it("sends read counts to the same instances as everything else, chosen by the reader's address", () => {
    const text = fs.readFileSync(path.join(PROJECT_ROOT, 'deploy/nginx.conf'), 'utf8');
    const servers = (name: string) => {
      const block = new RegExp(`upstream ${name} \\{([^}]*)\\}`).exec(text)?.[1] ?? '';
      return block.split('\n').filter((line) => line.trim().startsWith('server '));
    };
    expect(servers('tabloid').length).toBeGreaterThan(0);
    expect(servers('tabloid_reads')).toEqual(servers('tabloid'));
    expect(text).toMatch(/upstream tabloid_reads \{\n {4}hash \$binary_remote_addr consistent;/);
    expect(text).toMatch(/location \/News\/reads \{\n {8}proxy_pass http:\/\/tabloid_reads;\n {8}proxy_cache off;/);
  });
});
