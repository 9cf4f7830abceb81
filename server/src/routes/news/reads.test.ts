import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { daysAgo, insertArticle } from '../../test-support/admin-articles.ts';
import { expectProblem } from '../../test-support/problem-assertions.ts';
import { createTestApp, type TestApp } from '../../test-support/test-app.ts';
import { hourOf } from '../../repositories/article-reads.ts';
import { readPixelPath } from '../../../../common/most-read-contract.ts';

// Read counting over HTTP (decision 049), on SQLite (api) and PostgreSQL (api-pg): the public beacon
// POST /News/reads (204, its problems, bots, one read per address and article in 30 minutes, published
// articles only), the timed and the closing writes, GET /News/most-read and the newsroom's counts.
// The counts are written by flush() here (flushIntervalMs 0); the list, kept a minute, is read afresh
// after a news-cache clear (as after any editorial change).
let t: TestApp;
let auth: string;

const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

beforeAll(async () => {
  t = await createTestApp({ reads: { flushIntervalMs: 0 } });
  auth = await t.bearer({ sub: 'reads-editor', name: 'Rita Reads' });
});
afterAll(async () => t?.close());
beforeEach(async () => {
  await t.app.articleReads.flush();
  await t.database.db.deleteFrom('article_reads').execute();
  await t.database.db.deleteFrom('articles').execute();
  t.app.newsCache.clear();
});

function beacon(
  payload: unknown,
  { address = '203.0.113.7', agent = BROWSER, type = 'application/json' } = {},
  app: TestApp = t,
) {
  return app.app.inject({
    method: 'POST',
    url: '/News/reads',
    remoteAddress: address,
    headers: { 'content-type': type, ...(agent ? { 'user-agent': agent } : {}) },
    payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
  });
}

const published = (headline?: string, at = daysAgo(1)) =>
  insertArticle(t.database.db, { published_at: at, ...(headline ? { headline, category_id: 2 } : {}) });

async function stored(articleId: number, db = t.database.db): Promise<number> {
  const rows = await db.selectFrom('article_reads').select('reads').where('article_id', '=', articleId).execute();
  return rows.reduce((n, r) => n + Number(r.reads), 0);
}

