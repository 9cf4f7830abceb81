import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type RunningApp } from './support/app.ts';
import { axeViolations } from './support/axe.ts';
import { DESKTOP, useBrowser } from './support/browser.ts';

// The About page, the corrections page and the search pages in real chromium: no axe violation at 360 px and on a desktop,
// with and without JavaScript; the About page is reached from the footer.
const NARROW = { width: 360, height: 740 } as const;

describe('About and search pages', () => {
  let running: RunningApp;
  const web = useBrowser();

  beforeAll(async () => {
    running = await startApp();
  });
  afterAll(async () => {
    await running?.close();
  });

  for (const size of [NARROW, DESKTOP]) {
    for (const javaScriptEnabled of [true, false]) {
      it(`has no axe violation on /about, /corrections, /search and an empty search at ${size.width} px, script ${javaScriptEnabled ? 'on' : 'off'}`, async () => {
        // axe runs as a script of its own: the page's CSP is bypassed for it, and "script off" is the
        // server's markup with the site's own scripts refused.
        const context = await web.newContext({ ...size, bypassCSP: true });
        if (!javaScriptEnabled) await context.route(/\/assets\/.*\.js$/, (r) => r.abort());
        const page = await context.newPage();
        for (const route of ['/about', '/corrections', '/search', '/search?q=goose', '/search?q=zzzzqqqxnothing']) {
          const res = await page.goto(`${running.baseUrl}${route}`);
          expect(res?.status(), route).toBe(200);
          if (javaScriptEnabled) await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
          await page.getByRole('heading', { level: 1 }).first().waitFor();
          expect(await axeViolations(page), route).toEqual([]);
          // Nothing is wider than the screen.
          const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
          expect(overflow, route).toBeLessThanOrEqual(0);
        }
      });
    }
  }

  it('reaches the About page from the footer without JavaScript', async () => {
    const page = await web.newPage({ ...NARROW, javaScriptEnabled: false });
    await page.goto(`${running.baseUrl}/`);
    await page.getByRole('contentinfo').getByRole('link', { name: 'About', exact: true }).click();
    await page.waitForURL('**/about');
    expect(await page.getByRole('heading', { level: 1 }).first().textContent()).toMatch(/^About /);
    expect(await page.getByRole('heading', { name: 'Corrections' }).isVisible()).toBe(true);
  });
});
