import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { auditFor } from '../../repositories/audit-log.ts';
import { writeFakeDist } from '../../test-support/fake-web-dist.ts';
import { expectProblem } from '../../test-support/problem-assertions.ts';
import { createTestApp, type TestApp } from '../../test-support/test-app.ts';

/**
 * The search and social fields (decision 043) through the admin API, and the public article page's
 * head that uses them (SQLite in `api`, PostgreSQL in `api-pg`).
 */
let t: TestApp;
let auth: { authorization: string };
let distDir: string;

beforeAll(async () => {
  distDir = await fs.mkdtemp(path.join(os.tmpdir(), 'tabloid-search-social-dist-'));
  await writeFakeDist(distDir);
  t = await createTestApp({
    env: { WEB_DIST_DIR: distDir, SITE_NAME: 'The Daily Smear', PUBLIC_URL: 'https://smear.example' },
  });
  auth = { authorization: await t.bearer({ sub: 'editor-seo', name: 'Sally Search' }) };
});
afterAll(async () => {
  await t?.close();
  if (distDir) await fs.rm(distDir, { recursive: true, force: true });
});
beforeEach(async () => {
  await t.database.db.deleteFrom('articles').execute();
  t.app.newsCache.clear();
});

const HEADLINE = 'Mayor Swaps Town Hall For Bouncy Castle';
const SUMMARY = 'Council meetings will now be held on an inflatable, the mayor said.';

function call(method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) {
  return t.app.inject({
    method,
    url,
    headers: { ...auth, ...(payload ? { 'content-type': 'application/json' } : {}) },
    ...(payload ? { payload: JSON.stringify(payload) } : {}),
  });
}

