import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { ArticleReadsRepository, hourOf } from '../server/src/repositories/article-reads.ts';
import { startApp, type RunningApp } from './support/app.ts';
import { insertArticles } from './support/articles.ts';
import { useBrowser, DESKTOP, MOBILE } from './support/browser.ts';
import { exactName, openUntil } from './support/public-site.ts';
import { openSignedIn } from './support/signed-in.ts';

// Read counts (decision 049) in a real browser: a reader's page sends one beacon per story shown (a
// first load, a navigation; not a prefetch), the counts are written (flush(): the app's timer is off
// here) and the home page's MOST READ lists the story; the Dashboard's 'Most read (last 24 hours)'
// shows the counts, and All Articles' rows their reads of the last 7 days. Headless chromium names itself a bot (HeadlessChrome): the readers here present an
// ordinary browser's User-Agent, as a reader's would. Counts a test needs beforehand are added as the flusher
// adds them (ArticleReadsRepository.add, an upsert that adds to the hour's row); it runs on SQLite and on
// PostgreSQL (e2eOnPostgres in vitest.config.ts).
const READER_AGENT =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

describe('MOST READ and read counts', () => {
  let running: RunningApp;
  const web = useBrowser();
  let pigeon: { id: number; slug: string; headline: string };
  let phone: { id: number; slug: string; headline: string };

  beforeAll(async () => {
    running = await startApp({ reads: { flushIntervalMs: 0 } });
    [pigeon, phone] = await insertArticles(running.database, running.app, [
      { headline: 'Pigeon Elected Mayor After Rival Caught Feeding Breadcrumbs', category: 'UK' },
      { headline: 'Tech Giant Unveils Phone That Only Calls Your Mum', category: 'Technology' },
    ]);
  });
  afterAll(async () => running?.close());
  beforeEach(async () => {
    // The demo content's reads out: only this test's count.
    await running.app.articleReads.flush();
    await running.database.db.deleteFrom('article_reads').execute();
    running.app.newsCache.clear();
  });

  /**
   * The beacons the context's pages send (their pages' paths; the browser does not show a beacon's body), and
   * any image of a page without JavaScript (`image /News/reads/{id}`), which a page running scripts never loads.
   */
  function beacons(context: BrowserContext): string[] {
    const sent: string[] = [];
    context.on('request', (req) => {
      const path = new URL(req.url()).pathname;
      if (req.method() === 'POST' && path === '/News/reads') sent.push(new URL(req.frame().url()).pathname);
      else if (path.startsWith('/News/reads/')) sent.push(`image ${path}`);
    });
    return sent;
  }

  /** Adds reads of this hour, as the flusher writes them. */
  async function addReads(counts: Array<[articleId: number, reads: number]>) {
    const hour = hourOf(Date.now());
    await new ArticleReadsRepository(running.database.db).add(
      counts.map(([articleId, reads]) => ({ articleId, hour, reads })),
    );
  }

  /** The reads written, by article id. */
  async function written(): Promise<Record<number, number>> {
    const rows = await running.database.db.selectFrom('article_reads').select(['article_id', 'reads']).execute();
    const out: Record<number, number> = {};
    for (const r of rows) out[r.article_id] = (out[r.article_id] ?? 0) + Number(r.reads);
    return out;
  }

  /** A fresh render of the page (rendered pages are kept for 5 s: an editorial change drops them). */
  async function openFresh(page: Page, path: string) {
    running.app.newsCache.clear();
    await page.goto(`${running.baseUrl}${path}`);
    await hydrated(page);
  }
  const hydrated = (page: Page) => page.locator('html[data-hydrated]').waitFor({ state: 'attached' });

  it('a reader opens a story: one beacon; once the counts are written the home page lists it in MOST READ', async () => {
    const context = await web.newContext({ userAgent: READER_AGENT });
    const sent = beacons(context);
    const page = await context.newPage();

    await openFresh(page, '/');
    expect(await page.getByRole('heading', { name: 'MOST READ' }).count()).toBe(0);

    // Resting the pointer on a story loads it (decision 044) but shows nothing: no beacon (had it sent one,
    // it would come before the click's below, which is the only one).
    const link = page.locator(`main a[href="/article/${pigeon.slug}"]`).first();
    const prefetched = page.waitForResponse((res) => new URL(res.url()).pathname === `/News/slug/${pigeon.slug}`);
    await link.hover();
    await prefetched;
    expect(sent).toEqual([]);

    // The click shows it: one beacon, answered 204.
    const answered = page.waitForResponse((res) => new URL(res.url()).pathname === '/News/reads');
    await link.click();
    await page.getByRole('heading', { level: 1, name: exactName(pigeon.headline) }).waitFor();
    expect((await answered).status()).toBe(204);
    expect(sent).toEqual([`/article/${pigeon.slug}`]);

    // A story opened by its address (the server's page, hydrated): one beacon too.
    const second = page.waitForResponse((res) => new URL(res.url()).pathname === '/News/reads');
    await openFresh(page, `/article/${phone.slug}`);
    await second;
    await page.waitForLoadState('networkidle');
    expect(sent).toEqual([`/article/${pigeon.slug}`, `/article/${phone.slug}`]);

    // Not yet written: the counts wait in the instance. Written, the home page lists both stories.
    expect(await written()).toEqual({});
    expect(await running.app.articleReads.flush()).toBe(2);
    expect(await written()).toEqual({ [pigeon.id]: 1, [phone.id]: 1 });
    // This browser had the home page a moment ago.
    const block = page.getByRole('region', { name: 'MOST READ' });
    running.app.newsCache.clear();
    await openUntil(page, `${running.baseUrl}/`, () => hydrated(page).then(() => block.count()), 1);
    const items = block.getByRole('listitem');
    expect(await items.count()).toBe(2);
    // Ties: the newer publication first.
    expect(await items.nth(0).getByRole('link').textContent()).toBe(pigeon.headline);
    expect(await items.nth(0).textContent()).toContain('UK');
    expect(await items.nth(1).getByRole('link').textContent()).toBe(phone.headline);
    expect(await block.getByRole('link', { name: exactName(pigeon.headline) }).getAttribute('href')).toBe(
      `/article/${pigeon.slug}`,
    );
    // After the grid, before MORE TRASH.
    const order = await page.evaluate(() => {
      const headings = [...document.querySelectorAll('main h2')].map((h) => h.textContent);
      return headings.filter((h) => h === 'MOST READ' || h === 'MORE TRASH');
    });
    expect(order).toEqual(['MOST READ', 'MORE TRASH']);
    // Home sent no beacon.
    expect(sent).toHaveLength(2);

    // On the pigeon's page the block leaves the pigeon out. (The service worker, keeping the open story,
    // may have fetched that page before the counts.)
    const onArticle = page.getByRole('region', { name: 'MOST READ' });
    await openUntil(
      page,
      `${running.baseUrl}/article/${pigeon.slug}`,
      () => hydrated(page).then(() => onArticle.count()),
      1,
    );
    expect(await onArticle.getByRole('link').allTextContents()).toEqual([phone.headline]);
  });

  it('on a phone the block comes after the cards, never above them; printed, it is left out', async () => {
    await addReads([[phone.id, 3]]);
    const page = await web.newPage({ width: MOBILE.width, height: MOBILE.height });
    await openFresh(page, '/');
    const block = page.getByRole('region', { name: 'MOST READ' });
    await block.waitFor();
    const blockTop = (await block.boundingBox())!.y;
    const cardBottoms = await page
      .locator('main article')
      .evaluateAll((cards) => cards.map((c) => c.getBoundingClientRect().bottom + window.scrollY));
    expect(cardBottoms.length).toBeGreaterThan(0);
    expect(Math.max(...cardBottoms)).toBeLessThanOrEqual(blockTop);
    await page.emulateMedia({ media: 'print' });
    expect(await block.isVisible()).toBe(false);
  });

  it("a section's page lists its own most read as MOST READ IN UK; moving to another section loads that section's", async () => {
    await addReads([
      [pigeon.id, 2],
      [phone.id, 7],
    ]);
    const page = await web.newPage(DESKTOP);
    const asked: string[] = [];
    page.on('request', (req) => {
      const url = new URL(req.url());
      if (url.pathname === '/News/most-read') asked.push(url.search);
    });
    await openFresh(page, '/uk');
    const uk = page.getByRole('region', { name: 'MOST READ IN UK' });
    await uk.waitFor();
    expect(await uk.getByRole('link').allTextContents()).toEqual([pigeon.headline]);
    // Rendered with the page: the browser asked for no list.
    expect(asked).toEqual([]);

    // Within the site, to Technology: its list comes with its page.
    await page.locator('header a[href="/technology"]').first().click();
    await page.waitForURL(`${running.baseUrl}/technology`);
    const technology = page.getByRole('region', { name: 'MOST READ IN TECHNOLOGY' });
    await technology.waitFor();
    expect(await technology.getByRole('link').allTextContents()).toEqual([phone.headline]);
    expect(asked).toEqual(['?category=Technology']);
    expect(await page.getByRole('region', { name: 'MOST READ IN UK' }).count()).toBe(0);
  });

  it("a reader without JavaScript: the page's image counts the read, and the home page lists the story", async () => {
    const [plain] = await insertArticles(running.database, running.app, [
      { headline: 'Town Crier Refuses To Update To Push Notifications', category: 'UK' },
    ]);
    const context = await web.newContext({ userAgent: READER_AGENT, javaScriptEnabled: false });
    const sent = beacons(context);
    const page = await context.newPage();
    running.app.newsCache.clear();
    const image = page.waitForResponse((res) => new URL(res.url()).pathname === `/News/reads/${plain!.id}`);
    await page.goto(`${running.baseUrl}/article/${plain!.slug}`);
    await page.getByRole('heading', { level: 1, name: exactName(plain!.headline) }).waitFor();
    const answered = await image;
    expect(answered.status()).toBe(200);
    expect(answered.headers()['content-type']).toBe('image/gif');
    expect(sent).toEqual([`image /News/reads/${plain!.id}`]);
    // Invisible: it takes no room on the page and says nothing to a screen reader.
    const pixel = page.locator(`img[src="/News/reads/${plain!.id}"]`);
    expect(await pixel.getAttribute('alt')).toBe('');
    expect((await pixel.boundingBox())?.width ?? 0).toBeLessThanOrEqual(1);

    // The same reader again within 30 minutes: the image loads, the read is not counted twice.
    running.app.newsCache.clear();
    await page.reload();
    await page.getByRole('heading', { level: 1, name: exactName(plain!.headline) }).waitFor();
    expect(await running.app.articleReads.flush()).toBe(1);
    expect(await written()).toEqual({ [plain!.id]: 1 });

    // The home page, rendered on the server, lists it in MOST READ.
    running.app.newsCache.clear();
    await page.goto(`${running.baseUrl}/`);
    const block = page.getByRole('region', { name: 'MOST READ' });
    expect(await block.getByRole('link').allTextContents()).toEqual([plain!.headline]);
    await context.close();
  });

  it('the same reader again within 30 minutes is not counted twice; a browser that names itself a bot is not counted', async () => {
    const [fresh] = await insertArticles(running.database, running.app, [
      { headline: 'Mayor Pigeon Demands Recount Of Breadcrumbs', category: 'UK' },
    ]);
    const page = await (await web.newContext({ userAgent: READER_AGENT })).newPage();
    for (let i = 0; i < 2; i++) {
      const answered = page.waitForResponse((res) => new URL(res.url()).pathname === '/News/reads');
      await openFresh(page, `/article/${fresh!.slug}`);
      expect((await answered).status()).toBe(204);
    }
    expect(await running.app.articleReads.flush()).toBe(1);

    // Headless chromium as it is (HeadlessChrome in its User-Agent): sent, answered, not counted.
    const bot = await web.newPage();
    const answered = bot.waitForResponse((res) => new URL(res.url()).pathname === '/News/reads');
    await openFresh(bot, `/article/${phone.slug}`);
    expect((await answered).status()).toBe(204);
    expect(await running.app.articleReads.flush()).toBe(0);
    expect(await written()).toEqual({ [fresh!.id]: 1 });
  });

  it('the Dashboard lists the most read stories with their counts, each to its screen', async () => {
    const page = await web.newPage({ width: MOBILE.width, height: MOBILE.height });
    await openSignedIn(page, running, `${running.baseUrl}/admin`);
    const panel = page.getByRole('region', { name: 'Most read (last 24 hours)' });
    await panel.getByText('No reads in the last 24 hours.').waitFor();

    await addReads([
      [phone.id, 1234],
      [pigeon.id, 1],
    ]);
    await page.setViewportSize(DESKTOP);
    await page.reload();
    await panel.getByRole('link', { name: exactName(phone.headline) }).waitFor();
    const items = panel.getByRole('listitem');
    expect(await items.allTextContents()).toEqual([`${phone.headline} 1,234 reads`, `${pigeon.headline} 1 read`]);
    await panel.getByRole('link', { name: exactName(phone.headline) }).click();
    await page.waitForURL(`${running.baseUrl}/admin/articles/${phone.id}`);
    await page.getByRole('heading', { level: 1, name: exactName(phone.headline) }).waitFor();
    // Its Info: the reads of the last 7 days.
    const info = page.locator('dl.admin-info');
    await info.getByText('1,234 in the last 7 days').waitFor();
    expect(await info.locator('dt', { hasText: 'Reads' }).count()).toBe(1);

    // All Articles: each row's meta line, the same count; nothing on a row without reads.
    await page.goto(`${running.baseUrl}/admin/articles`);
    const rowOf = (headline: string) =>
      page.getByRole('listitem').filter({ has: page.getByRole('link', { name: exactName(headline) }) });
    await rowOf(phone.headline)
      .locator('.admin-row__meta')
      .getByText(/ · 1,234 reads in 7 days$/)
      .waitFor();
    expect(await rowOf(pigeon.headline).locator('.admin-row__meta').textContent()).toMatch(/ · 1 read in 7 days$/);
    const others = await page.locator('.admin-row__meta').allTextContents();
    expect(others.filter((meta) => / reads? in 7 days$/.test(meta))).toHaveLength(2);
  });
});
