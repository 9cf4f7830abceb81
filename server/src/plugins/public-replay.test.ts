import fs from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AccessLineFields } from '../telemetry/logger.ts';
import { writeFakeDist } from '../test-support/fake-web-dist.ts';
import { createTestApp, type TestApp } from '../test-support/test-app.ts';
import { daysAgo, insertArticles, makeArticle } from '../test-support/articles.ts';

// Cached public answers replayed before Fastify (plugins/public-replay.ts), through a real port:
// a replayed answer is the one Fastify gave, byte for byte, and anything that could be answered
// differently still reaches Fastify.

let t: TestApp;
let distDir: string;

beforeAll(async () => {
  distDir = await fs.mkdtemp(path.join(os.tmpdir(), 'tabloid-replay-dist-'));
  await writeFakeDist(distDir);
  t = await createTestApp({ listen: true, env: { WEB_DIST_DIR: distDir, SITE_NAME: 'The Daily Smear' } });
});
afterAll(async () => {
  await t?.close();
  if (distDir) await fs.rm(distDir, { recursive: true, force: true });
});
beforeEach(async () => {
  vi.restoreAllMocks();
  await t.database.db.deleteFrom('articles').execute();
  await insertArticles(t.database.db, [
    makeArticle({ headline: 'Mayor Sells Moon', content: 'x'.repeat(2_000), published_at: daysAgo(1) }),
  ]);
  t.app.newsCache.clear();
});

interface Answer {
  status: number;
  /** Header lines as sent, in order, without the per-request ones (x-request-id, date). */
  headers: string[];
  requestId: string;
  body: Buffer;
}

/** One request on a fresh connection, the headers exactly as the server sent them. */
function request(url: string, headers: Record<string, string | string[]> = {}, method = 'GET'): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port: t.port, path: url, method, headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const lines: string[] = [];
        for (let i = 0; i < res.rawHeaders.length; i += 2) {
          const name = res.rawHeaders[i]!.toLowerCase();
          if (name !== 'x-request-id' && name !== 'date') lines.push(`${name}: ${res.rawHeaders[i + 1]}`);
        }
        resolve({
          status: res.statusCode!,
          headers: lines,
          requestId: String(res.headers['x-request-id']),
          body: Buffer.concat(chunks),
        });
      });
    });
    req.on('error', reject);
    req.end();
  });
}

/** Whether each call of the replay answered the request itself (true) or left it to Fastify. */
function replayed() {
  const spy = vi.spyOn(t.app.publicReplay, 'serve');
  return () => spy.mock.results.map((r) => r.value as boolean);
}

const BR = { 'accept-encoding': 'br, gzip' };

/**
 * Asks for `url` with `headers` (kept for replay), again (replayed), and once more with a cookie
 * (answered by Fastify): the replayed answer must be Fastify's, headers and bytes.
 */
async function replayedAsFastify(url: string, headers: Record<string, string | string[]>) {
  await request(url, headers);
  const served = replayed();
  const replay = await request(url, headers);
  const fastify = await request(url, { ...headers, cookie: 'a=b' });
  expect(served()).toEqual([true, false]);
  expect(replay.headers).toEqual(fastify.headers);
  expect(replay.body.equals(fastify.body)).toBe(true);
  return { replay, fastify };
}