describe('POST /News/reads', () => {
  it("answers 204, kept by no cache, and the read is added to the hour's row when the counts are written", async () => {
    const a = await published();
    const res = await beacon({ articleId: a.id });
    expect(res.statusCode, res.body).toBe(204);
    expect(res.body).toBe('');
    expect(res.headers['cache-control']).toBe('private, no-store');
    // Buffered until written.
    expect(await stored(a.id)).toBe(0);
    expect(await t.app.articleReads.flush()).toBe(1);
    const rows = await t.database.db.selectFrom('article_reads').selectAll().execute();
    expect(rows.map((r) => [r.article_id, r.hour, Number(r.reads)])).toEqual([[a.id, hourOf(new Date()), 1]]);
    // The next write adds to the row.
    await beacon({ articleId: a.id }, { address: '198.51.100.1' });
    await t.app.articleReads.flush();
    expect(await stored(a.id)).toBe(2);
  });

  it('counts one address once per article in 30 minutes; other addresses and other articles count', async () => {
    const a = await published();
    const b = await published();
    for (let i = 0; i < 3; i++) expect((await beacon({ articleId: a.id })).statusCode).toBe(204);
    await beacon({ articleId: b.id });
    await beacon({ articleId: a.id }, { address: '2001:db8::1' });
    await t.app.articleReads.flush();
    expect(await stored(a.id)).toBe(2);
    expect(await stored(b.id)).toBe(1);
  });

  it('counts the same address again after 30 minutes (the counter itself, with a clock)', () => {
    const counter = t.app.articleReads.counter;
    const at = Date.now();
    expect(counter.count('192.0.2.50', 999_999, at)).toBe(true);
    expect(counter.count('192.0.2.50', 999_999, at + 29 * 60_000)).toBe(false);
    expect(counter.count('192.0.2.50', 999_999, at + 30 * 60_000)).toBe(true);
    counter.take();
  });

  it('does not count a bot, nor a request that names no User-Agent (204 all the same)', async () => {
    const a = await published();
    for (const agent of [
      'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
      'Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)',
      'curl/8.5.0',
      '',
    ]) {
      const res = await beacon({ articleId: a.id }, { agent });
      expect(res.statusCode, agent).toBe(204);
    }
    await t.app.articleReads.flush();
    expect(await stored(a.id)).toBe(0);
  });

  it('refuses a draft, an article in the trash and an unknown id: 404 problem, nothing counted', async () => {
    const draft = await insertArticle(t.database.db, { published_at: null });
    const trashed = await insertArticle(t.database.db, { published_at: null, deleted_at: daysAgo(0.1) });
    for (const id of [draft.id, trashed.id, draft.id + 1000]) {
      expectProblem(await beacon({ articleId: id }), 404, `No published article has the id ${id}.`);
    }
    await t.app.articleReads.flush();
    expect(await t.database.db.selectFrom('article_reads').selectAll().execute()).toEqual([]);
  });

  it('refuses an article at once when it is unpublished (the editorial change clears what was known)', async () => {
    const a = await published();
    expect((await beacon({ articleId: a.id })).statusCode).toBe(204);
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/admin/articles/${a.id}/unpublish`,
      headers: { authorization: auth },
    });
    expect(res.statusCode, res.body).toBe(200);
    expectProblem(await beacon({ articleId: a.id }, { address: '198.51.100.9' }), 404);
  });

  it('answers malformed bodies with a 400 problem naming what is wrong', async () => {
    const a = await published();
    const cases: Array<[unknown, RegExp]> = [
      [{}, /articleId/],
      [{ articleId: 'seven' }, /articleId/],
      [{ articleId: 0 }, /articleId/],
      [{ articleId: 1.5 }, /articleId/],
      [{ articleId: 99_999_999_999 }, /articleId/],
      [{ articleId: a.id, reader: 'me' }, /reader|additional|not allowed|must NOT have/i],
      [[a.id], /body|object/i],
      ['{"articleId":', /JSON|body/i],
    ];
    for (const [payload, detail] of cases) {
      const res = await beacon(payload);
      expectProblem(res, 400, detail);
    }
    // No body at all, another type, and a body far larger than a beacon: 4xx problems too.
    const empty = await t.app.inject({
      method: 'POST',
      url: '/News/reads',
      headers: { 'content-type': 'application/json', 'user-agent': BROWSER },
    });
    expect(empty.statusCode).toBe(400);
    expect(String(empty.headers['content-type'])).toMatch(/^application\/problem\+json/);
    const text = await beacon('articleId=1', { type: 'text/plain' });
    expect(text.statusCode).toBeGreaterThanOrEqual(400);
    expect(text.statusCode).toBeLessThan(500);
    expect(String(text.headers['content-type'])).toMatch(/^application\/problem\+json/);
    const form = await beacon('articleId=1', { type: 'application/x-www-form-urlencoded' });
    expectProblem(form, 415);
    expectProblem(await beacon({ articleId: a.id, pad: 'x'.repeat(2_000) }), 413);
    await t.app.articleReads.flush();
    expect(await stored(a.id)).toBe(0);
  });

  it('keeps no client address: the counter holds keyed hashes only', async () => {
    const a = await published();
    await beacon({ articleId: a.id }, { address: '203.0.113.77' });
    const seen = JSON.stringify(t.app.articleReads.counter.seenKeys());
    expect(seen).toContain(`:${a.id}`);
    expect(seen).not.toContain('203.0.113.77');
  });
});

describe('GET /News/reads/{articleId} (the image of a page shown without JavaScript)', () => {
  function pixel(path: string, { address = '203.0.113.7', agent = BROWSER } = {}) {
    return t.app.inject({
      method: 'GET',
      url: path,
      remoteAddress: address,
      headers: agent ? { 'user-agent': agent } : {},
    });
  }

  it('answers a transparent 1×1 GIF that no cache keeps, and counts the read as the beacon does', async () => {
    const a = await published();
    const res = await pixel(readPixelPath(a.id));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('image/gif');
    expect(res.headers['cache-control']).toBe('private, no-store');
    const gif = res.rawPayload;
    expect(gif.subarray(0, 6).toString('latin1')).toBe('GIF89a');
    expect([gif.readUInt16LE(6), gif.readUInt16LE(8)]).toEqual([1, 1]);
    await t.app.articleReads.flush();
    expect(await stored(a.id)).toBe(1);
  });

  it("shares the beacon's rules: once per address and article in 30 minutes, whichever of the two came first; no bot", async () => {
    const a = await published();
    expect((await beacon({ articleId: a.id })).statusCode).toBe(204);
    expect((await pixel(readPixelPath(a.id))).statusCode).toBe(200);
    expect((await pixel(readPixelPath(a.id), { address: '198.51.100.20' })).statusCode).toBe(200);
    for (const agent of ['Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)', '']) {
      const res = await pixel(readPixelPath(a.id), { address: '198.51.100.21', agent });
      expect(res.statusCode, agent).toBe(200);
      expect(res.headers['content-type']).toBe('image/gif');
    }
    await t.app.articleReads.flush();
    expect(await stored(a.id)).toBe(2);
  });

  it('refuses an article not published and an id that is not one: 4xx problems, nothing counted', async () => {
    const draft = await insertArticle(t.database.db, { published_at: null });
    expectProblem(await pixel(readPixelPath(draft.id)), 404, `No published article has the id ${draft.id}.`);
    expectProblem(await pixel(readPixelPath(draft.id + 1000)), 404);
    for (const bad of ['0', 'seven', '1.5', '99999999999', '-3']) {
      expectProblem(await pixel(`/News/reads/${bad}`), 400, /articleId/);
    }
    await t.app.articleReads.flush();
    expect(await t.database.db.selectFrom('article_reads').selectAll().execute()).toEqual([]);
  });
});

describe('writing the counts', () => {
  it('writes them every flushIntervalMs, and what is left when the app closes', async () => {
    const timed = await createTestApp({ reads: { flushIntervalMs: 50 } });
    try {
      const a = await insertArticle(timed.database.db, { published_at: daysAgo(1) });
      expect((await beacon({ articleId: a.id }, {}, timed)).statusCode).toBe(204);
      await vi.waitFor(async () => expect(await stored(a.id, timed.database.db)).toBe(1), { timeout: 5_000 });
    } finally {
      await timed.close();
    }

    const closing = await createTestApp({ reads: { flushIntervalMs: 0 } });
    const a = await insertArticle(closing.database.db, { published_at: daysAgo(1) });
    expect((await beacon({ articleId: a.id }, {}, closing)).statusCode).toBe(204);
    expect(await stored(a.id, closing.database.db)).toBe(0);
    await closing.app.close();
    try {
      expect(await stored(a.id, closing.database.db)).toBe(1);
    } finally {
      await closing.close();
    }
  });

  it('keeps the counts when a write fails and writes them with the next one', async () => {
    const a = await published();
    await beacon({ articleId: a.id });
    const reads = t.app.articleReads as unknown as { repo: { add: (...args: unknown[]) => Promise<number> } };
    const add = vi.spyOn(reads.repo, 'add').mockRejectedValueOnce(new Error('database away'));
    expect(await t.app.articleReads.flush()).toBe(0);
    expect(await t.app.articleReads.flush()).toBe(1);
    add.mockRestore();
    expect(await stored(a.id)).toBe(1);
  });
});

describe('GET /News/most-read', () => {
  async function read(id: number, times: number) {
    for (let i = 0; i < times; i++) await beacon({ articleId: id }, { address: `198.51.100.${i + 1}` });
  }
  /** Writes the counts and drops the kept list, as its minute running out would. */
  async function written() {
    await t.app.articleReads.flush();
    t.app.newsCache.clear();
  }

  it('lists the published stories most read in the last 24 hours, most first, cached as public answers', async () => {
    const quiet = await published('Quiet Story');
    const loud = await published('Loud Story');
    await published('Unread Story');
    await read(quiet.id, 1);
    await read(loud.id, 3);
    await written();
    const res = await t.app.inject({ method: 'GET', url: '/News/most-read' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toMatch(/^public/);
    expect(res.headers.etag).toBeTruthy();
    expect(res.json()).toEqual({
      articles: [
        {
          id: loud.id,
          slug: loud.slug,
          headline: 'Loud Story',
          category: 'Technology',
          publishedAt: loud.published_at,
        },
        {
          id: quiet.id,
          slug: quiet.slug,
          headline: 'Quiet Story',
          category: 'Technology',
          publishedAt: quiet.published_at,
        },
      ],
    });
    // No count in it: more reads that change no order change no byte.
    await read(loud.id, 1);
    await written();
    const again = await t.app.inject({ method: 'GET', url: '/News/most-read' });
    expect(again.body).toBe(res.body);
    const notModified = await t.app.inject({
      method: 'GET',
      url: '/News/most-read',
      headers: { 'if-none-match': String(res.headers.etag) },
    });
    expect(notModified.statusCode).toBe(304);
  });

  it("?category= lists that section's stories only (by name or path, any case), cached as the others", async () => {
    const politics = await insertArticle(t.database.db, { published_at: daysAgo(1), category_id: 1 });
    const us = await insertArticle(t.database.db, { published_at: daysAgo(1), category_id: 5 });
    await read(politics.id, 1);
    await read(us.id, 2);
    await written();
    const ids = async (url: string) => {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, res.body).toBe(200);
      return (res.json() as { articles: Array<{ id: number; category: string }> }).articles.map((a) => [
        a.id,
        a.category,
      ]);
    };
    expect(await ids('/News/most-read?category=Politics')).toEqual([[politics.id, 'Politics']]);
    expect(await ids('/News/most-read?category=us')).toEqual([[us.id, 'US']]);
    expect(await ids('/News/most-read?category=SPORT')).toEqual([]);
    expect(await ids('/News/most-read?category=')).toEqual([
      [us.id, 'US'],
      [politics.id, 'Politics'],
    ]);
    const res = await t.app.inject({ method: 'GET', url: '/News/most-read?category=Politics' });
    expect(res.headers['cache-control']).toMatch(/^public/);
    const notModified = await t.app.inject({
      method: 'GET',
      url: '/News/most-read?category=Politics',
      headers: { 'if-none-match': String(res.headers.etag) },
    });
    expect(notModified.statusCode).toBe(304);
  });

  it('answers an unknown or overlong category with a 400 problem, as GET /News does', async () => {
    expectProblem(
      await t.app.inject({ method: 'GET', url: '/News/most-read?category=Gossip' }),
      400,
      "Unknown category 'Gossip'. Use one of: Politics, Technology, Sport, Business, US, UK.",
    );
    expectProblem(await t.app.inject({ method: 'GET', url: `/News/most-read?category=${'x'.repeat(51)}` }), 400);
  });

  it("keeps each section's list apart for the minute, and drops them all at an editorial change", async () => {
    const cached = await createTestApp({ reads: { flushIntervalMs: 0 } });
    try {
      const politics = await insertArticle(cached.database.db, { published_at: daysAgo(1), category_id: 1 });
      const sport = await insertArticle(cached.database.db, { published_at: daysAgo(1), category_id: 3 });
      const ids = (query: string) =>
        cached.app
          .inject({ method: 'GET', url: `/News/most-read${query}` })
          .then((r) => (r.json() as { articles: Array<{ id: number }> }).articles.map((s) => s.id));
      expect(await ids('?category=Politics')).toEqual([]);
      await beacon({ articleId: politics.id }, {}, cached);
      await beacon({ articleId: sport.id }, {}, cached);
      await cached.app.articleReads.flush();
      // Politics' list is kept; Sport's and the site's are read now.
      expect(await ids('?category=Politics')).toEqual([]);
      expect(await ids('?category=Sport')).toEqual([sport.id]);
      expect(await ids('')).toHaveLength(2);
      cached.app.newsCache.clear();
      expect(await ids('?category=Politics')).toEqual([politics.id]);
    } finally {
      await cached.close();
    }
  });

  it('is empty when no story has reads', async () => {
    await published();
    const res = await t.app.inject({ method: 'GET', url: '/News/most-read' });
    expect(res.json()).toEqual({ articles: [] });
  });

  it('is read at most once a minute: a read counted meanwhile waits for the next reading', async () => {
    const cached = await createTestApp({ reads: { flushIntervalMs: 0 } });
    try {
      const a = await insertArticle(cached.database.db, { published_at: daysAgo(1) });
      const list = () => cached.app.inject({ method: 'GET', url: '/News/most-read' }).then((r) => r.json());
      expect(await list()).toEqual({ articles: [] });
      await beacon({ articleId: a.id }, {}, cached);
      await cached.app.articleReads.flush();
      expect(await list()).toEqual({ articles: [] });
    } finally {
      await cached.close();
    }
  });

  it('drops a story at once when it is unpublished, however recently the list was read', async () => {
    const cached = await createTestApp({ reads: { flushIntervalMs: 0 } });
    try {
      const editor = await cached.bearer({ sub: 'reads-editor', name: 'Rita Reads' });
      const a = await insertArticle(cached.database.db, { published_at: daysAgo(1) });
      const ids = () =>
        cached.app
          .inject({ method: 'GET', url: '/News/most-read' })
          .then((r) => (r.json() as { articles: Array<{ id: number }> }).articles.map((s) => s.id));
      await beacon({ articleId: a.id }, {}, cached);
      await cached.app.articleReads.flush();
      cached.app.newsCache.clear(); // the list is read afresh (as after any editorial change)
      expect(await ids()).toEqual([a.id]);
      const res = await cached.app.inject({
        method: 'POST',
        url: `/api/admin/articles/${a.id}/unpublish`,
        headers: { authorization: editor },
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(await ids()).toEqual([]);
    } finally {
      await cached.close();
    }
  });
});

describe('the newsroom: GET /api/admin/most-read and GET /api/admin/articles/{id}/reads', () => {
  it('lists up to 10 stories with their counts, the unpublished too, and needs a signed-in editor', async () => {
    const stories = [];
    for (let i = 0; i < 12; i++) stories.push(await published(`Story ${i}`));
    for (const [i, s] of stories.entries()) {
      await t.database.db
        .insertInto('article_reads')
        .values({ article_id: s.id, hour: hourOf(new Date()), reads: 100 + i })
        .execute();
    }
    const res = await t.app.inject({ method: 'GET', url: '/api/admin/most-read', headers: { authorization: auth } });
    expect(res.statusCode, res.body).toBe(200);
    const { articles } = res.json();
    expect(articles).toHaveLength(10);
    expect(articles[0]).toEqual({ id: stories[11]!.id, headline: 'Story 11', reads: 111 });
    expect(articles[9]).toEqual({ id: stories[2]!.id, headline: 'Story 2', reads: 102 });
    expect(res.headers['cache-control']).toBe('private, no-store');
    expectProblem(await t.app.inject({ method: 'GET', url: '/api/admin/most-read' }), 401);
  });

  it("gives an article's reads in the last 7 days; 404 for an unknown id, 400 for a bad one", async () => {
    const a = await published();
    const now = Date.now();
    await t.database.db
      .insertInto('article_reads')
      .values([
        { article_id: a.id, hour: hourOf(now), reads: 5 },
        { article_id: a.id, hour: hourOf(now - 6 * 24 * 3_600_000), reads: 7 },
        { article_id: a.id, hour: hourOf(now - 8 * 24 * 3_600_000), reads: 100 },
      ])
      .execute();
    const get = (id: number | string) =>
      t.app.inject({ method: 'GET', url: `/api/admin/articles/${id}/reads`, headers: { authorization: auth } });
    const res = await get(a.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ last7Days: 12 });
    expectProblem(await get(a.id + 1000), 404, `Article ${a.id + 1000} was not found.`);
    expectProblem(await get('abc'), 400);
  });
});
