import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../test-support/test-app.ts';
import { daysAgo, editBody, insertArticle, insertArticles } from '../test-support/admin-articles.ts';
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
/** The URL of another page of the site (a listing: '/', '/politics', '/author/{slug}'...). */
const pageUrl = (path: string) => `${env.baseUrl}${path}`;
/** How many accepted submissions named the URL. */
const sent = (url: string) => fake.submissions.filter((s) => s.urlList.includes(url)).length;

/** Waits until every indexnow job of the app has finished (none ready or running). */
async function drained(t: TestApp = env) {
  await vi.waitFor(
    async () => {
      const jobs = await t.app.jobs.list(INDEXNOW_JOB);
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

/** The URLs of each `indexnow` job queued for the article, oldest first, sorted within a job. */
async function jobUrls(articleId: number): Promise<string[][]> {
  const jobs = await env.app.jobs.list(INDEXNOW_JOB);
  return jobs.filter((j) => j.payload.articleId === articleId).map((j) => [...(j.payload.urls as string[])].sort());
}

/** The URLs of each `indexnow` job queued for an author's or a tag's change, oldest first, sorted within a job. */
async function recordJobUrls(kind: 'authors' | 'tags', id: number): Promise<string[][]> {
  const key = kind === 'authors' ? 'authorId' : 'tagId';
  const jobs = await env.app.jobs.list(INDEXNOW_JOB);
  return jobs.filter((j) => j.payload[key] === id).map((j) => [...(j.payload.urls as string[])].sort());
}

/** A new author or tag through the API (a unique name), and its id and slug. */
async function newRecord(kind: 'authors' | 'tags', name: string): Promise<{ id: number; slug: string }> {
  return api(env, authorization, 'POST', `/api/admin/${kind}`, { name: unique(name) });
}

/** Names the record on the articles (as their saves would), straight in the link tables. */
async function link(kind: 'authors' | 'tags', recordId: number, articles: { id: number }[]) {
  const db = env.database.db;
  if (kind === 'authors') {
    await db
      .insertInto('article_authors')
      .values(articles.map((a) => ({ article_id: a.id, author_id: recordId, position: 0 })))
      .execute();
  } else {
    await db
      .insertInto('article_tags')
      .values(articles.map((a) => ({ article_id: a.id, tag_id: recordId, position: 0 })))
      .execute();
  }
}

/** A published story, a draft, a scheduled one and one in the Trash: only the first has a public page. */
async function storiesOfEveryState() {
  const db = env.database.db;
  return {
    published: await insertArticle(db, { published_at: daysAgo(1) }),
    hidden: [
      await insertArticle(db),
      await insertArticle(db, { publish_at: daysAgo(-1) }),
      await insertArticle(db, { published_at: daysAgo(1), deleted_at: daysAgo(0.5) }),
    ],
  };
}

/** What the site answers for a path: its status and where a redirect leads. */
async function answer(path: string): Promise<{ status: number; location?: string }> {
  const res = await env.app.inject({ method: 'GET', url: path });
  const location = res.headers.location;
  return { status: res.statusCode, ...(typeof location === 'string' ? { location } : {}) };
}

/** A name no other test uses (authors and tags are shared by the whole database). */
const unique = (name: string) => `${name} ${crypto.randomBytes(3).toString('hex')}`;

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
    // Starting the coverage is sent by itself (the next test): the entries' sends are counted after it.
    await api(env, authorization, 'POST', `/api/admin/articles/${a.id}/live/start`);
    await sentTimes(urlOf(a.slug), 1);
    const entries = `/api/admin/articles/${a.id}/live/entries`;
    const entry = await api(env, authorization, 'POST', entries, {
      body: legacyTextToBody('The moose has the floor.'),
    });
    await sentTimes(urlOf(a.slug), 2);
    await api(env, authorization, 'PATCH', `${entries}/${entry.id}`, {
      body: legacyTextToBody('The moose still has the floor.'),
      version: entry.version,
    });
    await sentTimes(urlOf(a.slug), 3);
    await api(env, authorization, 'DELETE', `${entries}/${entry.id}`);
    await sentTimes(urlOf(a.slug), 4);
    // Each entry's job names the story alone (the card does not show entries).
    expect((await jobUrls(a.id)).slice(1)).toEqual([[urlOf(a.slug)], [urlOf(a.slug)], [urlOf(a.slug)]]);

    const draft = await insertArticle(env.database.db);
    await api(env, authorization, 'POST', `/api/admin/articles/${draft.id}/live/start`);
    await api(env, authorization, 'POST', `/api/admin/articles/${draft.id}/live/entries`, {
      body: legacyTextToBody('Nobody reads this yet.'),
    });
    await drained();
    expect(sent(urlOf(draft.slug))).toBe(0);
  });

  it('a correction added, fixed or removed on a published story sends its page and /corrections, no listing', async () => {
    const a = await insertArticle(env.database.db, { published_at: daysAgo(1) });
    const corrections = `/api/admin/articles/${a.id}/corrections`;
    const c = await api(env, authorization, 'POST', corrections, { text: 'The goat in the photo is called Gary.' });
    await sentTimes(urlOf(a.slug), 1);
    // The same text again is no change: nothing is sent.
    await api(env, authorization, 'PUT', `${corrections}/${c.id}`, { text: 'The goat in the photo is called Gary.' });
    await drained();
    expect(sent(urlOf(a.slug))).toBe(1);
    await api(env, authorization, 'PUT', `${corrections}/${c.id}`, { text: 'The goat in the photo is called Barry.' });
    await sentTimes(urlOf(a.slug), 2);
    await api(env, authorization, 'DELETE', `${corrections}/${c.id}`);
    await sentTimes(urlOf(a.slug), 3);
    // The story's page and the corrections page, one job a write; the card is unchanged (no home, section).
    const both = [urlOf(a.slug), pageUrl('/corrections')].sort();
    expect(await jobUrls(a.id)).toEqual([both, both, both]);
    const urlList = fake.submissions.find((s) => s.urlList.includes(urlOf(a.slug)))!.urlList;
    expect(urlList).toEqual(expect.arrayContaining(both));
  });

  it('a correction of an unpublished story sends nothing: neither its page nor /corrections shows it', async () => {
    const a = await insertArticle(env.database.db, { published_at: daysAgo(1) });
    const corrections = `/api/admin/articles/${a.id}/corrections`;
    const c = await api(env, authorization, 'POST', corrections, { text: 'The moose was a large dog.' });
    await api(env, authorization, 'POST', `/api/admin/articles/${a.id}/unpublish`);
    await drained();
    const jobs = (await jobUrls(a.id)).length;
    await api(env, authorization, 'PUT', `${corrections}/${c.id}`, { text: 'The moose was a very large dog.' });
    await api(env, authorization, 'DELETE', `${corrections}/${c.id}`);
    await drained();
    expect(await jobUrls(a.id)).toHaveLength(jobs);
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
    await env.app.jobs.stop();
    try {
      await api(env, authorization, 'POST', `/api/admin/articles/${a.id}/publish`);
      await api(env, authorization, 'POST', `/api/admin/articles/${b.id}/publish`);
      await new Promise((r) => setTimeout(r, BATCH_MS * 2));
    } finally {
      env.app.jobs.start();
    }
    await sentTimes(urlOf(b.slug), 1);
    expect(sent(urlOf(a.slug))).toBe(1);
    const urlList = fake.submissions.find((s) => s.urlList.includes(urlOf(a.slug)))!.urlList;
    expect(urlList).toEqual(expect.arrayContaining([urlOf(a.slug), urlOf(b.slug), pageUrl('/'), pageUrl('/politics')]));
    // Both stories' jobs name the home page and their section: the submission lists each URL once.
    expect(urlList.filter((u) => u === pageUrl('/'))).toHaveLength(1);
    expect(urlList.filter((u) => u === pageUrl('/politics'))).toHaveLength(1);
    expect(new Set(urlList).size).toBe(urlList.length);
  });

  it('a publish also sends the listings showing its card: home, section, its authors and tags pages', async () => {
    const a = await insertArticle(env.database.db, { category_id: 2 });
    // A draft's edit sends nothing (it is on no listing yet).
    const draft = await edit(a.id, { authors: [unique('Jane Goatherd')], tags: [unique('Goats')] });
    await api(env, authorization, 'POST', `/api/admin/articles/${a.id}/publish`);
    await sentTimes(urlOf(a.slug), 1);
    const expected = [
      urlOf(a.slug),
      pageUrl('/'),
      pageUrl('/technology'),
      pageUrl(`/author/${draft.authors[0].slug}`),
      pageUrl(`/tag/${draft.tags[0].slug}`),
    ].sort();
    expect(await jobUrls(a.id)).toEqual([expected]);
    const urlList = fake.submissions.find((s) => s.urlList.includes(urlOf(a.slug)))!.urlList;
    expect(urlList).toEqual(expect.arrayContaining(expected));
    expect(new Set(urlList).size).toBe(urlList.length);
  });

  it('an edit sends the listings it changed: authors and tags added or removed, old and new sections', async () => {
    const a = await insertArticle(env.database.db, { published_at: daysAgo(1), category_id: 1 });
    const authorName = unique('Jane Goatherd');
    // Authors and tags joined: their pages (and the story: its byline and tags changed), not the home
    // page or the section, whose card is the same.
    const first = await edit(a.id, { authors: [authorName], tags: [unique('Goats')] });
    const author = pageUrl(`/author/${first.authors[0].slug}`);
    const tag = pageUrl(`/tag/${first.tags[0].slug}`);
    // A new section: the card shows it, so every listing of the story, old section and new.
    await edit(a.id, { categoryId: 2 });
    // A new author in place of the first: both authors' pages only.
    const third = await edit(a.id, { authors: [unique('John Roe')] });
    const newAuthor = pageUrl(`/author/${third.authors[0].slug}`);
    // Unpublished: the story and every listing it was on.
    await api(env, authorization, 'POST', `/api/admin/articles/${a.id}/unpublish`);
    // Writes within one window go out together: as few submissions as windows, each naming the story once.
    await vi.waitFor(() => expect(sent(urlOf(a.slug))).toBeGreaterThanOrEqual(1), { timeout: 10_000, interval: 20 });
    await drained();
    expect(await jobUrls(a.id)).toEqual([
      [urlOf(a.slug), author, tag].sort(),
      [urlOf(a.slug), pageUrl('/'), pageUrl('/politics'), pageUrl('/technology'), author, tag].sort(),
      [urlOf(a.slug), author, newAuthor].sort(),
      [urlOf(a.slug), pageUrl('/'), pageUrl('/technology'), newAuthor, tag].sort(),
    ]);
  });

  it('a picture change sends, in one job, the public articles it changed and their listings; drafts nothing', async () => {
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
    const jobsBefore = (await env.app.jobs.list(INDEXNOW_JOB)).length;
    await api(env, authorization, 'PATCH', `/api/admin/images/${id}`, { alt: 'A goat on the town hall roof' });
    await sentTimes(urlOf(published.slug), 1);
    const jobs = await env.app.jobs.list(INDEXNOW_JOB);
    expect(jobs).toHaveLength(jobsBefore + 1);
    // Their pages, and the listings showing their cards (the card shows the picture and its description),
    // each once: both are in Politics and have no author records or tags.
    const expected = [urlOf(published.slug), urlOf(alsoPublished.slug), pageUrl('/'), pageUrl('/politics')].sort();
    expect([...(jobs.at(-1)!.payload.urls as string[])].sort()).toEqual(expected);
    const submission = fake.submissions.find((s) => s.urlList.includes(urlOf(published.slug)))!;
    expect([...submission.urlList].sort()).toEqual(expected);
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
    const jobsBefore = (await env.app.jobs.list(INDEXNOW_JOB)).length;
    // The caption is the library's only; the article keeps its own description; the focal point is the same.
    await api(env, authorization, 'PATCH', `/api/admin/images/${id}`, {
      caption: 'The roof',
      alt: 'A goat',
      focalX: 0.5,
      focalY: 0.5,
    });
    await new Promise((r) => setTimeout(r, BATCH_MS * 2));
    await drained();
    expect(await env.app.jobs.list(INDEXNOW_JOB)).toHaveLength(jobsBefore);
    expect(fake.submissions.length).toBe(submissions);
    expect(sent(urlOf(a.slug))).toBe(0);
  });

  it('live coverage started or ended on a published story sends it and its listings (the LIVE card); a draft nothing', async () => {
    const a = await insertArticle(env.database.db, { published_at: daysAgo(1), category_id: 2 });
    const tagged = await edit(a.id, { tags: [unique('Moose')] });
    await sentTimes(urlOf(a.slug), 1);
    const listings = [
      pageUrl('/'),
      pageUrl('/technology'),
      // The byline's author record (the edit kept the byline) and the tag.
      ...tagged.authors.map((r: { slug: string }) => pageUrl(`/author/${r.slug}`)),
      pageUrl(`/tag/${tagged.tags[0].slug}`),
    ];
    await api(env, authorization, 'POST', `/api/admin/articles/${a.id}/live/start`);
    await sentTimes(urlOf(a.slug), 2);
    await api(env, authorization, 'POST', `/api/admin/articles/${a.id}/live/end`);
    await sentTimes(urlOf(a.slug), 3);
    const both = [urlOf(a.slug), ...listings].sort();
    expect((await jobUrls(a.id)).slice(1)).toEqual([both, both]);

    const draft = await insertArticle(env.database.db);
    await api(env, authorization, 'POST', `/api/admin/articles/${draft.id}/live/start`);
    await api(env, authorization, 'POST', `/api/admin/articles/${draft.id}/live/end`);
    expect(await jobUrls(draft.id)).toEqual([]);
  });

  it('breaking set or cleared sends the story and its listings: the home page and its section show the strip', async () => {
    const a = await insertArticle(env.database.db, { published_at: daysAgo(1), category_id: 2 });
    const edited = await edit(a.id, { isBreaking: true });
    await sentTimes(urlOf(a.slug), 1);
    await edit(a.id, { isBreaking: false });
    await sentTimes(urlOf(a.slug), 2);
    // The card shows BREAKING too: its author's page (the byline's record) with them.
    const authors = edited.authors.map((r: { slug: string }) => pageUrl(`/author/${r.slug}`));
    const expected = [urlOf(a.slug), pageUrl('/'), pageUrl('/technology'), ...authors].sort();
    expect(await jobUrls(a.id)).toEqual([expected, expected]);
  });

  it('an author renamed or edited sends their pages and, for a new name, their public stories; no other story', async () => {
    const author = await newRecord('authors', 'Jane Goatherd');
    const { published, hidden } = await storiesOfEveryState();
    await link('authors', author.id, [published, ...hidden]);
    const renamed = await api(env, authorization, 'PATCH', `/api/admin/authors/${author.id}`, {
      name: unique('Jane Shepherd'),
    });
    const oldPage = pageUrl(`/author/${author.slug}`);
    const newPage = pageUrl(`/author/${renamed.slug}`);
    // The old address (a redirect now), the new one, and the one public story naming her (its byline).
    expect(await recordJobUrls('authors', author.id)).toEqual([[oldPage, newPage, urlOf(published.slug)].sort()]);
    await sentTimes(newPage, 1);
    expect(sent(oldPage)).toBe(1);
    expect(sent(urlOf(published.slug))).toBe(1);
    // A bio and a photo: her page only (a story shows her name only).
    await api(env, authorization, 'PATCH', `/api/admin/authors/${author.id}`, {
      bio: 'Raised by goats.',
      photoUrl: 'https://example.com/jane.jpg',
    });
    await sentTimes(newPage, 2);
    expect((await recordJobUrls('authors', author.id)).at(-1)).toEqual([newPage]);
    // The same again: nothing changed, nothing sent.
    await api(env, authorization, 'PATCH', `/api/admin/authors/${author.id}`, { bio: 'Raised by goats.' });
    expect(await recordJobUrls('authors', author.id)).toHaveLength(2);
    await drained();
    for (const quiet of hidden) expect(sent(urlOf(quiet.slug))).toBe(0);
  });

  it('an author merged into another sends both pages and the merged one’s public stories', async () => {
    const from = await newRecord('authors', 'Jon Goat');
    const into = await newRecord('authors', 'Jonathan Goat');
    const { published, hidden } = await storiesOfEveryState();
    const theirs = await insertArticle(env.database.db, { published_at: daysAgo(2) });
    await link('authors', from.id, [published, ...hidden]);
    await link('authors', into.id, [theirs]);
    await api(env, authorization, 'POST', `/api/admin/authors/${from.id}/merge`, { into: into.id });
    const expected = [pageUrl(`/author/${from.slug}`), pageUrl(`/author/${into.slug}`), urlOf(published.slug)].sort();
    expect(await recordJobUrls('authors', from.id)).toEqual([expected]);
    await sentTimes(urlOf(published.slug), 1);
    const submission = fake.submissions.find((s) => s.urlList.includes(urlOf(published.slug)))!;
    expect(submission.urlList).toEqual(expect.arrayContaining(expected));
    // The surviving author's own story did not change (its byline is the same).
    expect(sent(urlOf(theirs.slug))).toBe(0);
    for (const quiet of hidden) expect(sent(urlOf(quiet.slug))).toBe(0);
  });

  it('a tag renamed, merged and deleted sends its pages and its public stories each time', async () => {
    const tag = await newRecord('tags', 'Goats');
    const other = await newRecord('tags', 'Sheep');
    const { published, hidden } = await storiesOfEveryState();
    await link('tags', tag.id, [published, ...hidden]);
    const story = urlOf(published.slug);
    const renamed = await api(env, authorization, 'PATCH', `/api/admin/tags/${tag.id}`, { name: unique('Kids') });
    await sentTimes(story, 1);
    await api(env, authorization, 'POST', `/api/admin/tags/${tag.id}/merge`, { into: other.id });
    await sentTimes(story, 2);
    // The merge: the first address too (it led to the renamed tag, now to the one merged into).
    expect(await recordJobUrls('tags', tag.id)).toEqual([
      [pageUrl(`/tag/${tag.slug}`), pageUrl(`/tag/${renamed.slug}`), story].sort(),
      [pageUrl(`/tag/${tag.slug}`), pageUrl(`/tag/${renamed.slug}`), pageUrl(`/tag/${other.slug}`), story].sort(),
    ]);
    // The tag merged into is now on the stories: deleting it takes it off them, and the merged tag's
    // addresses, which led to it, answer 404 now.
    await api(env, authorization, 'DELETE', `/api/admin/tags/${other.id}`);
    await sentTimes(story, 3);
    expect(await recordJobUrls('tags', other.id)).toEqual([
      [pageUrl(`/tag/${other.slug}`), pageUrl(`/tag/${tag.slug}`), pageUrl(`/tag/${renamed.slug}`), story].sort(),
    ]);
    for (const quiet of hidden) expect(sent(urlOf(quiet.slug))).toBe(0);
  });

  it('an author renamed twice, then merged: the first address is sent each time it leads elsewhere', async () => {
    const author = await newRecord('authors', 'Jo Kidd');
    const into = await newRecord('authors', 'Joanna Kidd');
    const { published, hidden } = await storiesOfEveryState();
    await link('authors', author.id, [published, ...hidden]);
    const story = urlOf(published.slug);
    const rename = (name: string) =>
      api(env, authorization, 'PATCH', `/api/admin/authors/${author.id}`, { name: unique(name) });
    const second = await rename('Jo Nanny');
    await sentTimes(story, 1);
    const third = await rename('Jo Billy');
    await sentTimes(story, 2);
    // The first address leads straight to the newest one (no chain): its target changed with the second rename.
    expect(await answer(`/author/${author.slug}`)).toEqual({ status: 301, location: `/author/${third.slug}` });
    await api(env, authorization, 'POST', `/api/admin/authors/${author.id}/merge`, { into: into.id });
    await sentTimes(story, 3);
    expect(await answer(`/author/${author.slug}`)).toEqual({ status: 301, location: `/author/${into.slug}` });
    const first = pageUrl(`/author/${author.slug}`);
    const secondPage = pageUrl(`/author/${second.slug}`);
    const thirdPage = pageUrl(`/author/${third.slug}`);
    // The first rename: the old and new pages; the second: the first address too (it led to the second, now to
    // the third); the merge: every earlier address (they lead to the author merged into now).
    expect(await recordJobUrls('authors', author.id)).toEqual([
      [first, secondPage, story].sort(),
      [first, secondPage, thirdPage, story].sort(),
      [first, secondPage, thirdPage, pageUrl(`/author/${into.slug}`), story].sort(),
    ]);
    expect(sent(first)).toBe(3);
    for (const quiet of hidden) expect(sent(urlOf(quiet.slug))).toBe(0);
  });

  it('a tag renamed twice, then deleted: its earlier addresses are sent, they answer 404 now', async () => {
    const tag = await newRecord('tags', 'Kids');
    const { published } = await storiesOfEveryState();
    await link('tags', tag.id, [published]);
    const story = urlOf(published.slug);
    const second = await api(env, authorization, 'PATCH', `/api/admin/tags/${tag.id}`, { name: unique('Goatlings') });
    await sentTimes(story, 1);
    const third = await api(env, authorization, 'PATCH', `/api/admin/tags/${tag.id}`, { name: unique('Yeanlings') });
    await sentTimes(story, 2);
    expect(await answer(`/News/tag/${tag.slug}`)).toEqual({ status: 301, location: `/News/tag/${third.slug}` });
    await api(env, authorization, 'DELETE', `/api/admin/tags/${tag.id}`);
    await sentTimes(story, 3);
    expect((await answer(`/News/tag/${tag.slug}`)).status).toBe(404);
    expect((await answer(`/News/tag/${second.slug}`)).status).toBe(404);
    const first = pageUrl(`/tag/${tag.slug}`);
    const secondPage = pageUrl(`/tag/${second.slug}`);
    const thirdPage = pageUrl(`/tag/${third.slug}`);
    // The deletion: its address and both earlier ones (they redirected to it).
    expect((await recordJobUrls('tags', tag.id)).at(-1)).toEqual([first, secondPage, thirdPage, story].sort());
    expect(sent(first)).toBe(3);
  });

  it('an author or a tag named by no public story sends nothing, whatever the change', async () => {
    const { hidden } = await storiesOfEveryState();
    const author = await newRecord('authors', 'Ghost Writer');
    const into = await newRecord('authors', 'Other Ghost');
    const tag = await newRecord('tags', 'Embargoed');
    const lonely = await newRecord('authors', 'Nobody');
    await link('authors', author.id, hidden);
    await link('tags', tag.id, hidden);
    const jobsBefore = (await env.app.jobs.list(INDEXNOW_JOB)).length;
    await api(env, authorization, 'PATCH', `/api/admin/authors/${author.id}`, {
      name: unique('Ghost'),
      bio: 'Unseen.',
    });
    await api(env, authorization, 'POST', `/api/admin/authors/${author.id}/merge`, { into: into.id });
    await api(env, authorization, 'PATCH', `/api/admin/tags/${tag.id}`, { name: unique('Still embargoed') });
    await api(env, authorization, 'DELETE', `/api/admin/tags/${tag.id}`);
    await api(env, authorization, 'PATCH', `/api/admin/authors/${lonely.id}`, { name: unique('Nobody at all') });
    await api(env, authorization, 'DELETE', `/api/admin/authors/${lonely.id}`);
    // Queued in the writes' transactions: none was.
    expect(await env.app.jobs.list(INDEXNOW_JOB)).toHaveLength(jobsBefore);
  });

  it('a tag on more public stories than a job holds: jobs of at most 1,000 URLs, sent together', async () => {
    const tag = await newRecord('tags', 'Everything');
    const stories = await insertArticles(
      env.database.db,
      Array.from({ length: 1001 }, () => ({ published_at: daysAgo(1) })),
    );
    await link('tags', tag.id, stories);
    const renamed = await api(env, authorization, 'PATCH', `/api/admin/tags/${tag.id}`, {
      name: unique('Absolutely everything'),
    });
    const expected = [
      pageUrl(`/tag/${tag.slug}`),
      pageUrl(`/tag/${renamed.slug}`),
      ...stories.map((a) => urlOf(a.slug)),
    ].sort();
    const jobs = await recordJobUrls('tags', tag.id);
    // (Queued in one transaction: the queue lists them in no particular order.)
    expect(jobs.map((j) => j.length).sort((x, y) => x - y)).toEqual([3, 1000]);
    expect(jobs.flat().sort()).toEqual(expected);
    await sentTimes(urlOf(stories.at(-1)!.slug), 1);
    // One worker: both jobs of the window in one submission, each URL once.
    const submission = fake.submissions.find((s) => s.urlList.includes(urlOf(stories[0]!.slug)))!;
    expect(submission.urlList).toEqual(expect.arrayContaining(expected));
    expect(new Set(submission.urlList).size).toBe(submission.urlList.length);
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
      const jobs = await t.app.jobs.list(INDEXNOW_JOB);
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

describe('IndexNow turned off', () => {
  it('a start without INDEXNOW_KEY cancels the notifications queued while it was set, and says how many', async () => {
    // An instance with the key and no workers queues a publish's notification; the next start has no key.
    const on = await createTestApp({
      env: {
        ...JOB_ENV,
        SHARE_JOBS_ENABLED: 'false',
        INDEXNOW_KEY: KEY,
        INDEXNOW_ENDPOINT: fake.endpoint,
        INDEXNOW_BATCH_MS: '0',
      },
    });
    try {
      const a = await insertArticle(on.database.db);
      await api(on, await on.bearer(), 'POST', `/api/admin/articles/${a.id}/publish`);
      expect((await on.app.jobs.list(INDEXNOW_JOB)).map((j) => j.state)).toEqual(['ready']);
      const off = await createTestApp({ config: { ...on.config, indexNow: null }, captureLogs: true });
      try {
        const said = off.logs.filter((l) => l.includes('queued notifications cancelled'));
        expect(said).toHaveLength(1);
        expect(JSON.parse(said[0]!)).toMatchObject({ level: 40, cancelled: 1 });
      } finally {
        await off.close();
      }
      expect((await on.app.jobs.list(INDEXNOW_JOB)).map((j) => j.state)).toEqual(['done']);
      expect(await on.app.jobs.pending()).toBe(0);
      // The key set again, with workers: the cancelled notification is not sent (nothing is posted).
      const answered = fake.answers.length;
      const { shares } = on.config.social;
      const again = await createTestApp({
        config: { ...on.config, social: { ...on.config.social, shares: { ...shares, workers: true } } },
      });
      try {
        await new Promise((r) => setTimeout(r, 300));
        expect(fake.answers.length).toBe(answered);
      } finally {
        await again.close();
      }
    } finally {
      await on.close();
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
      expect(await t.app.jobs.list(INDEXNOW_JOB)).toEqual([]);
    } finally {
      await t.close();
    }
  });
});
