import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { LIVE_STREAM_PATH } from '../../../common/live-stream-contract.ts';
import { expectProblem } from '../test-support/problem-assertions.ts';
import { openSse, type SseClient } from '../test-support/sse-client.ts';
import { createTestApp, type TestApp } from '../test-support/test-app.ts';
import { LIVE_MAX_BUFFERED_BYTES, LIVE_REPLAY_EVENTS } from './live-hub.ts';

// The live event stream over real HTTP (inject() cannot read an endless answer), on SQLite in `api`
// and PostgreSQL in `api-pg`.

let t: TestApp;
const open: SseClient[] = [];

async function stream(query = '', headers: Record<string, string> = {}): Promise<SseClient> {
  const client = await openSse(`${t.baseUrl}${LIVE_STREAM_PATH}${query}`, headers);
  open.push(client);
  // The stream is registered once its first line arrived.
  if (client.status === 200) await client.waitFor(() => client.raw().includes('retry:'));
  return client;
}

const removed = (id: number) => ({ id, slug: `story-${id}`, category: 'News' });

beforeAll(async () => {
  t = await createTestApp({ listen: true, env: { LIVE_HEARTBEAT_MS: '150' } });
});

afterEach(() => {
  for (const c of open.splice(0)) c.close();
});

afterAll(async () => {
  await t?.close();
});

describe('GET /live/stream', () => {
  it('answers an event stream nothing caches, starting with retry and a comment', async () => {
    const c = await stream('', { cookie: 'sid=abc' });
    expect(c.status).toBe(200);
    expect(c.headers['content-type']).toBe('text/event-stream; charset=utf-8');
    expect(c.headers['cache-control']).toBe('no-store');
    expect(c.headers['x-accel-buffering']).toBe('no');
    expect(c.raw()).toMatch(/^retry: 3000\n:[^\n]*\n\n/);
    // An open stream is not a request in progress for the background work that gives way to those.
    expect(t.app.requestActivity.inFlight).toBe(0);
  });

  it('sends each event as id, event and one data line of JSON', async () => {
    const c = await stream();
    const { id } = await t.app.live.publish('story-removed', removed(41));
    expect(t.app.live.lastEventId()).toBe(id);
    await c.waitFor(() => c.events().length === 1);
    expect(c.raw()).toContain(
      `id: ${id}\nevent: story-removed\ndata: {"id":41,"slug":"story-41","category":"News"}\n\n`,
    );
  });

  it("sends site events to every stream and an article's events only to its streams", async () => {
    const site = await stream();
    const seven = await stream('?article=7');
    const eight = await stream('?article=8');
    const a = await t.app.live.publish('entry-deleted', { id: 1, articleId: 7 }, 'article:7');
    const b = await t.app.live.publish('story-removed', removed(2));
    const c = await t.app.live.publish('entry-deleted', { id: 2, articleId: 8 }, 'article:8');
    await seven.waitFor((m) => m.some((e) => e.id === String(b.id)));
    await eight.waitFor((m) => m.some((e) => e.id === String(c.id)));
    await site.waitFor((m) => m.some((e) => e.id === String(b.id)));
    // One more site event: anything else would have arrived before it.
    const d = await t.app.live.publish('story-removed', removed(3));
    for (const s of [site, seven, eight]) await s.waitFor((m) => m.some((e) => e.id === String(d.id)));
    expect(site.events().map((e) => Number(e.id))).toEqual([b.id, d.id]);
    expect(seven.events().map((e) => Number(e.id))).toEqual([a.id, b.id, d.id]);
    expect(eight.events().map((e) => Number(e.id))).toEqual([b.id, c.id, d.id]);
  });

  it('replays exactly the events after Last-Event-ID, in order, for the stream topics', async () => {
    const ids: number[] = [];
    for (let i = 0; i < 5; i++) ids.push((await t.app.live.publish('story-removed', removed(100 + i))).id);
    await t.app.live.publish('entry-deleted', { id: 9, articleId: 99 }, 'article:99');
    const c = await stream('', { 'last-event-id': String(ids[1]) });
    await c.waitFor((m) => m.some((e) => e.id === String(ids[4])));
    const live = await t.app.live.publish('story-removed', removed(200));
    await c.waitFor((m) => m.some((e) => e.id === String(live.id)));
    expect(c.events().map((e) => Number(e.id))).toEqual([ids[2], ids[3], ids[4], live.id]);
  });

  it('takes the id from ?lastEventId= too, and replays the article topic as well', async () => {
    const from = t.app.live.lastEventId();
    const entry = await t.app.live.publish('entry-deleted', { id: 5, articleId: 12 }, 'article:12');
    const story = await t.app.live.publish('story-removed', removed(300));
    const c = await stream(`?article=12&lastEventId=${from}`);
    await c.waitFor((m) => m.some((e) => e.id === String(story.id)));
    expect(c.events().map((e) => [Number(e.id), e.event])).toEqual([
      [entry.id, 'entry-deleted'],
      [story.id, 'story-removed'],
    ]);
  });

  it('sends one reload event for an id newer than any known', async () => {
    const c = await stream('', { 'last-event-id': String(t.app.live.lastEventId() + 1000) });
    await c.waitFor((m) => m.some((e) => e.event === 'reload'));
    expect(c.events()).toEqual([{ id: String(t.app.live.lastEventId()), event: 'reload', data: '{}', comments: [] }]);
  });

  it('sends one reload event for an id older than the replay window', async () => {
    const from = t.app.live.lastEventId();
    // More events than the window holds, written in one statement; the publish after them reads them in.
    const at = new Date().toISOString();
    const rows = Array.from({ length: LIVE_REPLAY_EVENTS }, (_, i) => ({
      topic: 'site',
      type: 'story-removed',
      data: JSON.stringify(removed(i)),
      created_at: at,
    }));
    await t.database.db.insertInto('live_events').values(rows).execute();
    await t.app.live.publish('story-removed', removed(0));
    const c = await stream('', { 'last-event-id': String(from) });
    await c.waitFor((m) => m.some((e) => e.event === 'reload'));
    expect(c.events().length).toBe(1);
    // Within the window, the replay is still exact.
    const d = await stream('', { 'last-event-id': String(t.app.live.lastEventId() - 3) });
    await d.waitFor((m) => m.filter((e) => e.event).length === 3);
    expect(d.events().every((e) => e.event === 'story-removed')).toBe(true);
  });

  it('sends reload instead of a replay larger than a stream may hold unsent', async () => {
    const from = t.app.live.lastEventId();
    const big = 'x'.repeat(LIVE_MAX_BUFFERED_BYTES / 4);
    for (let i = 0; i < 5; i++) await t.app.live.publish('story-removed', { id: i, slug: big, category: 'News' });
    const c = await stream('', { 'last-event-id': String(from) });
    await c.waitFor((m) => m.some((e) => e.event === 'reload'));
    expect(c.events().map((e) => e.event)).toEqual(['reload']);
  });

  it('keeps an idle stream alive with a heartbeat comment', async () => {
    const c = await stream();
    await c.waitFor((m) => m.some((e) => e.comments.includes('keep-alive')), 3_000);
    expect(c.events()).toEqual([]);
  });

  it('answers HEAD with the headers only and keeps nothing open', async () => {
    await expect.poll(() => t.app.liveHub.streams.size).toBe(0);
    const res = await t.app.inject({ method: 'HEAD', url: LIVE_STREAM_PATH });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/event-stream; charset=utf-8');
    expect(res.body).toBe('');
    expect(t.app.liveHub.streams.size).toBe(0);
  });

  it('refuses a bad article or lastEventId with 400 problem+json', async () => {
    for (const query of ['?article=abc', '?article=0', '?article=-3', '?article=1.5', '?lastEventId=x']) {
      const res = await t.app.inject({ method: 'GET', url: `${LIVE_STREAM_PATH}${query}` });
      expectProblem(res, 400);
    }
  });
});

