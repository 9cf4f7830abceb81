import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { HOVER_DELAY_MS } from '../web/src/lib/link-intent.ts';
import { startApp, type RunningApp } from './support/app.ts';
import { insertArticles } from './support/articles.ts';
import { useBrowser } from './support/browser.ts';
import { adminChunks, fileOf } from './support/chunks.ts';
import { guardNetwork } from './support/network.ts';
import { exactName } from './support/public-site.ts';

/** Counts the page's requests whose path starts with `prefix`, from now on. */
function countRequests(page: Page, prefix: string): string[] {
  const calls: string[] = [];
  page.on('request', (req) => {
    const url = new URL(req.url());
    if (url.pathname.startsWith(prefix)) calls.push(url.pathname + url.search);
  });
  return calls;
}

/**
 * From now on: does a listing's placeholder (aria-busy) ever appear in the page's main content, or a
 * status saying `loadingText` (the corrections page's 'Loading corrections…')?
 */
async function watchForSkeleton(page: Page, loadingText?: string): Promise<() => Promise<boolean>> {
  await page.evaluate((text) => {
    const w = window as unknown as { skeletonSeen: boolean };
    w.skeletonSeen = false;
    const loading = () =>
      text !== undefined &&
      [...document.querySelectorAll('main [role="status"]')].some((el) => el.textContent === text);
    new MutationObserver(() => {
      if (document.querySelector('main [aria-busy="true"]') || loading()) w.skeletonSeen = true;
    }).observe(document.body, { childList: true, subtree: true });
  }, loadingText);
  return () => page.evaluate(() => (window as unknown as { skeletonSeen: boolean }).skeletonSeen);
}

