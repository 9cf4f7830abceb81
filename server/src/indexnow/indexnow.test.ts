import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../test-support/test-app.ts';
import { daysAgo, editBody, insertArticle } from '../test-support/admin-articles.ts';
import { startFakeIndexNow, type FakeIndexNow } from '../fakes/indexnow.ts';
import { legacyTextToBody } from '../../../common/body/legacy.ts';
import { imageVariantUrl } from '../../../common/images.ts';
import { ImagesRepository } from '../repositories/images-repository.ts';
import { INDEXNOW_JOB } from './notifier.ts';

// IndexNow against the fake endpoint over real HTTP (SQLite, and PostgreSQL in api-pg): the fake checks
// the key by fetching the site's key file, as the real service does.
const KEY = 'daily-smear-0123456789abcdef';
const BATCH_MS = 150;
// One worker: a window's jobs all go to the run that claims the first (with more, free workers may take
// some of them at the same moment, each sending its own submission).
const JOB_ENV = { JOBS_POLL_MS: '20', JOBS_GIVE_WAY_MS: '0', SHARE_RETRY_BASE_MS: '40', JOBS_CONCURRENCY: '1' };

let fake: FakeIndexNow;
let env: TestApp;
let authorization: string;

beforeAll(async () => {
  fake = await startFakeIndexNow();
  env = await createTestApp({
    listen: true,
    env: { ...JOB_ENV, INDEXNOW_KEY: KEY, INDEXNOW_ENDPOINT: fake.endpoint, INDEXNOW_BATCH_MS: String(BATCH_MS) },
  });
  authorization = await env.bearer();
});
afterAll(async () => {
  await env?.close();
  await fake?.close();
});

