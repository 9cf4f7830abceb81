import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ArticleRow } from '../server/src/db/schema.ts';
import { formatPublishedTime } from '../web/src/features/news/lib/format-published-time.ts';
import { startApp, type RunningApp } from './support/app.ts';
import { insertArticles } from './support/articles.ts';
import { useBrowser } from './support/browser.ts';
import { adminChunks, fileOf } from './support/chunks.ts';
import { guardNetwork } from './support/network.ts';
import { exactName } from './support/public-site.ts';

const web = useBrowser();
// Browser and test runner agree on the clock's zone and the locale, so times can be compared.
const timezoneId = Intl.DateTimeFormat().resolvedOptions().timeZone;
const contextOptions = { timezoneId, locale: 'en-GB' };

describe('public article page', () => {
  let running: RunningApp;
  let today: ArticleRow;
  let older: ArticleRow;

  beforeAll(async () => {
    running = await startApp();
    [today, older] = await insertArticles(running.database, running.app, [
      {
        headline: 'Pigeon Elected Mayor After Rival Caught Feeding Breadcrumbs',
        summary: 'The new mayor has promised free seed for all and the abolition of hawks.',
        content:
          'The pigeon won by a landslide.\n\nIts first act was to ban umbrellas in the town square.\n\nThe defeated candidate declined to coo.',
        author: 'Rex Tattle',
        category: 'UK',
        original_url: '',
      },
      {
        headline: 'Tech Giant Unveils Phone That Only Calls Your Mum',
        summary: 'Analysts call it the most honest device ever made.',
        content: 'The phone has one button.\r\n\r\nIt rings your mother.\n\n\n\nThere is no off switch.',
        author: 'Priya Scoop',
        category: 'Technology',
        original_url: 'https://example.com/original/phone-mum',
        published_at: '2025-03-14T10:30:00.000Z',
      },
    ]);
  });
  afterAll(async () => {
    await running?.close();
  });

  it("shows headline, byline, today's time, EXCLUSIVE badge, category, paragraphs and the teasers; no Original Sauce without an original URL", async () => {
    const context = await web.newContext(contextOptions);
    const net = await guardNetwork(context);
    const page = await context.newPage();
    const res = await page.goto(`${running.baseUrl}/article/${today.slug}`);
    expect(res?.status()).toBe(200);

    await page.getByRole('heading', { level: 1, name: exactName(today.headline) }).waitFor();
    await page.getByText(`By ${today.author}`, { exact: true }).waitFor();
    await page.getByText(formatPublishedTime(today.published_at), { exact: false }).first().waitFor();
    await page.getByText('EXCLUSIVE', { exact: true }).first().waitFor();
    await page.getByText('UK', { exact: true }).first().waitFor();
    for (const p of [
      'The pigeon won by a landslide.',
      'Its first act was to ban umbrellas in the town square.',
      'The defeated candidate declined to coo.',
    ]) {
      const el = page.getByText(p, { exact: true });
      await el.waitFor();
      expect(await el.evaluate((e) => e.tagName)).toBe('P');
    }
    await page.getByRole('button', { name: exactName('Share on Social') }).waitFor();
    await page
      .getByRole('button', { name: exactName('Email This Scandal') })
      .or(page.getByRole('link', { name: exactName('Email This Scandal') }))
      .first()
      .waitFor();
    await page.getByText('MORE QUESTIONABLE JOURNALISM', { exact: true }).waitFor();
    expect(await page.getByRole('link', { name: /original sauce/i }).count()).toBe(0);

    expect(await page.title()).toContain(today.headline);
    expect(net.external).toEqual([]);
    const admin = adminChunks(running.config.webDistDir);
    expect(
      net
        .scripts()
        .map(fileOf)
        .filter((f) => admin.has(f)),
    ).toEqual([]);
  });

  it('an older article shows date and time, the Original Sauce link, and splits CRLF and multiple blank lines', async () => {
    const page = await web.newPage(contextOptions);
    await page.goto(`${running.baseUrl}/article/${older.slug}`);
    await page.getByRole('heading', { level: 1, name: exactName(older.headline) }).waitFor();
    const shown = formatPublishedTime(older.published_at);
    expect(shown).toMatch(/2025/);
    await page.getByText(shown, { exact: false }).first().waitFor();
    const sauce = page.getByRole('link', { name: /original sauce/i });
    await sauce.waitFor();
    expect(await sauce.getAttribute('href')).toBe('https://example.com/original/phone-mum');
    expect(await sauce.getAttribute('target')).toBe('_blank');
    expect(await sauce.getAttribute('rel')).toMatch(/noopener|noreferrer/);
    for (const p of ['The phone has one button.', 'It rings your mother.', 'There is no off switch.']) {
      expect(await page.getByText(p, { exact: true }).evaluate((e) => e.tagName)).toBe('P');
    }
  });

  it('the HTML of an article carries its title and Open Graph tags before any script runs', async () => {
    const res = await fetch(`${running.baseUrl}/article/${today.slug}`);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toMatch(new RegExp(`<title>[^<]*${today.headline}[^<]*</title>`));
    const metas = html.match(/<meta\s[^>]*>/g) ?? [];
    const meta = (prop: string) => metas.find((m) => m.includes(`property="${prop}"`) || m.includes(`name="${prop}"`));
    expect(meta('og:title')).toContain(today.headline);
    expect(meta('og:type')).toContain('content="article"');
    expect(meta('og:url')).toContain(`${running.baseUrl}/article/${today.slug}`);
  });

  it('a missing article shows ARTICLE NOT FOUND with HTTP 404', async () => {
    const page = await web.newPage();
    const res = await page.goto(`${running.baseUrl}/article/there-is-no-such-scandal`);
    expect(res?.status()).toBe(404);
    await page.getByText('ARTICLE NOT FOUND', { exact: true }).waitFor();
    await page
      .getByText("The trash you're looking for doesn't exist or has been taken out.", { exact: true })
      .waitFor();
  });

  it('a draft is not readable by the public', async () => {
    const [draft] = await insertArticles(running.database, running.app, [
      { headline: 'Secret Draft About The Editor', published_at: null },
    ]);
    const page = await web.newPage();
    const res = await page.goto(`${running.baseUrl}/article/${draft!.slug}`);
    expect(res?.status()).toBe(404);
    await page.getByText('ARTICLE NOT FOUND', { exact: true }).waitFor();
    expect(await page.getByText('Secret Draft About The Editor').count()).toBe(0);
  });

  it('fits a 360 px wide screen without sideways scrolling', async () => {
    const page = await web.newPage({ width: 360, height: 740 });
    await page.goto(`${running.baseUrl}/article/${older.slug}`);
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  });
});
