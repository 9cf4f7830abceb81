import ogs from 'open-graph-scraper';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type RunningApp } from './support/app.ts';
import { insertArticles } from './support/articles.ts';
import { useBrowser } from './support/browser.ts';
import { guardNetwork } from './support/network.ts';
import { articleHref, articleHrefs, exactName, fetchNews } from './support/public-site.ts';

const PHONE = { width: 390, height: 844 } as const;

// How readers reach and dig: the header search (with and without script), the older-stories links,
// and the link preview a social network builds from an article's head.
describe('search, older stories and link previews', () => {
  let running: RunningApp;
  const web = useBrowser();

  beforeAll(async () => {
    // React's development build: it reports every hydration mismatch, attributes included.
    running = await startApp({ build: 'development' });
    await insertArticles(running.database, running.app, [
      {
        headline: 'Flamingo Elected Mayor Of Seaside Town',
        summary: 'The bird ran unopposed.',
        content: 'Voters said the candidate stood on one leg throughout the hustings.\n\nIt was a landslide.',
      },
      { headline: 'Draft Flamingo Scoop', published_at: null },
    ]);
  });
  afterAll(async () => {
    await running?.close();
  });

  for (const javaScriptEnabled of [true, false]) {
    it(`searches from the header ${javaScriptEnabled ? 'with' : 'without'} JavaScript`, async () => {
      const page = await web.newPage({ ...PHONE, javaScriptEnabled });
      await page.goto(`${running.baseUrl}/politics`);
      if (javaScriptEnabled) await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
      const box = page.getByRole('banner').getByRole('searchbox', { name: 'Search stories' });
      await box.fill('flamingo');
      await box.press('Enter');
      await page.waitForURL(/\/search\?q=flamingo$/);
      await page.getByRole('heading', { level: 1, name: exactName('Search') }).waitFor();
      const hit = page.getByRole('link', { name: exactName('Flamingo Elected Mayor Of Seaside Town') });
      await hit.waitFor();
      await expect(page.locator('main mark').first().textContent()).resolves.toMatch(/flamingo/i);
      expect(await page.getByText('Draft Flamingo Scoop').count()).toBe(0);
      // The results page's own form holds the query; a refused query is a message, not an error page.
      const again = page.getByRole('main').getByRole('searchbox', { name: 'Search every story' });
      expect(await again.inputValue()).toBe('flamingo');
      // A quoted phrase finds the story; a dash leaves it out (decision 021).
      await again.fill('"the bird ran"');
      await again.press('Enter');
      await page.waitForURL(/\/search\?q=(%22|")the(\+|%20)bird(\+|%20)ran(%22|")$/);
      await hit.waitFor();
      await again.fill('flamingo -mayor');
      await again.press('Enter');
      await page.getByRole('heading', { name: 'No trash found' }).waitFor();
      await hit.waitFor({ state: 'detached' });
      await again.fill('***');
      await again.press('Enter');
      await page.waitForURL(/\/search\?q=(\*|%2A){3}$/);
      await page.getByRole('heading', { name: "We can't search for that" }).waitFor();
      await hit.waitFor({ state: 'detached' });
    });
  }

  it('walks to older stories and back with the links under the listing', async () => {
    const page = await web.newPage();
    await page.goto(`${running.baseUrl}/`);
    await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
    const firstPage = new Set(await articleHrefs(page));
    await page.getByRole('link', { name: 'Older stories' }).click();
    await page.waitForURL(/\/\?page=2&before=/);
    await page.getByRole('heading', { level: 1, name: 'Older stories' }).waitFor();
    const news = await fetchNews(running.baseUrl);
    const secondPage = (await articleHrefs(page)).filter((h) => !news.breakingNews.some((b) => articleHref(b) === h));
    expect(secondPage.length).toBeGreaterThan(0);
    for (const href of secondPage) expect(firstPage.has(href), href).toBe(false);
    await page.getByRole('link', { name: 'Newer stories' }).click();
    await page.waitForURL(`${running.baseUrl}/`);
    await page.getByRole('link', { name: 'Older stories' }).waitFor();
  });

  it('hydrates the search and older-stories pages from their embedded data, without warnings', async () => {
    const home = await web.newPage({ javaScriptEnabled: false });
    await home.goto(`${running.baseUrl}/`);
    const older = await home.getByRole('link', { name: 'Older stories' }).getAttribute('href');
    for (const route of ['/search?q=flamingo', '/search?q=%2A%2A', '/search', older!]) {
      const context = await web.newContext();
      const net = await guardNetwork(context);
      const page = await context.newPage();
      const messages: string[] = [];
      page.on('console', (msg) => {
        if (msg.text().startsWith('Application Insights not configured')) return;
        if (msg.type() === 'error' || msg.type() === 'warning') messages.push(`${route}: ${msg.type()}: ${msg.text()}`);
      });
      page.on('pageerror', (error) => messages.push(`${route}: pageerror: ${error.message}`));
      expect((await page.goto(`${running.baseUrl}${route}`))?.status()).toBe(200);
      await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
      await page.waitForLoadState('networkidle');
      expect(messages).toEqual([]);
      expect(net.requests.filter((u) => new URL(u).pathname.startsWith('/News'))).toEqual([]);
      await context.close();
    }
  });

  it("shows an article's preview with its title, description and a 1200x630 raster image", async () => {
    const news = await fetchNews(running.baseUrl);
    const article = news.allArticles.find((a) => a.headline.startsWith('Flamingo'))!;
    const { error, result } = await ogs({
      url: `${running.baseUrl}${articleHref(article)}`,
      urlValidatorSettings: {
        allow_fragments: true,
        allow_protocol_relative_urls: false,
        allow_query_components: true,
        allow_trailing_dot: false,
        allow_underscores: false,
        protocols: ['http', 'https'],
        require_host: true,
        require_port: false,
        require_protocol: true,
        require_tld: false,
        require_valid_protocol: true,
        validate_length: true,
      },
    });
    expect(error).toBe(false);
    expect(result.ogTitle).toBe(article.headline);
    expect(result.ogDescription).toBe('The bird ran unopposed.');
    expect(result.twitterCard).toBe('summary_large_image');
    const image = result.ogImage?.[0];
    expect(image).toMatchObject({ width: '1200', height: '630', type: 'image/png' });
    const res = await fetch(image!.url);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
    const meta = await sharp(Buffer.from(await res.arrayBuffer())).metadata();
    expect({ format: meta.format, width: meta.width, height: meta.height }).toEqual({
      format: 'png',
      width: 1200,
      height: 630,
    });
  });
});
