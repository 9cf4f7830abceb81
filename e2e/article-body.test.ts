import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ARTICLES } from '../server/src/seed/demo-articles.ts';
import { DEMO_PICTURES } from '../server/src/seed/pictures.ts';
import { slugify } from '../common/slug.ts';
import { startApp, type RunningApp } from './support/app.ts';
import { DESKTOP, MOBILE, useBrowser } from './support/browser.ts';

// A rich article body in real chromium with scripting off: every element of the format is there and
// shown, the pictures load from the site, and the X post is a card that links to X (no script or frame
// of X on the page). Then the same page with scripting on: hydration keeps the same body.
describe('a rich article body, read without JavaScript', () => {
  let running: RunningApp;
  const web = useBrowser();
  const story = DEMO_ARTICLES.find((a) => a.body?.content.some((b) => b.type === 'embed'))!;
  const href = `/article/${slugify(story.headline)}`;

  beforeAll(async () => {
    // React's development build: it reports every hydration mismatch, attributes included.
    running = await startApp({ build: 'development' });
  });
  afterAll(async () => {
    await running?.close();
  });

  for (const [name, viewport] of [
    ['375 px', MOBILE],
    ['desktop', DESKTOP],
  ] as const) {
    it(`shows every element at ${name}, the embed as a link`, async () => {
      const page = await web.newPage({ ...viewport, javaScriptEnabled: false });
      const thirdParty: string[] = [];
      page.on('request', (r) => {
        if (!r.url().startsWith(running.baseUrl)) thirdParty.push(r.url());
      });
      await page.goto(`${running.baseUrl}${href}`);
      const body = page.locator('.article-body');
      await body.waitFor();
      await body.getByRole('heading', { level: 2, name: 'How it started' }).waitFor();
      await body.getByRole('heading', { level: 3, name: 'The state of play' }).waitFor();
      expect(await body.locator('ul > li').count()).toBe(3);
      expect(await body.locator('blockquote:not(.pull-quote)').textContent()).toContain('perfectly normal');
      expect(await body.locator('blockquote.pull-quote').textContent()).toContain('full confidence');
      expect(await body.locator('hr').isVisible()).toBe(true);
      expect(await body.locator('strong').textContent()).toBe('sprinted');
      expect(await body.locator('em').textContent()).toBe(', if you must.');

      const figure = body.locator('figure.body-image');
      const picture = figure.getByRole('img', { name: /Four black chairs/ });
      await picture.scrollIntoViewIfNeeded();
      await expect
        .poll(() => picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
        .toBe(true);
      expect(await figure.locator('figcaption').textContent()).toContain('Daily Smear Picture Desk');

      const link = body.getByRole('link', { name: /Read the full transcript/ });
      expect(await link.getAttribute('rel')).toContain('noopener');
      // Links show where the focus is.
      await link.focus();
      const outline = await link.evaluate((el) => getComputedStyle(el).outlineStyle);
      expect(outline).not.toBe('none');

      const embed = body.locator('.embed-card a');
      expect(await embed.getAttribute('href')).toBe('https://x.com/dailysmear/status/1000000000000000001');
      expect(await embed.textContent()).toContain('View on X');
      expect(await embed.textContent()).toContain('the music has stopped again');
      expect(await embed.isVisible()).toBe(true);
      expect(await page.locator('iframe').count()).toBe(0);
      expect(await page.locator('script[src*="x.com"], script[src*="twitter"], script[src*="youtube"]').count()).toBe(
        0,
      );
      // The body is no wider than the screen.
      const width = await body.evaluate((el) => el.scrollWidth <= el.clientWidth + 1);
      expect(width).toBe(true);
      expect(thirdParty).toEqual([]);
    });
  }

  it('hydrates to the same body with JavaScript on', async () => {
    const page = await web.newPage({ ...DESKTOP });
    const errors: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'error' || /hydrat|did not match/i.test(m.text())) errors.push(m.text());
    });
    await page.goto(`${running.baseUrl}${href}`);
    const served = await page.locator('.article-body').innerHTML();
    await page.waitForFunction(() => document.documentElement.hasAttribute('data-hydrated'));
    expect(await page.locator('.article-body').innerHTML()).toBe(served);
    expect(errors).toEqual([]);
  });
});

// The body's pictures keep their room while they load: their width and height come from the image
// library, so the text under them does not move when they arrive (layout shift at most 0.01).
describe('a rich article body, while its pictures load', () => {
  let running: RunningApp;
  const web = useBrowser();
  const story = DEMO_ARTICLES.find((a) => a.body?.content.some((b) => b.type === 'image'))!;
  const href = `/article/${slugify(story.headline)}`;

  beforeAll(async () => {
    running = await startApp();
  });
  afterAll(async () => {
    await running?.close();
  });

  for (const [name, viewport] of [
    ['375 px', MOBILE],
    ['desktop', DESKTOP],
  ] as const) {
    it(`does not move the text when the picture arrives at ${name}`, async () => {
      const page = await web.newPage({ ...viewport });
      // Uploaded pictures are held back until the page is drawn and the picture's place is in view.
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      await page.route(/\/images\/[0-9a-f]{32}-\d+\.webp$/, async (route) => {
        await held;
        await route.continue();
      });
      await page.addInitScript(() => {
        const w = window as unknown as { shift: number };
        w.shift = 0;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as unknown as { value: number; hadRecentInput: boolean }[]) {
            if (!entry.hadRecentInput) w.shift += entry.value;
          }
        }).observe({ type: 'layout-shift', buffered: true });
      });
      await page.goto(`${running.baseUrl}${href}`);
      await page.waitForFunction(() => document.documentElement.hasAttribute('data-hydrated'));
      const picture = page.locator('.article-body figure.body-image img').first();
      expect(await picture.getAttribute('width')).toBe(String(DEMO_PICTURES.chairs.width));
      expect(await picture.getAttribute('height')).toBe(String(DEMO_PICTURES.chairs.height));
      await picture.evaluate((img) => img.scrollIntoView({ block: 'center' }));
      expect(await picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(false);
      const frames = () =>
        page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
      await frames();
      // Only what the pictures' arrival moves is measured from here.
      await page.evaluate(() => ((window as unknown as { shift: number }).shift = 0));
      release();
      await expect
        .poll(() => picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
        .toBe(true);
      await frames();
      expect(await page.evaluate(() => (window as unknown as { shift: number }).shift)).toBeLessThanOrEqual(0.01);
    });
  }
});
