import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { LIVE_STREAM_PATH } from '../../../common/live-stream-contract.ts';
import type { PublicArticle } from '../../../common/news-contract.ts';
import { openSse, type SseClient, type SseEvent } from '../test-support/sse-client.ts';
import { createTestApp, type TestApp } from '../test-support/test-app.ts';

// The site's story events on the live stream as editors publish, change, unpublish and delete
// stories through the admin API (SQLite in `api`, PostgreSQL in `api-pg`).

let t: TestApp;
let auth: string;
let live: SseClient;

const call = (method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({
    method,
    url,
    headers: payload ? { authorization: auth, 'content-type': 'application/json' } : { authorization: auth },
    payload: payload ? JSON.stringify(payload) : undefined,
  });

/** The events after the ones seen so far, once `count` of them arrived (and nothing more within a moment). */
let seen = 0;
async function next(count: number): Promise<SseEvent[]> {
  await live.waitFor((m) => m.filter((e) => e.event).length >= seen + count);
  await new Promise((r) => setTimeout(r, 150));
  const events = live.events().slice(seen);
  seen += events.length;
  return events;
}
const dataOf = (e: SseEvent) => JSON.parse(e.data ?? 'null');

beforeAll(async () => {
  t = await createTestApp({ listen: true });
  auth = await t.bearer();
  live = await openSse(`${t.baseUrl}${LIVE_STREAM_PATH}`);
  await live.waitFor(() => live.raw().includes('retry:'));
});

afterAll(async () => {
  live?.close();
  await t?.close();
});

describe('story events', () => {
  it('a story created published: story-published with the story as GET /News lists it', async () => {
    const res = await call('POST', '/api/admin/articles', {
      headline: 'Mayor Sells Moon To Cheese Consortium',
      category: 'Politics',
      published: true,
    });
    expect(res.statusCode, res.body).toBe(201);
    const [event] = await next(1);
    expect(event!.event).toBe('story-published');
    const listed = (await t.app.inject({ method: 'GET', url: '/News?count=50' })).json();
    const item = [...listed.breakingNews, ...listed.allArticles].find(
      (a: PublicArticle) => a.id === res.json().id,
    ) as PublicArticle;
    expect(dataOf(event!)).toEqual({ article: item });
  });

  it('a draft: no event until it is published; edits and category changes: story-updated', async () => {
    const draft = await call('POST', '/api/admin/articles', { headline: 'Local Dog Elected', category: 'Politics' });
    expect(draft.statusCode).toBe(201);
    const { id } = draft.json();
    expect((await call('POST', `/api/admin/articles/${id}/publish`)).statusCode).toBe(200);
    const [published] = await next(1);
    expect(published!.event).toBe('story-published');
    expect(dataOf(published!).article).toMatchObject({ id, headline: 'Local Dog Elected', category: 'Politics' });

    const version = (
      await t.app.inject({ method: 'GET', url: `/api/admin/articles/${id}`, headers: { authorization: auth } })
    ).json().version;
    const edited = await call('PUT', `/api/admin/articles/${id}`, {
      headline: 'Local Dog Elected Mayor',
      category: 'Politics',
      version,
    });
    expect(edited.statusCode, edited.body).toBe(200);
    const [updated] = await next(1);
    expect(updated!.event).toBe('story-updated');
    expect(dataOf(updated!).article).toMatchObject({ id, headline: 'Local Dog Elected Mayor' });

    expect((await call('PUT', `/api/admin/articles/${id}/category`, { categoryId: 2 })).statusCode).toBe(200);
    const [moved] = await next(1);
    expect(moved!.event).toBe('story-updated');
    expect(dataOf(moved!).article.category).not.toBe('Politics');
  });

  it('unpublish and delete: story-removed; a draft deleted or unpublished says nothing', async () => {
    const created = await call('POST', '/api/admin/articles', {
      headline: 'Town Clock Resigns',
      category: 'Politics',
      published: true,
    });
    const { id, slug } = created.json();
    await next(1);
    expect((await call('POST', `/api/admin/articles/${id}/unpublish`)).statusCode).toBe(200);
    const [removed] = await next(1);
    expect(removed!.event).toBe('story-removed');
    expect(dataOf(removed!)).toEqual({ id, slug, category: 'Politics' });

    // Deleting the draft it now is not news; publishing and deleting it is.
    expect((await call('DELETE', `/api/admin/articles/${id}`)).statusCode).toBe(204);
    expect((await call('POST', `/api/admin/articles/${id}/restore`)).statusCode).toBe(200);
    expect((await call('POST', `/api/admin/articles/${id}/publish`)).statusCode).toBe(200);
    const [again] = await next(1);
    expect(again!.event).toBe('story-published');
    expect((await call('DELETE', `/api/admin/articles/${id}`)).statusCode).toBe(204);
    const [deleted] = await next(1);
    expect(deleted!.event).toBe('story-removed');
    expect(dataOf(deleted!)).toEqual({ id, slug, category: 'Politics' });
  });

  it('a scheduled story: story-published when the scheduler publishes it', async () => {
    const draft = await call('POST', '/api/admin/articles', {
      headline: 'Moon Declares Independence',
      category: 'Politics',
    });
    const { id } = draft.json();
    const publishAt = new Date(Date.now() + 60_000).toISOString();
    expect((await call('POST', `/api/admin/articles/${id}/schedule`, { publishAt })).statusCode).toBe(200);
    const tick = await t.app.scheduler.tick(new Date(Date.now() + 120_000));
    expect(tick.published).toEqual([id]);
    const [published] = await next(1);
    expect(published!.event).toBe('story-published');
    expect(dataOf(published!).article).toMatchObject({ id, headline: 'Moon Declares Independence' });
  });

  it('a publish whose event cannot be sent still succeeds, and the failure is logged', async () => {
    const original = t.app.live.publish;
    const logged = vi.spyOn(t.app.log, 'error');
    t.app.live.publish = () => Promise.reject(new Error('event log unavailable'));
    try {
      const res = await call('POST', '/api/admin/articles', {
        headline: 'Quiet Day',
        category: 'Politics',
        published: true,
      });
      expect(res.statusCode).toBe(201);
      await expect
        .poll(() => logged.mock.calls.some((c) => String(c[1]).includes('could not send a story event')))
        .toBe(true);
    } finally {
      t.app.live.publish = original;
      logged.mockRestore();
    }
  });
});
