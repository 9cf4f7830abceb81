import type { Page, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type RunningApp } from './support/app.ts';
import { MOBILE, useBrowser } from './support/browser.ts';
import { guardNetwork } from './support/network.ts';
import { CATEGORIES, categoryLink, exactName } from './support/public-site.ts';

const web = useBrowser();
let running: RunningApp;

beforeAll(async () => {
  running = await startApp();
});
afterAll(async () => {
  await running?.close();
});

describe('mobile menu at 375 px', () => {
  async function menuButton(page: Page) {
    const button = page.getByRole('button', { name: /^\s*menu\s*$/i });
    // The server-rendered button responds once the page is hydrated.
    await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
    await button.waitFor();
    return button;
  }

  it('MENU opens the nav with the six categories and ADMIN; CLOSE closes it', async () => {
    const page = await web.newPage(MOBILE);
    await page.goto(`${running.baseUrl}/`);
    const menu = await menuButton(page);
    // Closed: the category links are not shown.
    expect(await categoryLink(page, 'Politics').isVisible()).toBe(false);
    expect(await menu.getAttribute('aria-expanded')).toBe('false');

    await menu.click();
    for (const c of CATEGORIES) await categoryLink(page, c.name).waitFor({ state: 'visible' });
    await page
      .getByRole('link', { name: exactName('ADMIN') })
      .first()
      .waitFor({ state: 'visible' });
    const close = page.getByRole('button', { name: /^\s*close\s*$/i });
    await close.waitFor();
    expect(await close.getAttribute('aria-expanded')).toBe('true');

    await close.click();
    await categoryLink(page, 'Politics').waitFor({ state: 'hidden' });
    await menuButton(page);
  });

  it('Escape closes the open menu and gives focus back to the toggle', async () => {
    const page = await web.newPage(MOBILE);
    await page.goto(`${running.baseUrl}/`);
    const menu = await menuButton(page);
    await menu.focus();
    await page.keyboard.press('Enter');
    await categoryLink(page, 'Technology').waitFor({ state: 'visible' });
    await page.keyboard.press('Escape');
    await categoryLink(page, 'Technology').waitFor({ state: 'hidden' });
    const focused = await page.evaluate(() => document.activeElement?.textContent?.trim() ?? '');
    expect(focused).toMatch(/^menu$/i);
  });

  it('choosing a category in the menu navigates and closes the menu', async () => {
    const page = await web.newPage(MOBILE);
    await page.goto(`${running.baseUrl}/`);
    await (await menuButton(page)).click();
    await categoryLink(page, 'Business').click();
    await page.waitForURL(`${running.baseUrl}/business`);
    await categoryLink(page, 'Business').waitFor({ state: 'hidden' });
  });
});

describe('unknown routes', () => {
  for (const path of ['/no-such-section', '/this/does/not/exist']) {
    it(`${path} answers HTTP 404 with 'Oops! Page not found' and 'Return to Home' goes home`, async () => {
      const page = await web.newPage();
      const res = await page.goto(`${running.baseUrl}${path}`);
      expect(res?.status()).toBe(404);
      await page.getByText('Oops! Page not found', { exact: true }).waitFor();
      await page.getByRole('link', { name: exactName('Return to Home') }).click();
      await page.waitForURL(`${running.baseUrl}/`);
      await categoryLink(page, 'Politics').waitFor();
      await page.locator('a[href^="/article/"]').first().waitFor();
    });
  }
});

// A tab opened before a deploy: the article page's chunk is gone (404) or the connection dropped. The
// reader's click loads the story from the server instead of showing an error.
describe('a page whose code no longer loads', () => {
  it('following a story whose chunk fails to load opens the story, served by the server', async () => {
    const page = await web.newPage({ serviceWorkers: 'block' });
    let stale = true;
    let failed = 0;
    const isDocumentOf = (req: Request, pathname: string) =>
      req.isNavigationRequest() && req.frame() === page.mainFrame() && new URL(req.url()).pathname === pathname;
    // The old page's article chunk fails; the server's new page loads its own.
    await page.route(/\/assets\/article-[\w-]{8}\.js$/, (route) => {
      if (!stale) return route.continue();
      failed += 1;
      return route.abort();
    });
    await page.goto(`${running.baseUrl}/`);
    await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
    const link = page.locator('main a[href^="/article/"]').first();
    const href = (await link.getAttribute('href'))!;
    const documentLoad = page.waitForRequest((req) => isDocumentOf(req, href));
    page.on('request', (req) => {
      if (isDocumentOf(req, href)) stale = false;
    });
    await link.click();
    await documentLoad;
    await page.waitForURL(`${running.baseUrl}${href}`);
    await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    expect(await page.getByText('Something went wrong').count()).toBe(0);
    expect(failed).toBeGreaterThan(0);
  });
});

