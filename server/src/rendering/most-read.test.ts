import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { PROJECT_ROOT as ROOT } from '../project-root.ts';
import { hourOf } from '../repositories/article-reads.ts';
import { daysAgo, insertArticle } from '../test-support/admin-articles.ts';
import { createTestApp, type TestApp } from '../test-support/test-app.ts';
import { ssrBundleFile } from './ssr-bundle.ts';

// The 'MOST READ' block as the server renders it (decision 049), with the real front end and its server
// renderer (WEB_DIST_DIR, else dist/web: npm test builds it first): on the home page between the grid and
// MORE TRASH (on a section's first page its own stories, MOST READ IN POLITICS), on an article's page
// before MORE QUESTIONABLE JOURNALISM without the story itself, absent when nothing was read; the page's
// ETag follows the block's content, not its counts. Each render clears the news cache, and the kept list
// with it, so the page shows the counts as written.
const WEB_DIST = process.env.WEB_DIST_DIR || path.join(ROOT, 'dist/web');

let t: TestApp;

beforeAll(async () => {
  if (!fs.existsSync(ssrBundleFile(WEB_DIST)))
    throw new Error('build the front end first: npx vite build --config web/vite.config.ts');
  t = await createTestApp({ env: { WEB_DIST_DIR: WEB_DIST }, reads: { flushIntervalMs: 0 } });
});
afterAll(async () => t?.close());
beforeEach(async () => {
  await t.database.db.deleteFrom('article_reads').execute();
  await t.database.db.deleteFrom('articles').execute();
  t.app.newsCache.clear();
});

/** The markup inside <div id="root">. */
function rootHtml(html: string): string {
  const start = html.indexOf('<div id="root">');
  const end = html.indexOf('<script id="app-state"');
  expect(start).toBeGreaterThan(-1);
  return html.slice(start, end === -1 ? undefined : end);
}

/** The MOST READ section's markup, or null. */
function mostRead(root: string): string | null {
  const start = root.indexOf('<section aria-labelledby="most-read-title"');
  if (start === -1) return null;
  return root.slice(start, root.indexOf('</section>', start) + '</section>'.length);
}

async function page(url: string) {
  t.app.newsCache.clear(); // a fresh render (the page cache goes with the news cache)
  const res = await t.app.inject({ method: 'GET', url });
  expect(res.statusCode).toBe(200);
  return { root: rootHtml(res.body), etag: String(res.headers.etag) };
}

async function setReads(reads: Array<[number, number]>) {
  await t.database.db.deleteFrom('article_reads').execute();
  const hour = hourOf(new Date());
  if (reads.length > 0)
    await t.database.db
      .insertInto('article_reads')
      .values(reads.map(([article_id, n]) => ({ article_id, hour, reads: n })))
      .execute();
}

async function stories(n: number) {
  const rows = [];
  for (let i = 0; i < n; i++) {
    rows.push(
      await insertArticle(t.database.db, {
        headline: `Story Number ${i + 1}`,
        category_id: (i % 6) + 1,
        published_at: daysAgo(1 + i / 10),
      }),
    );
  }
  return rows;
}

