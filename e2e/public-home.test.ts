import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TAGLINE } from '../common/site.ts';
import { startApp, type RunningApp } from './support/app.ts';
import { useBrowser } from './support/browser.ts';
import { adminChunks, fileOf } from './support/chunks.ts';
import { guardNetwork } from './support/network.ts';
import {
  articleHref,
  articleHrefs,
  CATEGORIES,
  categoryLink,
  exactName,
  fetchNews,
  type NewsList,
  slugOf,
} from './support/public-site.ts';

// The home page against the seeded demo content, in real chromium.
describe('public home page', () => {
  let running: RunningApp;
  let news: NewsList;
  const web = useBrowser();

  beforeAll(async () => {
    running = await startApp();
    news = await fetchNews(running.baseUrl);
  });
  afterAll(async () => {
    await running?.close();
  });

  it('the demo content gives the home page something to show (at most 15 + 15, breaking ones flagged)', () => {
    expect(news.breakingNews.length).toBeGreaterThanOrEqual(1);
    expect(news.allArticles.length).toBeGreaterThanOrEqual(1);
    expect(news.breakingNews.length).toBeLessThanOrEqual(15);
    expect(news.allArticles.length).toBeLessThanOrEqual(15);
    expect(news.breakingNews.every((a) => a.isBreaking)).toBe(true);
    expect(news.allArticles.every((a) => !a.isBreaking)).toBe(true);
  });

  it('shows the masthead, tagline, six category links and the ADMIN link', async () => {
    const page = await web.newPage();
    const res = await page.goto(`${running.baseUrl}/`);
    expect(res?.status()).toBe(200);
    await page.getByText(running.config.siteName, { exact: false }).first().waitFor();
    await page.getByText(TAGLINE, { exact: true }).first().waitFor();
    for (const c of CATEGORIES) {
      const link = categoryLink(page, c.name);
      await link.waitFor();
      expect(await link.getAttribute('href')).toBe(`/${c.path}`);
    }
    const admin = page.getByRole('link', { name: exactName('ADMIN') });
    await admin.waitFor();
    expect(await admin.getAttribute('href')).toBe('/admin');
    expect(await page.title()).toContain(running.config.siteName);
  });

  it('shows the breaking strip (first 3 breaking headlines joined by " • "), the BREAKING banner and a card per article', async () => {
    const context = await web.newContext();
    const net = await guardNetwork(context);
    const page = await context.newPage();
    await page.goto(`${running.baseUrl}/`);

    const breaking = news.breakingNews.map((a) => a.headline);
    const strip = breaking.slice(0, 3).join(' • ');
    const stripEl = page.getByText(strip, { exact: false }).first();
    await stripEl.waitFor();
    const stripText = (await stripEl.textContent()) ?? '';
    // The demo content has more than three breaking stories, so the strip must stop after the third.
    expect(breaking.length).toBeGreaterThan(3);
    expect(stripText).not.toContain(`${breaking[2]} • ${breaking[3]}`);
    expect(stripText).not.toContain('Loading latest scandals...');

    // The BREAKING banner carries the first breaking headline.
    await page.getByText('BREAKING', { exact: true }).first().waitFor();
    await page
      .getByRole('heading', { name: exactName(breaking[0]!) })
      .first()
      .waitFor();

    // Every article of both lists has a card linking to /article/{slug}; nothing else is listed.
    const expected = [...new Set([...news.breakingNews, ...news.allArticles].map(articleHref))].sort();
    await expect.poll(() => articleHrefs(page)).toEqual(expected);
    expect(expected.length).toBeLessThanOrEqual(30);
    // ...and each link is named by its headline (cards in the grid, the rest in the list below it).
    for (const a of [...news.breakingNews, ...news.allArticles]) {
      const link = page.getByRole('link', { name: exactName(a.headline) }).first();
      await link.waitFor();
      expect(await link.getAttribute('href')).toBe(articleHref(a));
    }
    // The grid's cards carry headings; the first is the first breaking article.
    const cardHeadings = await page.getByRole('main').getByRole('heading', { level: 2 }).allTextContents();
    expect(cardHeadings[0]?.replace(/\s+/g, ' ')).toBe(breaking[0]!.replace(/\s+/g, ' '));

    // Images have alt text; nothing left the machine; no admin code was downloaded.
    const imgs = await page.locator('img').evaluateAll((els) => els.map((e) => e.getAttribute('alt')));
    expect(imgs.every((alt) => alt !== null)).toBe(true);
    expect(net.external).toEqual([]);
    const admin = adminChunks(running.config.webDistDir);
    expect(
      net
        .scripts()
        .map(fileOf)
        .filter((f) => admin.has(f)),
    ).toEqual([]);
  });

  it('the BREAKING banner shows two whole lines of a longer headline, and nothing of the third', async () => {
    // At 360 px the demo's breaking politics headline takes more than two lines.
    const page = await web.newPage({ width: 360, height: 800 });
    await page.goto(`${running.baseUrl}/politics`);
    const banner = page.locator('.breaking-banner__headline').first();
    await banner.waitFor();
    const { bottom, lineTops } = await banner.evaluate((el) => {
      const text = el.querySelector('a')!.firstChild!;
      const range = document.createRange();
      range.selectNodeContents(text);
      const tops = [...range.getClientRects()].map((r) => r.top);
      return {
        bottom: el.getBoundingClientRect().bottom,
        lineTops: [...new Set(tops.map(Math.round))].sort((a, b) => a - b),
      };
    });
    expect(lineTops.length).toBeGreaterThan(2);
    // The box ends where the third line starts: no sliver of it shows under the second.
    expect(lineTops[2]!).toBeGreaterThanOrEqual(Math.floor(bottom));

    // Reached by keyboard, the headline shows its focus inside the box (the ring outside it is clipped).
    const link = banner.locator('a');
    for (let i = 0; i < 40 && !(await link.evaluate((el) => el === document.activeElement)); i++)
      await page.keyboard.press('Tab');
    const focus = await link.evaluate((el) => ({
      active: el === document.activeElement,
      background: getComputedStyle(el).backgroundColor,
      underline: getComputedStyle(el).textDecorationColor,
    }));
    expect(focus.active).toBe(true);
    expect(focus.background).toBe('rgb(17, 17, 17)');
    expect(focus.underline).toBe('rgb(255, 229, 0)');
  });

  it('a card opens its article', async () => {
    const page = await web.newPage();
    await page.goto(`${running.baseUrl}/`);
    const first = news.allArticles[0]!;
    await page
      .locator(`a[href="${articleHref(first)}"]`)
      .first()
      .click();
    await page.waitForURL(`${running.baseUrl}${articleHref(first)}`);
    await page.getByRole('heading', { level: 1, name: exactName(first.headline) }).waitFor();
  });

  it('a card the reader rests the pointer on is loaded before the click: the article shows at once, fetched once', async () => {
    const page = await web.newPage();
    const articleCalls: string[] = [];
    page.on('request', (req) => {
      if (new URL(req.url()).pathname.startsWith('/News/slug/')) articleCalls.push(req.url());
    });
    await page.goto(`${running.baseUrl}/`);
    await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
    const story = news.allArticles[0]!;
    const card = page.locator(`main a[href="${articleHref(story)}"]`).first();
    const prefetched = page.waitForResponse((res) => new URL(res.url()).pathname.startsWith('/News/slug/'));
    await card.hover();
    const storyCall = `/News/slug/${encodeURIComponent(slugOf(story))}`;
    expect(new URL((await prefetched).url()).pathname).toBe(storyCall);
    expect(articleCalls).toHaveLength(1);

    // From the click on: does the article page's placeholder ever appear?
    await page.evaluate(() => {
      const w = window as unknown as { skeletonSeen: boolean };
      w.skeletonSeen = false;
      new MutationObserver(() => {
        if (document.querySelector('main [aria-busy="true"]')) w.skeletonSeen = true;
      }).observe(document.body, { childList: true, subtree: true });
    });
    await card.click();
    await page.waitForURL(`${running.baseUrl}${articleHref(story)}`);
    await page.getByRole('heading', { level: 1, name: exactName(story.headline) }).waitFor();
    await page.waitForLoadState('networkidle');
    expect(await page.evaluate(() => (window as unknown as { skeletonSeen: boolean }).skeletonSeen)).toBe(false);
    // The article was fetched once, before the click. (The pointer now rests on the article page, where
    // a link to another story may lie under it: that story may be prefetched in turn.)
    expect(articleCalls.filter((url) => new URL(url).pathname === storyCall)).toHaveLength(1);

    // A section's link in the header the same way: its stories are loaded before the click, once.
    const sectionCalls: string[] = [];
    page.on('request', (req) => {
      const url = new URL(req.url());
      if (url.pathname === '/News' && url.searchParams.get('category') === 'Politics') sectionCalls.push(url.search);
    });
    const politics = page.locator('header a[href="/politics"]').first();
    const sectionLoaded = page.waitForResponse((res) => new URL(res.url()).searchParams.get('category') === 'Politics');
    await politics.hover();
    expect((await sectionLoaded).ok()).toBe(true);
    await politics.click();
    await page.waitForURL(`${running.baseUrl}/politics`);
    await page.getByRole('heading', { level: 1, name: /politics/i }).waitFor();
    expect(sectionCalls).toHaveLength(1);
  });

  it('a card reached with the Tab key is loaded as it gets the focus', async () => {
    const page = await web.newPage();
    const articleCalls: string[] = [];
    page.on('request', (req) => {
      const url = new URL(req.url());
      if (url.pathname.startsWith('/News/slug/')) articleCalls.push(url.pathname);
    });
    await page.goto(`${running.baseUrl}/`);
    await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
    const onArticleLink = () =>
      page.evaluate(() => document.activeElement?.getAttribute('href')?.startsWith('/article/') === true);
    for (let i = 0; i < 60 && !(await onArticleLink()); i++) await page.keyboard.press('Tab');
    const href = await page.evaluate(() => document.activeElement?.getAttribute('href') ?? '');
    expect(href).toMatch(/^\/article\//);
    // Only the focused story, and no other before it (the header's links load no story).
    const slug = href.slice('/article/'.length);
    await expect.poll(() => articleCalls, { timeout: 15_000 }).toEqual([`/News/slug/${slug}`]);
  });

  it('public pages download no admin code, while /admin does (so the check can fail)', async () => {
    const admin = adminChunks(running.config.webDistDir);
    expect(admin.size).toBeGreaterThan(0);

    const context = await web.newContext();
    const net = await guardNetwork(context);
    const page = await context.newPage();
    await page.goto(`${running.baseUrl}/`);
    await page.locator('a[href^="/article/"]').first().waitFor();
    await page.locator('a[href^="/article/"]').first().click();
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    await page.goto(`${running.baseUrl}/${CATEGORIES[1].path}`);
    await page.locator('a[href^="/article/"]').first().waitFor();
    await page.waitForLoadState('networkidle');
    const publicScripts = net.scripts().map(fileOf);
    expect(publicScripts.length).toBeGreaterThan(0);
    expect(publicScripts.filter((f) => admin.has(f))).toEqual([]);

    const before = net.requests.length;
    await page.goto(`${running.baseUrl}/admin`);
    await page.waitForLoadState('networkidle');
    const adminScripts = net.scripts().slice(0).map(fileOf);
    expect(net.requests.length).toBeGreaterThan(before);
    expect(adminScripts.filter((f) => admin.has(f)).length).toBeGreaterThan(0);
    expect(net.external).toEqual([]);
  });

  it('fits a 360 px wide screen without sideways scrolling', async () => {
    const page = await web.newPage({ width: 360, height: 740 });
    await page.goto(`${running.baseUrl}/`);
    await page.locator('a[href^="/article/"]').first().waitFor();
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(360);
  });
});