describe('contact and privacy pages', () => {
  it('/contact has every topic of the product description', async () => {
    const context = await web.newContext();
    const net = await guardNetwork(context);
    const page = await context.newPage();
    const res = await page.goto(`${running.baseUrl}/contact`);
    expect(res?.status()).toBe(200);
    for (const topic of [/editorial/i, /tips?\b/i, /advertis/i, /office|address/i, /satire|disclaimer/i]) {
      await page.getByRole('heading', { name: topic }).first().waitFor();
    }
    expect(await page.title()).toMatch(/contact/i);
    expect(net.external).toEqual([]);
  });

  it('/privacy has every topic of the product description and the January 2024 date', async () => {
    const page = await web.newPage();
    const res = await page.goto(`${running.baseUrl}/privacy`);
    expect(res?.status()).toBe(200);
    const topics = [
      /information.*collect|collect.*information/i,
      /\buse\b/i,
      /shar/i,
      /security/i,
      /rights/i,
      /cookie/i,
      /third[- ]party/i,
      /children|under 13/i,
      /update|changes/i,
    ];
    for (const topic of topics) await page.getByRole('heading', { name: topic }).first().waitFor();
    await page
      .getByText(/January 2024/)
      .first()
      .waitFor();
    expect(await page.title()).toMatch(/privacy/i);
  });

  it('the footer links to Contact and Privacy Policy with plain anchors', async () => {
    const page = await web.newPage();
    await page.goto(`${running.baseUrl}/`);
    const footer = page.locator('footer');
    const contact = footer.getByRole('link', { name: exactName('Contact') });
    const privacy = footer.getByRole('link', { name: exactName('Privacy Policy') });
    expect(await contact.getAttribute('href')).toBe('/contact');
    expect(await privacy.getAttribute('href')).toBe('/privacy');
    await privacy.click();
    await page.waitForURL(`${running.baseUrl}/privacy`);
    await page
      .getByText(/January 2024/)
      .first()
      .waitFor();
  });
});

describe('keyboard', () => {
  it('Tab reaches the category links, and a focused link looks different from an unfocused one', async () => {
    const page = await web.newPage();
    await page.goto(`${running.baseUrl}/`);
    await categoryLink(page, 'Politics').waitFor();
    let reached = '';
    for (let i = 0; i < 15 && !reached; i++) {
      await page.keyboard.press('Tab');
      const href = await page.evaluate(() => document.activeElement?.getAttribute('href') ?? '');
      if (href === '/politics') reached = href;
    }
    expect(reached).toBe('/politics');
    const styleOf = () =>
      page.evaluate(() => {
        const s = getComputedStyle(document.querySelector('a[href="/politics"]')!);
        return {
          outline: `${s.outlineStyle} ${s.outlineWidth} ${s.outlineColor}`,
          shadow: s.boxShadow,
          outlineStyle: s.outlineStyle,
          outlineWidth: s.outlineWidth,
        };
      });
    const focused = await styleOf();
    const visibleOutline = focused.outlineStyle !== 'none' && parseFloat(focused.outlineWidth) >= 1;
    const visibleShadow = focused.shadow !== 'none';
    expect(visibleOutline || visibleShadow).toBe(true);
    await page.evaluate(() => (document.activeElement as HTMLElement).blur());
    const unfocused = await styleOf();
    expect(`${unfocused.outline} ${unfocused.shadow}`).not.toBe(`${focused.outline} ${focused.shadow}`);
  });
});

describe('the API documentation', () => {
  it('/api/docs shows the API with nothing its policy refuses and nothing from another host', async () => {
    const context = await web.newContext();
    const network = await guardNetwork(context);
    const page = await context.newPage();
    await page.addInitScript(() => {
      const refused: string[] = [];
      (window as unknown as { refused: string[] }).refused = refused;
      document.addEventListener('securitypolicyviolation', (e) => refused.push(`${e.effectiveDirective} ${e.sample}`));
    });
    const errors: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'error') errors.push(m.text());
    });
    await page.goto(`${running.baseUrl}/api/docs/`);
    await page.getByText('/News/slug/{slug}').first().waitFor();
    await page.getByRole('heading', { name: /API/ }).first().waitFor();
    expect(await page.evaluate(() => (window as unknown as { refused: string[] }).refused)).toEqual([]);
    expect(errors).toEqual([]);
    expect(network.external).toEqual([]);
  });
});