describe('replayed public answers', () => {
  it.each([
    ['/News?count=15', BR],
    ['/News?count=15', {}],
    ['/News?count=15', { 'accept-encoding': 'gzip' }],
    ['/', BR],
    ['/politics', BR],
    ['/article/mayor-sells-moon', {}],
    ['/no-such-page', BR],
  ])('answers %s again with the same status, headers and bytes (%j)', async (url, headers) => {
    const served = replayed();
    const first = await request(url, headers);
    const second = await request(url, headers);
    expect(served()).toEqual([false, true]);
    expect(second.status).toBe(first.status);
    expect(second.headers).toEqual(first.headers);
    expect(second.body.equals(first.body)).toBe(true);
    expect(second.requestId).not.toBe(first.requestId);
  });

  it('sends the same answer as Fastify gives the same request (a cookie makes Fastify answer it)', async () => {
    for (const acceptEncoding of ['br, gzip', 'gzip;q=0, br;q=0', 'identity', 'x-gzip', '*']) {
      await replayedAsFastify('/politics', { 'accept-encoding': acceptEncoding });
      vi.restoreAllMocks();
    }
  });

  it.each([
    ['a cookie', { cookie: 'session=1' }],
    ['Authorization', { authorization: 'Bearer x' }],
    ['X-Forwarded-For', { 'x-forwarded-for': '203.0.113.7' }],
    ['X-Forwarded-Host', { 'x-forwarded-host': 'other.example' }],
    ['If-Modified-Since', { 'if-modified-since': new Date().toUTCString() }],
    ['COOKIE in capitals', { COOKIE: 'session=1' }],
    ['Forwarded', { Forwarded: 'for=203.0.113.7' }],
    ['X-Forwarded-Proto', { 'X-Forwarded-Proto': 'https' }],
  ])('leaves a request with %s to Fastify', async (_name, headers) => {
    await request('/News?count=15', BR);
    const served = replayed();
    const res = await request('/News?count=15', { ...BR, ...headers });
    expect(served()).toEqual([false]);
    expect(res.status).toBe(200);
  });

  it('answers one kept-alive connection again and again, and a request with a body after them reaches Fastify', async () => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const ask = (method: string, url: string, body?: string) =>
      new Promise<{ status: number; port: number; body: string; requestId: string }>((resolve, reject) => {
        const headers: Record<string, string> = body === undefined ? {} : { 'content-type': 'application/json' };
        const req = http.request({ host: '127.0.0.1', port: t.port, path: url, method, agent, headers }, (res) => {
          let text = '';
          const port = res.socket.localPort!;
          res.setEncoding('utf8');
          res.on('data', (c: string) => (text += c));
          res.on('end', () =>
            resolve({
              status: res.statusCode!,
              port,
              body: text,
              requestId: String(res.headers['x-request-id']),
            }),
          );
        });
        req.on('error', reject);
        req.end(body);
      });
    try {
      const first = await ask('GET', '/News?count=15');
      const served = replayed();
      const again = [];
      for (let i = 0; i < 20; i++) again.push(await ask('GET', '/News?count=15'));
      expect(served()).toEqual(Array.from({ length: 20 }, () => true));
      expect(new Set(again.map((a) => a.port))).toEqual(new Set([first.port]));
      for (const a of again) expect({ status: a.status, body: a.body }).toEqual({ status: 200, body: first.body });
      expect(new Set(again.map((a) => a.requestId)).size).toBe(20);
      // The same connection still carries a request with a body to Fastify (a 401 problem: no token).
      const post = await ask('POST', '/api/admin/articles', '{"headline":"x"}');
      expect(post.port).toBe(first.port);
      expect(post.status).toBe(401);
      expect(JSON.parse(post.body)).toMatchObject({ status: 401 });
    } finally {
      agent.destroy();
    }
  });

  it('answers HEAD through Fastify, with the headers of the GET and no body', async () => {
    const get = await request('/politics', BR);
    const served = replayed();
    const head = await request('/politics', BR, 'HEAD');
    expect(served()).toEqual([false]);
    expect(head.status).toBe(200);
    expect(head.body.length).toBe(0);
    expect(head.headers).toEqual(get.headers);
  });

  it('answers If-None-Match with a 304 through Fastify', async () => {
    const get = await request('/News?count=15', BR);
    const etag = get.headers.find((h) => h.startsWith('etag: '))!.slice('etag: '.length);
    const served = replayed();
    const res = await request('/News?count=15', { ...BR, 'if-none-match': etag });
    expect(served()).toEqual([false]);
    expect(res.status).toBe(304);
    expect(res.body.length).toBe(0);
  });

  it('reads repeated header lines as Node does (Accept-Encoding joined, a repeated request id replaced)', async () => {
    const headers = { 'Accept-Encoding': ['gzip;q=0.5', 'br'], 'X-Request-Id': ['first', 'second'] };
    const { replay, fastify } = await replayedAsFastify('/politics', headers);
    expect(replay.headers).toContain('content-encoding: br');
    // 'first, second' is no plain token: both answers name a new id.
    expect(replay.requestId).toMatch(/^[0-9a-f-]{36}$/);
    expect(fastify.requestId).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('keeps a plain caller request id, like Fastify', async () => {
    await request('/News?count=15');
    const served = replayed();
    const res = await request('/News?count=15', { 'x-request-id': 'proxy-id-42' });
    expect(served()).toEqual([true]);
    expect(res.requestId).toBe('proxy-id-42');
  });

  it('writes one access line per replayed request, with its request id', async () => {
    const lines: AccessLineFields[] = [];
    t.app.publicReplay.setAccessLine((fields) => lines.push(fields));
    await request('/News?count=15');
    const res = await request('/News?count=15', { 'x-request-id': 'line-1' });
    await vi.waitFor(() => expect(lines).toHaveLength(1));
    expect(res.requestId).toBe('line-1');
    expect(lines[0]).toMatchObject({
      reqId: 'line-1',
      method: 'GET',
      url: '/News?count=15',
      host: `127.0.0.1:${t.port}`,
      remoteAddress: '127.0.0.1',
      statusCode: 200,
    });
    expect(typeof lines[0]!.responseTime).toBe('number');
    t.app.publicReplay.setAccessLine(null);
  });

  it('forgets every answer when the news cache is cleared (an editorial change)', async () => {
    const before = await request('/News?count=15');
    expect(before.body.toString()).toContain('Mayor Sells Moon');
    await insertArticles(t.database.db, [
      makeArticle({ headline: 'Queen Of Puddings Abdicates', published_at: daysAgo(0) }),
    ]);
    // Until the clear, the cached list (and its replay) is what readers get, as before.
    t.app.newsCache.clear();
    expect(t.app.publicReplay.size).toBe(0);
    const served = replayed();
    const after = await request('/News?count=15');
    expect(served()).toEqual([false]);
    expect(after.body.toString()).toContain('Queen Of Puddings Abdicates');
    const again = await request('/News?count=15');
    expect(served()).toEqual([false, true]);
    expect(again.body.equals(after.body)).toBe(true);
  });

  it('does not keep an answer built from a cache read before a clear', async () => {
    const news = t.app.publicNews;
    const listEntry = news.listEntry.bind(news);
    // An editorial change lands while the request is being answered from the cache.
    vi.spyOn(news, 'listEntry').mockImplementation((...args) => {
      const entry = listEntry(...args);
      t.app.newsCache.clear();
      return entry;
    });
    await request('/News?count=15');
    expect(t.app.publicReplay.size).toBe(0);
    vi.restoreAllMocks();
    await request('/News?count=15');
    expect(t.app.publicReplay.size).toBe(1);
  });

  it('does not replay after the cache entry expired', async () => {
    await request('/News?count=15');
    const now = Date.now();
    const clock = vi.spyOn(Date, 'now').mockReturnValue(now + 60_000);
    const served = replayed();
    await request('/News?count=15');
    expect(served()).toEqual([false]);
    clock.mockRestore();
  });

  it('never replays the admin pages or an API error', async () => {
    const served = replayed();
    await request('/admin');
    await request('/admin');
    await request('/News?count=abc');
    await request('/News?count=abc');
    expect(served()).toEqual([false, false, false, false]);
  });
});
