import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { PERSON_PAGE_SIZE } from '../common/byline.ts';
import { startApp, type RunningApp } from './support/app.ts';
import { insertArticles } from './support/articles.ts';
import { useBrowser } from './support/browser.ts';
import { guardNetwork } from './support/network.ts';
import { exactName } from './support/public-site.ts';

const PHONE = { width: 390, height: 844 } as const;
const STORIES = PERSON_PAGE_SIZE + 5;

/** The distinct story links of the page's main content, in page order. */
async function storyLinks(page: Page): Promise<string[]> {
  const hrefs = await page
    .locator('main a[href^="/article/"]')
    .evaluateAll((els) => els.map((e) => e.getAttribute('href') ?? ''));
  return [...new Set(hrefs)];
}

// A reader pages through an author's and a tag's stories with the "Older stories" and "Newer
// stories" links, with and without JavaScript: keyset pages as the older stories (decision 041).
describe('author and tag pages, page by page', () => {
  let running: RunningApp;
  const web = useBrowser();
  /** Story links, newest first. */
  let newestFirst: string[] = [];
  let authorId = 0;
  let tagId = 0;

  beforeAll(async () => {
    // React's development build: it reports every hydration mismatch, attributes included.
    running = await startApp({ build: 'development' });
    const db = running.database.db;
    const now = new Date().toISOString();
    authorId = Number(
      (
        await db
          .insertInto('authors')
          .values({ name: 'Paige Turner', slug: 'paige-turner', created_at: now, updated_at: now })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id,
    );
    tagId = Number(
      (
        await db
          .insertInto('tags')
          .values({ name: 'Cliffhangers', slug: 'cliffhangers', created_at: now, updated_at: now })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id,
    );
    // Oldest last: "Cliffhanger 1" is the newest. Published a day ago and before, so the demo
    // content and anything published during the test come first on other pages, not here.
    const rows = await insertArticles(
      running.database,
      undefined,
      Array.from({ length: STORIES }, (_, i) => ({
        headline: `Cliffhanger ${i + 1}`,
        author: 'Paige Turner',
        published_at: new Date(Date.now() - (24 + i) * 3_600_000).toISOString(),
      })),
    );
    await db
      .insertInto('article_authors')
      .values(rows.map((r) => ({ article_id: r.id, author_id: authorId, position: 0 })))
      .execute();
    await db
      .insertInto('article_tags')
      .values(rows.map((r) => ({ article_id: r.id, tag_id: tagId, position: 0 })))
      .execute();
    running.app.newsCache.clear();
    newestFirst = rows.map((r) => `/article/${r.slug}`);
  });
  afterAll(async () => {
    await running?.close();
  });

  for (const [kind, slug, name] of [
    ['author', 'paige-turner', 'Paige Turner'],
    ['tag', 'cliffhangers', 'Cliffhangers'],
  ] as const) {
    for (const javaScriptEnabled of [true, false]) {
      it(`walks the ${kind}'s stories to page 2 and back ${javaScriptEnabled ? 'with' : 'without'} JavaScript`, async () => {
        const page = await web.newPage({ ...PHONE, javaScriptEnabled });
        await page.goto(`${running.baseUrl}/${kind}/${slug}`);
        if (javaScriptEnabled) await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
        await page.getByRole('heading', { level: 1, name: exactName(name) }).waitFor();
        expect(await storyLinks(page)).toEqual(newestFirst.slice(0, PERSON_PAGE_SIZE));
        const nav = page.getByRole('navigation', { name: 'Older and newer stories' });
        expect(await nav.getByRole('link', { name: 'Newer stories' }).count()).toBe(0);

        // By keyboard: the link takes the focus (visibly) and Enter follows it.
        const older = nav.getByRole('link', { name: 'Older stories' });
        await older.focus();
        expect(await older.evaluate((el) => el.matches(':focus-visible'))).toBe(true);
        await older.press('Enter');
        await page.waitForURL(new RegExp(`/${kind}/${slug}\\?page=2&before=[^&]+$`));
        await page.getByText('Page 2', { exact: true }).waitFor();
        await page.getByRole('link', { name: exactName(`Cliffhanger ${STORIES}`) }).waitFor();
        expect(await storyLinks(page)).toEqual(newestFirst.slice(PERSON_PAGE_SIZE));
        expect(await nav.getByRole('link', { name: 'Older stories' }).count()).toBe(0);
        expect(await page.title()).toBe(`${name}, page 2 | The Daily Smear`);

        await nav.getByRole('link', { name: 'Newer stories' }).click();
        await page.waitForURL(`${running.baseUrl}/${kind}/${slug}`);
        await page.getByRole('link', { name: exactName('Cliffhanger 1') }).waitFor();
        expect(await storyLinks(page)).toEqual(newestFirst.slice(0, PERSON_PAGE_SIZE));
      });
    }
  }

  it('a story published while the reader reads page 1 does not repeat a story on page 2', async () => {
    const page = await web.newPage({ ...PHONE });
    await page.goto(`${running.baseUrl}/author/paige-turner`);
    await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
    expect(await storyLinks(page)).toEqual(newestFirst.slice(0, PERSON_PAGE_SIZE));

    const auth = { authorization: await running.bearer({ sub: 'pages-fixture', name: 'Pages Fixture' }) };
    const res = await running.app.inject({
      method: 'POST',
      url: '/api/admin/articles',
      headers: auth,
      payload: {
        headline: 'Cliffhanger Zero',
        summary: 'S.',
        content: 'One.',
        category: 'UK',
        authors: [authorId],
        tags: [tagId],
        published: true,
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    try {
      await page.getByRole('link', { name: 'Older stories' }).click();
      await page.waitForURL(/\?page=2&before=/);
      await page.getByRole('link', { name: exactName(`Cliffhanger ${STORIES}`) }).waitFor();
      expect(await storyLinks(page)).toEqual(newestFirst.slice(PERSON_PAGE_SIZE));
    } finally {
      await running.app.inject({ method: 'DELETE', url: `/api/admin/articles/${res.json().id}`, headers: auth });
    }
  });

  it('an old ?page=2 link shows the first page, whose address it names as canonical', async () => {
    const page = await web.newPage({ javaScriptEnabled: false });
    const answer = await page.goto(`${running.baseUrl}/tag/cliffhangers?page=2`);
    expect(answer?.status()).toBe(200);
    expect(await storyLinks(page)).toEqual(newestFirst.slice(0, PERSON_PAGE_SIZE));
    expect(await page.locator('link[rel="canonical"]').getAttribute('href')).toMatch(/\/tag\/cliffhangers$/);
  });

  it('hydrates page 2 from its embedded data, without warnings or a fetch', async () => {
    const first = await web.newPage({ javaScriptEnabled: false });
    await first.goto(`${running.baseUrl}/author/paige-turner`);
    const href = await first.getByRole('link', { name: 'Older stories' }).getAttribute('href');
    const context = await web.newContext();
    const net = await guardNetwork(context);
    const page = await context.newPage();
    const messages: string[] = [];
    page.on('console', (msg) => {
      if (msg.text().startsWith('Application Insights not configured')) return;
      if (msg.type() === 'error' || msg.type() === 'warning') messages.push(`${msg.type()}: ${msg.text()}`);
    });
    page.on('pageerror', (error) => messages.push(`pageerror: ${error.message}`));
    expect((await page.goto(`${running.baseUrl}${href!}`))?.status()).toBe(200);
    await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
    await page.waitForLoadState('networkidle');
    expect(messages).toEqual([]);
    expect(net.requests.filter((u) => new URL(u).pathname.startsWith('/News'))).toEqual([]);
    await context.close();
  });
});