describe('limits and shutdown', () => {
  let small: TestApp;
  beforeAll(async () => {
    small = await createTestApp({ listen: true, env: { LIVE_MAX_STREAMS: '2' } });
  });
  afterAll(async () => {
    await small?.close();
  });

  it('answers 503 problem+json with Retry-After beyond the connection limit', async () => {
    const url = `${small.baseUrl}${LIVE_STREAM_PATH}`;
    const a = await openSse(url);
    const b = await openSse(url);
    open.push(a, b);
    await a.waitFor(() => a.raw().includes('retry:'));
    await b.waitFor(() => b.raw().includes('retry:'));
    const res = await fetch(url);
    expect(res.status).toBe(503);
    expect(res.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await res.json()).status).toBe(503);
    a.close();
    await expect.poll(() => small.app.liveHub.streams.size).toBe(1);
    const c = await openSse(url);
    open.push(c);
    expect(c.status).toBe(200);
  });

  it('on close, ends every stream with a random retry line, and close does not wait for them', async () => {
    for (const c of open.splice(0)) c.close();
    await expect.poll(() => small.app.liveHub.streams.size).toBe(0);
    const url = `${small.baseUrl}${LIVE_STREAM_PATH}`;
    const a = await openSse(url);
    const b = await openSse(url, { 'last-event-id': '0' });
    await a.waitFor(() => a.raw().includes('retry:'));
    await b.waitFor(() => b.raw().includes('retry:'));
    const started = Date.now();
    await small.app.close();
    expect(Date.now() - started).toBeLessThan(2_000);
    for (const c of [a, b]) {
      await c.ended;
      const retries = c.messages().filter((m) => m.retry !== undefined);
      const last = Number(retries.at(-1)?.retry);
      expect(retries.length).toBe(2);
      expect(last).toBeGreaterThanOrEqual(1_000);
      expect(last).toBeLessThanOrEqual(5_000);
    }
  });
});