describe('MOST READ, rendered on the server', () => {
  it('lists the five most read on the home page, numbered with section and link, between the grid and MORE TRASH', async () => {
    const s = await stories(7);
    // Story 7 the most read, then 6, 5, 4, 3; 2 has reads but is sixth; 1 has none.
    await setReads(s.map((a, i) => [a.id, i === 0 ? 0 : (i + 1) * 10]).filter(([, n]) => n > 0) as [number, number][]);
    const { root } = await page('/');
    const block = mostRead(root);
    expect(block).not.toBeNull();
    expect(block).toContain('MOST READ');
    expect(block).toMatch(/<ol[\s>]/);
    const links = [...block!.matchAll(/<a [^>]*href="\/article\/([^"]+)"[^>]*>([^<]+)<\/a>/g)].map((m) => [m[1], m[2]]);
    expect(links).toEqual([7, 6, 5, 4, 3].map((n) => [s[n - 1]!.slug, `Story Number ${n}`]));
    // Numbered 1 to 5, each with its section's label (Story 7: Politics, 6: UK).
    expect([...block!.matchAll(/<span aria-hidden="true"[^>]*>(\d)<\/span>/g)].map((m) => m[1])).toEqual([
      '1',
      '2',
      '3',
      '4',
      '5',
    ]);
    expect(block).toMatch(/>1<\/span><div[^>]*><p[^>]*>Politics<\/p>/);
    expect(block).toMatch(/>2<\/span><div[^>]*><p[^>]*>UK<\/p>/);
    // After the grid's cards, before MORE TRASH.
    const at = root.indexOf('most-read-title');
    expect(root.lastIndexOf('<article', at)).toBeGreaterThan(-1);
    expect(root.indexOf('MORE TRASH')).toBeGreaterThan(at);
  });

  it('is left out when no story has reads in the last 24 hours', async () => {
    const [a] = await stories(2);
    expect(mostRead((await page('/')).root)).toBeNull();
    await t.database.db
      .insertInto('article_reads')
      .values({ article_id: a!.id, hour: hourOf(Date.now() - 25 * 3_600_000), reads: 50 })
      .execute();
    expect(mostRead((await page('/')).root)).toBeNull();
    await setReads([[a!.id, 3]]);
    expect(mostRead((await page('/')).root)).not.toBeNull();
  });

  it("titles a section's first page's block MOST READ IN ITS SECTION, with that section's stories only", async () => {
    const s = await stories(8); // Stories 1 and 7: Politics; 5: US; 2 and 8: Technology.
    await setReads([
      [s[0]!.id, 5],
      [s[6]!.id, 9],
      [s[4]!.id, 20],
      [s[1]!.id, 50],
    ]);
    const politics = mostRead((await page('/politics')).root);
    expect(politics).toContain('>MOST READ IN POLITICS</h2>');
    const slugs = (block: string | null) => [...block!.matchAll(/href="\/article\/([^"]+)"/g)].map((m) => m[1]);
    expect(slugs(politics)).toEqual([s[6]!.slug, s[0]!.slug]);
    const us = mostRead((await page('/us')).root);
    expect(us).toContain('>MOST READ IN US</h2>');
    expect(slugs(us)).toEqual([s[4]!.slug]);
    // After the grid, before MORE TRASH, as on the home page.
    const { root } = await page('/politics');
    expect(root.indexOf('MORE TRASH')).toBeGreaterThan(root.indexOf('most-read-title'));
    // Reads only in other sections: no block. Home unchanged: the site's list, titled MOST READ.
    expect(mostRead((await page('/sport')).root)).toBeNull();
    const home = mostRead((await page('/')).root);
    expect(home).toContain('>MOST READ</h2>');
    expect(slugs(home)).toEqual([s[1]!.slug, s[4]!.slug, s[6]!.slug, s[0]!.slug]);
    // Not on a section's older pages.
    const older = await page(`/politics?page=2&before=${encodeURIComponent(`${s[0]!.published_at}_${s[0]!.id}`)}`);
    expect(older.root).toContain('Story Number 7');
    expect(mostRead(older.root)).toBeNull();
  });

  it("lists five others on an article's page, before MORE QUESTIONABLE JOURNALISM", async () => {
    const s = await stories(7);
    await setReads(s.map((a, i) => [a.id, 100 - i]));
    const { root } = await page(`/article/${s[0]!.slug}`);
    const block = mostRead(root);
    expect(block).not.toBeNull();
    const slugs = [...block!.matchAll(/href="\/article\/([^"]+)"/g)].map((m) => m[1]);
    expect(slugs).toEqual(s.slice(1, 6).map((a) => a.slug));
    expect(root.indexOf('MORE QUESTIONABLE JOURNALISM')).toBeGreaterThan(root.indexOf('most-read-title'));
    // Read only by itself: nothing to show.
    await setReads([[s[0]!.id, 5]]);
    expect(mostRead((await page(`/article/${s[0]!.slug}`)).root)).toBeNull();
  });

  it("changes the page's ETag when the block's content changes, not when only the counts do", async () => {
    const [a, b] = await stories(2);
    await setReads([
      [a!.id, 10],
      [b!.id, 5],
    ]);
    const first = await page('/');
    await setReads([
      [a!.id, 11],
      [b!.id, 6],
    ]);
    const sameOrder = await page('/');
    expect(sameOrder.etag).toBe(first.etag);
    await setReads([
      [a!.id, 1],
      [b!.id, 6],
    ]);
    const swapped = await page('/');
    expect(swapped.etag).not.toBe(first.etag);
  });
});