async function create(fields: Record<string, unknown> = {}) {
  const res = await call('POST', '/api/admin/articles', {
    headline: HEADLINE,
    summary: SUMMARY,
    content: 'The castle has a moat of foam.',
    category: 'Politics',
    published: true,
    ...fields,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: number; slug: string; version: number; metaTitle?: string; metaDescription?: string };
}

function put(id: number, version: number, fields: Record<string, unknown>) {
  return call('PUT', `/api/admin/articles/${id}`, {
    headline: HEADLINE,
    summary: SUMMARY,
    content: 'The castle has a moat of foam.',
    category: 'Politics',
    version,
    ...fields,
  });
}

function unescape(s: string): string {
  return s
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}
function meta(html: string, key: string): string | undefined {
  const m = new RegExp(`<meta (?:property|name)="${key.replace(/[:.]/g, '\\$&')}" content="([^"]*)"`).exec(html);
  return m ? unescape(m[1]!) : undefined;
}
async function head(slug: string) {
  t.app.newsCache.clear();
  const res = await t.app.inject({ url: `/article/${slug}` });
  expect(res.statusCode).toBe(200);
  const html = res.body;
  const jsonLd = [...html.matchAll(/<script type="application\/ld\+json">([^<]*)<\/script>/g)].map(
    (m) => JSON.parse(m[1]!) as { '@type': string | string[]; headline?: string; description?: string },
  );
  return {
    title: unescape(/<title>([^<]*)<\/title>/.exec(html)?.[1] ?? ''),
    description: meta(html, 'description'),
    ogTitle: meta(html, 'og:title'),
    ogDescription: meta(html, 'og:description'),
    twitterTitle: meta(html, 'twitter:title'),
    twitterDescription: meta(html, 'twitter:description'),
    newsArticle: jsonLd.find((d) => [d['@type']].flat().includes('NewsArticle')),
  };
}

describe('storing the search and social fields', () => {
  it('stores them on one line and trimmed, sends them back, and keeps them when an edit leaves them out', async () => {
    const created = await create({
      metaTitle: '  Bouncy   castle\ttown hall  ',
      metaDescription: '\nThe mayor moves the council\n onto an inflatable. ',
    });
    expect(created.metaTitle).toBe('Bouncy castle town hall');
    expect(created.metaDescription).toBe('The mayor moves the council onto an inflatable.');
    const read = (await call('GET', `/api/admin/articles/${created.id}`)).json();
    expect(read).toMatchObject({
      metaTitle: 'Bouncy castle town hall',
      metaDescription: 'The mayor moves the council onto an inflatable.',
    });
    const row = await t.database.db
      .selectFrom('articles')
      .select(['meta_title', 'meta_description'])
      .where('id', '=', created.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({
      meta_title: 'Bouncy castle town hall',
      meta_description: 'The mayor moves the council onto an inflatable.',
    });

    // Left out of an edit: unchanged.
    const kept = await put(created.id, created.version, { summary: 'A new summary.' });
    expect(kept.statusCode, kept.body).toBe(200);
    expect(kept.json()).toMatchObject({ metaTitle: 'Bouncy castle town hall' });

    // '' and null clear them.
    const cleared = await put(created.id, kept.json().version, { metaTitle: '', metaDescription: null });
    expect(cleared.statusCode, cleared.body).toBe(200);
    expect(cleared.json()).toMatchObject({ metaTitle: '', metaDescription: '' });
  });

  it("gives a new article without them '' and leaves them out of lists", async () => {
    const created = await create();
    expect(created).toMatchObject({ metaTitle: '', metaDescription: '' });
    const list = (await call('GET', '/api/admin/articles')).json() as { articles: object[] };
    expect(list.articles[0]).not.toHaveProperty('metaTitle');
  });

  it('counts the limits after trimming: 70 and 160 characters fit', async () => {
    const created = await create({ metaTitle: `  ${'t'.repeat(70)}  `, metaDescription: ` ${'d'.repeat(160)}\n` });
    expect(created.metaTitle).toHaveLength(70);
    expect(created.metaDescription).toHaveLength(160);
  });

  it('refuses a longer title or description, or a control character, with a 400 naming the field', async () => {
    const before = await t.database.db.selectFrom('articles').select('id').execute();
    const long = await call('POST', '/api/admin/articles', {
      headline: HEADLINE,
      category: 'Politics',
      metaTitle: 't'.repeat(71),
      metaDescription: 'd'.repeat(161),
    });
    const body = expectProblem(long, 400);
    expect(body.errors).toEqual(
      expect.arrayContaining([
        { in: 'body', name: 'metaTitle', message: 'must be at most 70 characters (it has 71)' },
        { in: 'body', name: 'metaDescription', message: 'must be at most 160 characters (it has 161)' },
      ]),
    );
    const control = await call('POST', '/api/admin/articles', {
      headline: HEADLINE,
      category: 'Politics',
      metaTitle: 'Bell\u0007',
    });
    expect(expectProblem(control, 400).errors).toEqual([
      { in: 'body', name: 'metaTitle', message: expect.stringContaining('control characters') },
    ]);
    const wrongType = await call('POST', '/api/admin/articles', {
      headline: HEADLINE,
      category: 'Politics',
      metaDescription: 5,
    });
    expect(expectProblem(wrongType, 400).errors).toEqual([
      { in: 'body', name: 'metaDescription', message: 'must be a string of at most 160 characters or null' },
    ]);
    expect(await t.database.db.selectFrom('articles').select('id').execute()).toEqual(before);

    const created = await create();
    const edit = await put(created.id, created.version, { metaTitle: 'x'.repeat(71) });
    expect(expectProblem(edit, 400).errors).toEqual([
      { in: 'body', name: 'metaTitle', message: 'must be at most 70 characters (it has 71)' },
    ]);
  });
});

describe('counting characters as the editor sees them (common/text-length.ts)', () => {
  const THUMB = '\u{1F44D}\u{1F3FD}'; // an emoji with a skin tone: 2 code points, 4 UTF-16 units
  const FAMILY = '\u{1F468}\u200D\u{1F469}\u200D\u{1F467}\u200D\u{1F466}'; // 7 code points, 11 units
  // The longest a character may be and still count one: a letter under 31 combining accents (32 units).
  const PILED = `a${'\u0301'.repeat(31)}`;

  it('takes 70 emoji with a skin tone as 70 characters, and refuses 71 with (it has 71)', async () => {
    const title = THUMB.repeat(70);
    const description = FAMILY.repeat(160);
    const created = await create({ metaTitle: title, metaDescription: description });
    expect(created).toMatchObject({ metaTitle: title, metaDescription: description });
    const row = await t.database.db
      .selectFrom('articles')
      .select(['meta_title', 'meta_description'])
      .where('id', '=', created.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ meta_title: title, meta_description: description });
    // The page head keeps the 160 characters whole.
    expect((await head(created.slug)).description).toBe(description);

    const long = await call('POST', '/api/admin/articles', {
      headline: HEADLINE,
      category: 'Politics',
      metaTitle: THUMB.repeat(71),
      metaDescription: FAMILY.repeat(161),
    });
    expect(expectProblem(long, 400).errors).toEqual(
      expect.arrayContaining([
        { in: 'body', name: 'metaTitle', message: 'must be at most 70 characters (it has 71)' },
        { in: 'body', name: 'metaDescription', message: 'must be at most 160 characters (it has 161)' },
      ]),
    );
    const edit = await put(created.id, created.version, { metaTitle: ` ${THUMB.repeat(71)} ` });
    expect(expectProblem(edit, 400).errors).toEqual([
      { in: 'body', name: 'metaTitle', message: 'must be at most 70 characters (it has 71)' },
    ]);
  });

  it('never refuses a text within the limit by its safety cap, and refuses a longer one by the rule', async () => {
    const created = await create({ metaTitle: PILED.repeat(70), metaDescription: PILED.repeat(160) });
    expect(created.metaTitle).toBe(PILED.repeat(70));
    expect(created.metaDescription).toBe(PILED.repeat(160));
    const over = await put(created.id, created.version, { metaTitle: `${PILED.repeat(69)}${THUMB}${THUMB}` });
    expect(expectProblem(over, 400).errors).toEqual([
      { in: 'body', name: 'metaTitle', message: 'must be at most 70 characters (it has 71)' },
    ]);
    // One more accent makes the last letter a 33-unit cluster, counted as two: over the limit and the cap.
    const piled = await put(created.id, created.version, { metaTitle: `${PILED.repeat(70)}\u0301` });
    expect(expectProblem(piled, 400).errors).toEqual([{ in: 'body', name: 'metaTitle', message: expect.any(String) }]);
  });
});

describe('history', () => {
  it('records the change in the revision, its snapshot and the audit trail, and a restore brings them back', async () => {
    const created = await create({ metaTitle: 'First title' });
    const edited = await put(created.id, created.version, {
      metaTitle: 'Second title',
      metaDescription: 'Now with a description.',
    });
    expect(edited.statusCode, edited.body).toBe(200);
    const { revisions } = (await call('GET', `/api/admin/articles/${created.id}/revisions`)).json() as {
      revisions: { id: number; version: number; changedFields: string[] }[];
    };
    const [latest, first] = revisions;
    expect(latest!.changedFields).toEqual(['metaTitle', 'metaDescription']);
    const snapshot = (await call('GET', `/api/admin/articles/${created.id}/revisions/${first!.id}`)).json().snapshot;
    expect(snapshot).toMatchObject({ metaTitle: 'First title', metaDescription: '' });
    const audit = await auditFor(t.database.db, created.id);
    const last = audit.at(-1)!;
    expect(JSON.parse(last.before!)).toMatchObject({ meta_title: 'First title', meta_description: '' });
    expect(JSON.parse(last.after!)).toMatchObject({
      meta_title: 'Second title',
      meta_description: 'Now with a description.',
    });

    const restored = await call('POST', `/api/admin/articles/${created.id}/revisions/${first!.id}/restore`, {
      version: edited.json().version,
    });
    expect(restored.statusCode, restored.body).toBe(200);
    expect(restored.json()).toMatchObject({ metaTitle: 'First title', metaDescription: '' });
  });

  it('does not mark a published story as updated for readers when only these fields change', async () => {
    const created = await create();
    const edited = await put(created.id, created.version, { metaTitle: 'Search only' });
    expect(edited.statusCode, edited.body).toBe(200);
    const row = await t.database.db
      .selectFrom('articles')
      .select('modified_at')
      .where('id', '=', created.id)
      .executeTakeFirstOrThrow();
    expect(row.modified_at).toBeNull();
  });
});

describe('the public article page', () => {
  it("uses them in the head's title, description, Open Graph and X card; the structured data keeps the headline", async () => {
    const created = await create({
      metaTitle: 'Bouncy castle town hall',
      metaDescription: 'The mayor moves the council onto an inflatable.',
    });
    const h = await head(created.slug);
    expect(h.title).toBe('Bouncy castle town hall | The Daily Smear');
    expect(h.ogTitle).toBe('Bouncy castle town hall');
    expect(h.twitterTitle).toBe('Bouncy castle town hall');
    expect(h.description).toBe('The mayor moves the council onto an inflatable.');
    expect(h.ogDescription).toBe('The mayor moves the council onto an inflatable.');
    expect(h.twitterDescription).toBe('The mayor moves the council onto an inflatable.');
    expect(h.newsArticle?.headline).toBe(HEADLINE);
    expect(h.newsArticle?.description).toBe(SUMMARY);

    // The public article carries them (the browser keeps the page's title); lists do not.
    const publicArticle = (await t.app.inject({ url: `/News/slug/${created.slug}` })).json();
    expect(publicArticle).toMatchObject({ headline: HEADLINE, metaTitle: 'Bouncy castle town hall' });
    const list = (await t.app.inject({ url: '/News?count=10' })).json() as { allArticles: object[] };
    expect(list.allArticles[0]).not.toHaveProperty('metaTitle');
    expect(list.allArticles[0]).not.toHaveProperty('metaDescription');
  });

  it('falls back to the headline and the summary when they are empty, and again once cleared', async () => {
    const created = await create({ metaTitle: 'Only a title' });
    let h = await head(created.slug);
    expect(h.title).toBe('Only a title | The Daily Smear');
    expect(h.description).toBe(SUMMARY);
    expect(h.twitterDescription).toBe(SUMMARY);

    const cleared = await put(created.id, created.version, { metaTitle: '   ' });
    expect(cleared.statusCode, cleared.body).toBe(200);
    h = await head(created.slug);
    expect(h.title).toBe(`${HEADLINE} | The Daily Smear`);
    expect(h.ogTitle).toBe(HEADLINE);
    expect(h.twitterTitle).toBe(HEADLINE);
    expect(h.description).toBe(SUMMARY);
    const publicArticle = (await t.app.inject({ url: `/News/slug/${created.slug}` })).json();
    expect(publicArticle).not.toHaveProperty('metaTitle');
    expect(publicArticle).not.toHaveProperty('metaDescription');
  });
});
