import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readingTimeText } from '../common/body/text.ts';
import { startApp, type RunningApp } from './support/app.ts';
import { MOBILE, useBrowser } from './support/browser.ts';
import { guardNetwork } from './support/network.ts';
import { articleHref, exactName, fetchNews, type NewsList } from './support/public-site.ts';

// The server-rendered public site, in real chromium: with scripting off it must still be readable and
// navigable; with scripting on it must hydrate without errors, warnings or data requests.
describe('server-rendered public pages', () => {
  let running: RunningApp;
  let news: NewsList;
  const web = useBrowser();

  beforeAll(async () => {
    // React's development build: it reports every hydration mismatch, attributes included.
    running = await startApp({ build: 'development' });
    news = await fetchNews(running.baseUrl);
  });
  afterAll(async () => {
    await running?.close();
  });

  it('works without JavaScript at 375 px: read an article, open the menu, move to a category, follow the footer', async () => {
    const page = await web.newPage({ ...MOBILE, javaScriptEnabled: false });
    await page.goto(`${running.baseUrl}/`);
    const first = news.allArticles[0] ?? news.breakingNews[0]!;
    const card = page.locator(`a[href="${articleHref(first)}"]`).first();
    await card.click();
    await page.waitForURL(`**${articleHref(first)}`);
    await page.getByRole('heading', { level: 1, name: exactName(first.headline) }).waitFor();
    const full = (await (await fetch(`${running.baseUrl}/News/slug/${first.slug}`)).json()) as { content: string };
    const firstParagraph = full.content
      .split(/\n\s*\n/)[0]!
      .trim()
      .slice(0, 40);
    await page.getByText(firstParagraph, { exact: false }).first().waitFor();
    // The share links are plain links to the share URLs.
    const facebook = page.getByRole('link', { name: 'Share on Facebook' });
    expect(await facebook.getAttribute('href')).toContain('https://www.facebook.com/sharer/sharer.php?u=');
    expect(await page.getByRole('link', { name: 'Share on X' }).getAttribute('href')).toContain(
      'https://twitter.com/intent/tweet?url=',
    );
    // They stand in the place of 'Share on Social' (a button that needs script), which takes no room.
    expect(await page.getByText('Share on Social').boundingBox()).toBeNull();
    const email = await page.getByRole('button', { name: 'Email This Scandal' }).boundingBox();
    const facebookBox = await facebook.boundingBox();
    expect(facebookBox && email && facebookBox.y <= email.y).toBe(true);
    // The published time is a full date with its time zone, not a bare HH:MM.
    expect(await page.locator('article time').first().textContent()).toMatch(/^\d{1,2} \w{3} \d{4}, \d{2}:\d{2} UTC$/);

    // The category bar is folded on a phone; the MENU link opens it without script.
    const politics = page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: exactName('Politics') });
    expect(await politics.isVisible()).toBe(false);
    await page.getByRole('link', { name: exactName('MENU') }).click();
    await politics.waitFor({ state: 'visible' });
    await politics.click();
    await page.waitForURL('**/politics');
    await page.getByRole('heading', { level: 1, name: exactName('Politics') }).waitFor();
    const politicsNews = await fetchNews(running.baseUrl, 'Politics');
    const anyPolitics = politicsNews.allArticles[0] ?? politicsNews.breakingNews[0];
    if (anyPolitics)
      await page
        .locator(`a[href="${articleHref(anyPolitics)}"]`)
        .first()
        .waitFor();

    await page.getByRole('link', { name: exactName('Privacy Policy') }).click();
    await page.waitForURL('**/privacy');
    await page.getByRole('heading', { level: 1 }).first().waitFor();
  });

  it("says the story's reading time beside its published time at 390 px, without and with JavaScript and in print", async () => {
    const article = news.allArticles[0] ?? news.breakingNews[0]!;
    const full = (await (await fetch(`${running.baseUrl}/News/slug/${article.slug}`)).json()) as { wordCount: number };
    // The demo story is long enough for the rule to show: at 230 words a minute, 1 min at least.
    expect(full.wordCount).toBeGreaterThan(0);
    const expected = readingTimeText(full.wordCount);
    expect(expected).toMatch(/^\d+ min read$/);
    for (const javaScriptEnabled of [false, true]) {
      const page = await web.newPage({ width: 390, height: 844, javaScriptEnabled });
      await page.goto(`${running.baseUrl}${articleHref(article)}`);
      if (javaScriptEnabled) await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
      const byline = page.locator('.article-byline');
      const reading = byline.getByText(expected, { exact: true });
      await reading.waitFor({ state: 'visible' });
      // Right before the published time ('4 min read · {time}'), on its line, inside the phone's width:
      // hydration shortens the time at the line's end and moves nothing.
      const time = byline.locator('time');
      expect(await byline.locator('span:has(> time)').textContent()).toBe(`${expected} · ${await time.textContent()}`);
      const timeBox = await time.boundingBox();
      const box = await reading.boundingBox();
      expect(
        timeBox && box && Math.abs(box.y - timeBox.y) < 2 && box.x < timeBox.x && timeBox.x + timeBox.width <= 390,
      ).toBe(true);
      // The byline prints, and the reading time with it.
      await page.emulateMedia({ media: 'print' });
      expect(await reading.isVisible()).toBe(true);
      await page.context().close();
    }
  });

  // A test per route, each with its own time: a page, its hydration and a quiet network take 3 to 4 s on
  // a loaded 2-core machine, and the eleven in one test came near its limit.
  const story = () => articleHref(news.allArticles[0] ?? news.breakingNews[0]!);
  const routes: ReadonlyArray<readonly [name: string, path: () => string]> = [
    ['/', () => '/'],
    ['/politics', () => '/politics'],
    ['/uk', () => '/uk'],
    ['a story', story],
    ['/contact', () => '/contact'],
    ['/privacy', () => '/privacy'],
    ['/no-such-page', () => '/no-such-page'],
    ['/article/no-such-story', () => '/article/no-such-story'],
    // Author and tag pages of the demo content (decision 034).
    ['/author/clive-outrage', () => '/author/clive-outrage'],
    ['/tag/money', () => '/tag/money'],
    ['/author/no-such-author', () => '/author/no-such-author'],
    // Search results: headlines and snippets with their matching words marked.
    ['/search?q=tea', () => '/search?q=tea'],
  ];
  for (const [name, pathOf] of routes) {
    it(`hydrates ${name} without console errors, hydration warnings or data requests`, async () => {
      const route = pathOf();
      const context = await web.newContext();
      const net = await guardNetwork(context);
      const page = await context.newPage();
      const messages: string[] = [];
      page.on('console', (msg) => {
        // The one warning the site gives by design when no telemetry connection string is set.
        if (msg.text().startsWith('Application Insights not configured')) return;
        // Chromium logs the 404 status of the page document itself.
        if (msg.text().includes('status of 404') && msg.location().url === `${running.baseUrl}${route}`) return;
        if (msg.type() === 'error' || msg.type() === 'warning') messages.push(`${route}: ${msg.type()}: ${msg.text()}`);
      });
      page.on('pageerror', (error) => messages.push(`${route}: pageerror: ${error.message}`));
      const res = await page.goto(`${running.baseUrl}${route}`);
      expect(res?.status()).toBe(route.includes('no-such') ? 404 : 200);
      // Script ran and React hydrated.
      await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
      await page.waitForLoadState('networkidle');
      expect(messages).toEqual([]);
      // No data fetched: the page's data came with it. The story's page sends its read (decision 049), a write.
      const reads = route === story() ? [`${running.baseUrl}/News/reads`] : [];
      expect(net.requests.filter((u) => new URL(u).pathname.startsWith('/News'))).toEqual(reads);
    });
  }

  it('keeps the menu button (MENU/CLOSE) with script on', async () => {
    const page = await web.newPage(MOBILE);
    await page.goto(`${running.baseUrl}/`);
    const button = page.getByRole('button', { name: exactName('MENU') });
    await button.click();
    await page.getByRole('button', { name: exactName('CLOSE') }).waitFor();
    expect(await page.getByRole('link', { name: exactName('MENU') }).count()).toBe(0);
  });

  it('fetches the app only once the page has painted its content (home and a story)', async () => {
    const first = news.allArticles[0] ?? news.breakingNews[0]!;
    for (const path of ['/', articleHref(first)]) {
      const page = await web.newPage(MOBILE);
      await page.goto(`${running.baseUrl}${path}`);
      // Hydrated: the menu is the app's button.
      await page.getByRole('button', { name: exactName('MENU') }).waitFor();
      // Both on the page's own clock: the first contentful paint, and the app's first chunk's request.
      const times = await page.evaluate(() => ({
        painted: performance.getEntriesByName('first-contentful-paint')[0]?.startTime,
        app: performance.getEntriesByType('resource').find((e) => /\/assets\/main-[\w-]+\.js$/.test(e.name))?.startTime,
      }));
      expect(times.painted, path).toBeGreaterThan(0);
      expect(times.app, path).toBeGreaterThanOrEqual(times.painted!);
      await page.close();
    }
  });
});