async function api(t: TestApp, auth: string, method: string, path: string, body?: unknown) {
  const res = await t.app.inject({
    method: method as 'POST',
    url: path,
    headers: { authorization: auth, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
  });
  expect(res.statusCode, res.body).toBeLessThan(300);
  return res.statusCode === 204 ? null : res.json();
}

const urlOf = (slug: string) => `${env.baseUrl}/article/${slug}`;
/** How many accepted submissions named the URL. */
const sent = (url: string) => fake.submissions.filter((s) => s.urlList.includes(url)).length;

/** Waits until every indexnow job of the app has finished (none ready or running). */
async function drained(t: TestApp = env) {
  await vi.waitFor(
    async () => {
      const jobs = await t.app.shareJobs.list(INDEXNOW_JOB);
      if (jobs.some((j) => j.state === 'ready' || j.state === 'running')) throw new Error('jobs pending');
    },
    { timeout: 10_000, interval: 20 },
  );
}

/** Waits for the URL's n-th submission, then for the queue to drain, and checks there is no other. */
async function sentTimes(url: string, n: number) {
  await vi.waitFor(() => expect(sent(url)).toBeGreaterThanOrEqual(n), { timeout: 10_000, interval: 20 });
  await drained();
  expect(sent(url)).toBe(n);
}

async function edit(id: number, fields: Record<string, unknown>) {
  const a = await api(env, authorization, 'GET', `/api/admin/articles/${id}`);
  return api(env, authorization, 'PUT', `/api/admin/articles/${id}`, editBody(a, fields));
}

/** A picture in the library (no description, centred), and the main-picture URL articles show it by. */
async function libraryPicture(t: TestApp = env) {
  const id = crypto.randomBytes(16).toString('hex');
  await new ImagesRepository(t.database.db).insert({ id, width: 1600, height: 900, uploadedBy: null });
  return { id, imageUrl: imageVariantUrl(id, 960) };
}

describe('IndexNow, configured', () => {
  it('serves the key file as plain text; other .txt paths are as before', async () => {
    const res = await fetch(`${env.baseUrl}/${KEY}.txt`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(await res.text()).toBe(KEY);
    expect(await (await fetch(`${env.baseUrl}/robots.txt`)).text()).toMatch(/^User-agent: \*/);
    const other = await fetch(`${env.baseUrl}/not-${KEY}.txt`);
    expect(await other.text()).not.toBe(KEY);
  });

  it('a publish sends the URL once, with the host and the key file the fake verified', async () => {
    const article = await insertArticle(env.database.db);
    await api(env, authorization, 'POST', `/api/admin/articles/${article.id}/publish`);
    const url = urlOf(article.slug);
    await sentTimes(url, 1);
    const submission = fake.submissions.find((s) => s.urlList.includes(url))!;
    expect(submission).toMatchObject({
      host: new URL(env.baseUrl).host,
      key: KEY,
      keyLocation: `${env.baseUrl}/${KEY}.txt`,
    });
  });

  it('an unpublish sends it again, and so does a move to the Trash', async () => {
    const a = await insertArticle(env.database.db);
    await api(env, authorization, 'POST', `/api/admin/articles/${a.id}/publish`);
    await sentTimes(urlOf(a.slug), 1);
    await api(env, authorization, 'POST', `/api/admin/articles/${a.id}/unpublish`);
    await sentTimes(urlOf(a.slug), 2);

    const b = await insertArticle(env.database.db, { published_at: daysAgo(1) });
    await api(env, authorization, 'DELETE', `/api/admin/articles/${b.id}`);
    await sentTimes(urlOf(b.slug), 1);
  });

  it('an edit readers see is sent; one of editorial metadata only is not', async () => {
    const a = await insertArticle(env.database.db, { published_at: daysAgo(1) });
    await edit(a.id, { comments: 'Only the desk reads this.' });
    await drained();
    expect(sent(urlOf(a.slug))).toBe(0);
    await edit(a.id, { summary: 'A new summary readers see.' });
    await sentTimes(urlOf(a.slug), 1);
  });

  it('a live blog entry posted, corrected or deleted sends its public page; a draft live blog sends nothing', async () => {
    const a = await insertArticle(env.database.db, { published_at: daysAgo(1) });
    await api(env, authorization, 'POST', `/api/admin/articles/${a.id}/live/start`);
    const entries = `/api/admin/articles/${a.id}/live/entries`;
    const entry = await api(env, authorization, 'POST', entries, {
      body: legacyTextToBody('The moose has the floor.'),
    });
    await sentTimes(urlOf(a.slug), 1);
    await api(env, authorization, 'PATCH', `${entries}/${entry.id}`, {
      body: legacyTextToBody('The moose still has the floor.'),
      version: entry.version,
    });
    await sentTimes(urlOf(a.slug), 2);
    await api(env, authorization, 'DELETE', `${entries}/${entry.id}`);
    await sentTimes(urlOf(a.slug), 3);

    const draft = await insertArticle(env.database.db);
    await api(env, authorization, 'POST', `/api/admin/articles/${draft.id}/live/start`);
    await api(env, authorization, 'POST', `/api/admin/articles/${draft.id}/live/entries`, {
      body: legacyTextToBody('Nobody reads this yet.'),
    });
    await drained();
    expect(sent(urlOf(draft.slug))).toBe(0);
  });

  it('a published article restored from the Trash is sent; an article created published is sent', async () => {
    const a = await insertArticle(env.database.db, { published_at: daysAgo(1) });
    await api(env, authorization, 'DELETE', `/api/admin/articles/${a.id}`);
    await sentTimes(urlOf(a.slug), 1);
    await api(env, authorization, 'POST', `/api/admin/articles/${a.id}/restore`);
    await sentTimes(urlOf(a.slug), 2);

    const created = await api(env, authorization, 'POST', '/api/admin/articles', {
      headline: 'Goat elected mayor in landslide',
      category: 'Politics',
      published: true,
    });
    await sentTimes(urlOf(created.slug), 1);
  });

  it('a scheduled article published by the scheduler is sent', async () => {
    const a = await insertArticle(env.database.db, { publish_at: daysAgo(0.01) });
    await env.app.scheduler.tick();
    await sentTimes(urlOf(a.slug), 1);
  });

  it('URLs queued within the window go in one submission', async () => {
    const [a, b] = [await insertArticle(env.database.db), await insertArticle(env.database.db)];
    // The workers held while both are queued, as if both fell in one window however slow this machine is.
    await env.app.shareJobs.stop();
    try {
      await api(env, authorization, 'POST', `/api/admin/articles/${a.id}/publish`);
      await api(env, authorization, 'POST', `/api/admin/articles/${b.id}/publish`);
      await new Promise((r) => setTimeout(r, BATCH_MS * 2));
    } finally {
      env.app.shareJobs.start();
    }
    await sentTimes(urlOf(b.slug), 1);
    expect(sent(urlOf(a.slug))).toBe(1);
    expect(fake.submissions.find((s) => s.urlList.includes(urlOf(a.slug)))?.urlList).toEqual(
      expect.arrayContaining([urlOf(a.slug), urlOf(b.slug)]),
    );
  });

  it('a picture change sends, in one job, the URLs of the public articles it changed; drafts nothing', async () => {
    const { id, imageUrl } = await libraryPicture();
    const published = await insertArticle(env.database.db, { published_at: daysAgo(1), image_url: imageUrl });
    const alsoPublished = await insertArticle(env.database.db, { published_at: daysAgo(2), image_url: imageUrl });
    const draft = await insertArticle(env.database.db, { image_url: imageUrl });
    const scheduled = await insertArticle(env.database.db, { publish_at: daysAgo(-1), image_url: imageUrl });
    const described = await insertArticle(env.database.db, {
      published_at: daysAgo(1),
      image_url: imageUrl,
      image_alt: 'Its own description',
    });
    const trashed = await insertArticle(env.database.db, {
      published_at: daysAgo(1),
      deleted_at: daysAgo(0.5),
      image_url: imageUrl,
    });
    const jobsBefore = (await env.app.shareJobs.list(INDEXNOW_JOB)).length;
    await api(env, authorization, 'PATCH', `/api/admin/images/${id}`, { alt: 'A goat on the town hall roof' });
    await sentTimes(urlOf(published.slug), 1);
    const jobs = await env.app.shareJobs.list(INDEXNOW_JOB);
    expect(jobs).toHaveLength(jobsBefore + 1);
    expect(jobs.at(-1)!.payload.urls).toEqual(
      expect.arrayContaining([urlOf(published.slug), urlOf(alsoPublished.slug)]),
    );
    expect(jobs.at(-1)!.payload.urls).toHaveLength(2);
    const submission = fake.submissions.find((s) => s.urlList.includes(urlOf(published.slug)))!;
    expect([...submission.urlList].sort()).toEqual([urlOf(published.slug), urlOf(alsoPublished.slug)].sort());
    for (const quiet of [draft, scheduled, described, trashed]) expect(sent(urlOf(quiet.slug))).toBe(0);
  });

  it('a picture change that changes no article sends nothing', async () => {
    const { id, imageUrl } = await libraryPicture();
    const a = await insertArticle(env.database.db, {
      published_at: daysAgo(1),
      image_url: imageUrl,
      image_alt: 'Its own description',
    });
    const submissions = fake.submissions.length;
    const jobsBefore = (await env.app.shareJobs.list(INDEXNOW_JOB)).length;
    // The caption is the library's only; the article keeps its own description; the focal point is the same.
    await api(env, authorization, 'PATCH', `/api/admin/images/${id}`, {
      caption: 'The roof',
      alt: 'A goat',
      focalX: 0.5,
      focalY: 0.5,
    });
    await new Promise((r) => setTimeout(r, BATCH_MS * 2));
    await drained();
    expect(await env.app.shareJobs.list(INDEXNOW_JOB)).toHaveLength(jobsBefore);
    expect(fake.submissions.length).toBe(submissions);
    expect(sent(urlOf(a.slug))).toBe(0);
  });

  it('a 429 is tried again later and the URL then sent once', async () => {
    const answered = fake.answers.length;
    fake.failNext(429, 1);
    const a = await insertArticle(env.database.db);
    await api(env, authorization, 'POST', `/api/admin/articles/${a.id}/publish`);
    await sentTimes(urlOf(a.slug), 1);
    expect(fake.answers.slice(answered)).toEqual([429, 200]);
  });
});

describe('IndexNow refusals', () => {
  it('a key file the engine cannot verify (403) is logged once with the key masked, and not tried again', async () => {
    // The site's address is one nothing answers on: the fake's fetch of the key file fails, as a real
    // engine's would, and it answers 403.
    const t = await createTestApp({
      captureLogs: true,
      env: {
        ...JOB_ENV,
        PUBLIC_URL: 'http://127.0.0.1:9',
        INDEXNOW_KEY: KEY,
        INDEXNOW_ENDPOINT: fake.endpoint,
        INDEXNOW_BATCH_MS: '0',
      },
    });
    try {
      const answered = fake.answers.length;
      const a = await insertArticle(t.database.db);
      await api(t, await t.bearer(), 'POST', `/api/admin/articles/${a.id}/publish`);
      await vi.waitFor(() => expect(fake.answers.length).toBeGreaterThan(answered), { timeout: 10_000, interval: 20 });
      await drained(t);
      await new Promise((r) => setTimeout(r, 200));
      expect(fake.answers.slice(answered)).toEqual([403]);
      const jobs = await t.app.shareJobs.list(INDEXNOW_JOB);
      expect(jobs.map((j) => j.state)).toEqual(['done']);
      const refused = t.logs.filter((l) => l.includes('indexnow: refused'));
      expect(refused).toHaveLength(1);
      expect(refused[0]).toContain(`****${KEY.slice(-4)}`);
      expect(t.logs.join('\n')).not.toContain(KEY);
    } finally {
      await t.close();
    }
  });
});

describe('IndexNow, not configured', () => {
  it('serves no key file, registers nothing and queues no job (a publish, a picture change)', async () => {
    const t = await createTestApp({ env: JOB_ENV });
    try {
      expect(t.app.hasDecorator('indexNow')).toBe(false);
      const res = await t.app.inject({ method: 'GET', url: `/${KEY}.txt` });
      expect(res.body).not.toBe(KEY);
      const a = await insertArticle(t.database.db);
      const auth = await t.bearer();
      await api(t, auth, 'POST', `/api/admin/articles/${a.id}/publish`);
      const { id, imageUrl } = await libraryPicture(t);
      const b = await insertArticle(t.database.db, { published_at: daysAgo(1), image_url: imageUrl });
      await api(t, auth, 'PATCH', `/api/admin/images/${id}`, { alt: 'A goat', focalX: 0.3, focalY: 0.6 });
      const shown = await t.database.db
        .selectFrom('articles')
        .select('image_alt')
        .where('id', '=', b.id)
        .executeTakeFirst();
      expect(shown?.image_alt).toBe('A goat');
      expect(await t.app.shareJobs.list(INDEXNOW_JOB)).toEqual([]);
    } finally {
      await t.close();
    }
  });
});