// A reader on an article rests the pointer on its byline's author, or on one of its tags: that page's
// stories are loaded before the click (decision 044), so it shows at once, fetched once.
describe('author and tag links load their page on the reader’s intent', () => {
  let running: RunningApp;
  const web = useBrowser();
  let articleHref = '';

  beforeAll(async () => {
    running = await startApp();
    const db = running.database.db;
    const now = new Date().toISOString();
    const author = await db
      .insertInto('authors')
      .values({ name: 'Hover Craft', slug: 'hover-craft', created_at: now, updated_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    const tag = await db
      .insertInto('tags')
      .values({ name: 'Premonitions', slug: 'premonitions', created_at: now, updated_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    const [row] = await insertArticles(running.database, undefined, [
      { headline: 'Pigeon Foresees Own Click', author: 'Hover Craft' },
    ]);
    await db
      .insertInto('article_authors')
      .values({ article_id: row!.id, author_id: Number(author.id), position: 0 })
      .execute();
    await db
      .insertInto('article_tags')
      .values({ article_id: row!.id, tag_id: Number(tag.id), position: 0 })
      .execute();
    running.app.newsCache.clear();
    articleHref = `/article/${row!.slug}`;
  });
  afterAll(async () => {
    await running?.close();
  });

  /** Opens the article, rests the pointer on `linkOf(page)` and follows it once its data is in. */
  async function hoverThenFollow(
    page: Page,
    linkOf: (page: Page) => Locator,
    { api, href, heading }: { api: string; href: string; heading: string },
  ) {
    await page.goto(`${running.baseUrl}${articleHref}`);
    await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
    const calls = countRequests(page, api);
    const link = linkOf(page);
    expect(await link.getAttribute('href')).toBe(href);
    const prefetched = page.waitForResponse((res) => new URL(res.url()).pathname === api);
    await link.hover();
    expect((await prefetched).ok()).toBe(true);
    expect(calls).toEqual([api]);

    const skeletonSeen = await watchForSkeleton(page);
    await link.click();
    await page.waitForURL(`${running.baseUrl}${href}`);
    await page.getByRole('heading', { level: 1, name: exactName(heading) }).waitFor();
    await page.getByRole('link', { name: exactName('Pigeon Foresees Own Click') }).waitFor();
    await page.waitForLoadState('networkidle');
    expect(await skeletonSeen()).toBe(false);
    // Fetched once, before the click.
    expect(calls).toEqual([api]);
  }

  it('the byline’s author link: the author’s page shows at once, fetched once; no admin code', async () => {
    const context = await web.newContext();
    const net = await guardNetwork(context);
    const page = await context.newPage();
    await hoverThenFollow(page, (p) => p.locator('main a[rel="author"]').first(), {
      api: '/News/author/hover-craft',
      href: '/author/hover-craft',
      heading: 'Hover Craft',
    });
    const admin = adminChunks(running.config.webDistDir);
    expect(admin.size).toBeGreaterThan(0);
    expect(
      net
        .scripts()
        .map(fileOf)
        .filter((f) => admin.has(f)),
    ).toEqual([]);
    expect(net.external).toEqual([]);
    await context.close();
  });

  it('a tag link at the story’s foot: the tag’s page shows at once, fetched once', async () => {
    const page = await web.newPage();
    await hoverThenFollow(page, (p) => p.getByRole('navigation', { name: 'Tags' }).getByRole('link').first(), {
      api: '/News/tag/premonitions',
      href: '/tag/premonitions',
      heading: 'Premonitions',
    });
  });

  it('on a 2G connection, hovering loads nothing early', async () => {
    const page = await web.newPage();
    await page.addInitScript(() => {
      Object.defineProperty(navigator, 'connection', { value: { effectiveType: '2g', saveData: false } });
    });
    await page.goto(`${running.baseUrl}${articleHref}`);
    await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
    const calls = countRequests(page, '/News/author/');
    await page.locator('main a[rel="author"]').first().hover();
    // The pointer has rested long enough once a timer of the same delay, set after the hover's, has
    // fired; a request the page makes then is seen after any the hover started.
    await page.evaluate((ms) => new Promise((resolve) => setTimeout(resolve, ms)), HOVER_DELAY_MS);
    await Promise.all([
      page.waitForRequest(`${running.baseUrl}/healthz`),
      page.evaluate(async () => void (await fetch('/healthz'))),
    ]);
    expect(calls).toEqual([]);
    await page.locator('main a[rel="author"]').first().click();
    await page.getByRole('heading', { level: 1, name: exactName('Hover Craft') }).waitFor();
    expect(calls).toEqual(['/News/author/hover-craft']);
  });
});

// The page of every correction (decision 046) is a reading page like the others: its links (a story's
// 'All corrections', the About page's 'See every correction' and its own 'Older corrections') load it
// on the reader's intent, so it shows at once, fetched once.
describe('links to the corrections load their page on the reader’s intent', () => {
  let running: RunningApp;
  const web = useBrowser();
  let articleHref = '';
  /** The corrections' texts, newest first. */
  const texts = Array.from({ length: 25 }, (_, i) => `Correction ${i + 1}: the pigeon did not, in fact, foresee it.`);

  beforeAll(async () => {
    running = await startApp();
    const [row] = await insertArticles(running.database, undefined, [{ headline: 'Pigeon Misreads Own Future' }]);
    const now = Date.now();
    await running.database.db
      .insertInto('article_corrections')
      .values(
        texts.map((text, i) => ({
          article_id: row!.id,
          text,
          created_at: new Date(now - (i + 1) * 60_000).toISOString(),
          created_by: 'Corinne Correct',
          updated_at: null,
          updated_by: null,
        })),
      )
      .execute();
    running.app.newsCache.clear();
    articleHref = `/article/${row!.slug}`;
  });
  afterAll(async () => {
    await running?.close();
  });

  /** Rests the pointer on `link`, which leads to `href`, and follows it once `GET api` is in; the page shows `text` at once. */
  async function hoverThenFollow(
    page: Page,
    link: Locator,
    { api, href, text }: { api: string; href: string; text: string },
  ) {
    const calls = countRequests(page, '/News/corrections');
    expect(await link.getAttribute('href')).toBe(href);
    const prefetched = page.waitForResponse((res) => {
      const url = new URL(res.url());
      return url.pathname + url.search === api;
    });
    await link.hover();
    expect((await prefetched).ok()).toBe(true);
    expect(calls).toEqual([api]);

    const skeletonSeen = await watchForSkeleton(page, 'Loading corrections…');
    await link.click();
    await page.waitForURL(`${running.baseUrl}${href}`);
    await page.getByRole('heading', { level: 1, name: exactName('Corrections') }).waitFor();
    await page.getByText(text).waitFor();
    await page.waitForLoadState('networkidle');
    expect(await skeletonSeen()).toBe(false);
    // Fetched once, before the click.
    expect(calls).toEqual([api]);
  }

  it('a story’s ‘All corrections’, then the page’s ‘Older corrections’: each page shows at once, fetched once', async () => {
    const page = await web.newPage();
    await page.goto(`${running.baseUrl}${articleHref}`);
    await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
    const block = page.getByRole('region', { name: 'Corrections' });
    await hoverThenFollow(page, block.getByRole('link', { name: exactName('All corrections') }), {
      api: '/News/corrections',
      href: '/corrections',
      text: texts[0]!,
    });

    const older = page.locator('main a[rel="next"]');
    const href = (await older.getAttribute('href')) ?? '';
    const cursor = new URL(href, running.baseUrl).searchParams.get('before') ?? '';
    expect(href).toMatch(/^\/corrections\?page=2&before=/);
    await hoverThenFollow(page, older, {
      api: `/News/corrections?before=${encodeURIComponent(cursor)}`,
      href,
      text: texts[20]!,
    });
    await page.getByText('Page 2', { exact: true }).waitFor();
    expect(await page.getByText(texts[19]!).count()).toBe(0);
  });

  it('the About page’s ‘See every correction’: the page shows at once, fetched once', async () => {
    const page = await web.newPage();
    await page.goto(`${running.baseUrl}/about`);
    await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
    await hoverThenFollow(page, page.getByRole('link', { name: exactName('See every correction') }), {
      api: '/News/corrections',
      href: '/corrections',
      text: texts[0]!,
    });
  });
});
