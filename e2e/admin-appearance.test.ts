import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { ADMIN_SCREENS, startAdminScreensApp, type AdminScreensApp } from './support/admin-screens.ts';
import type { RunningApp } from './support/app.ts';
import { axeViolations } from './support/axe.ts';
import { ACTION_TIMEOUT_MS, DESKTOP, useBrowser } from './support/browser.ts';
import { guardNetwork } from './support/network.ts';
import { openSignedIn } from './support/signed-in.ts';

// The newsroom's appearance (docs/product.md, Appearance; decision 050): it follows the system's colour
// scheme, an editor's explicit choice wins and is in force from the first paint of the next page, and
// every main screen in the dark theme passes axe-core (colour contrast included).

const PHONE = { width: 390, height: 844 };

/** The page's computed background behind the newsroom, as [r, g, b]. */
async function newsroomBackground(page: Page): Promise<number[]> {
  const colour = await page.locator('.admin-app').evaluate((el) => getComputedStyle(el).backgroundColor);
  return (colour.match(/\d+/g) ?? []).slice(0, 3).map(Number);
}
const isDark = (rgb: number[]) => rgb.length === 3 && rgb.every((c) => c < 60);
const isLight = (rgb: number[]) => rgb.length === 3 && rgb.every((c) => c > 200);

describe('newsroom appearance', () => {
  let app: AdminScreensApp;
  let running: RunningApp;
  const web = useBrowser();

  // The axe sweep's app and data (support/admin-screens.ts): the dark sweep below checks its screens.
  beforeAll(async () => {
    app = await startAdminScreensApp();
    running = app.running;
  });
  afterAll(async () => {
    await app?.close();
  });

  it('follows a dark system at once, and the chosen Light wins from the first paint of a reload', async () => {
    const context = await web.newContext({ ...DESKTOP, colorScheme: 'dark' });
    await guardNetwork(context);
    const page = await context.newPage();
    await openSignedIn(page, running, `${running.baseUrl}/admin`);
    expect(await page.evaluate(() => document.documentElement.dataset.adminTheme)).toBe('dark');
    expect(isDark(await newsroomBackground(page))).toBe(true);
    const appearance = page.getByRole('group', { name: 'Appearance' });
    await expect.poll(() => appearance.getByRole('radio', { name: 'System' }).isChecked()).toBe(true);

    // The operating system turns light while 'System' is chosen: the newsroom follows without a reload.
    await page.emulateMedia({ colorScheme: 'light' });
    await expect.poll(async () => isLight(await newsroomBackground(page))).toBe(true);
    await page.emulateMedia({ colorScheme: 'dark' });
    await expect.poll(async () => isDark(await newsroomBackground(page))).toBe(true);

    // By keyboard: the chosen radio button, then the arrow keys.
    await appearance.getByRole('radio', { name: 'System' }).focus();
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => appearance.getByRole('radio', { name: 'Light' }).isChecked()).toBe(true);
    await expect.poll(async () => isLight(await newsroomBackground(page))).toBe(true);
    expect(await page.evaluate(() => localStorage.getItem('tabloid.admin.appearance'))).toBe('light');

    // The served page sets the theme in its <head>, and the policy allows that one script (no error).
    const errors: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'error') errors.push(m.text());
    });
    const html = await (await page.request.get(`${running.baseUrl}/admin/articles`)).text();
    expect(html).toMatch(/<head>[\s\S]*<script>[^<]*data-admin-theme[^<]*<\/script>[\s\S]*<\/head>/);
    // At DOMContentLoaded (before the newsroom's scripts have run), <html> already names the theme.
    await page.addInitScript(() => {
      document.addEventListener('DOMContentLoaded', () => {
        (window as unknown as { themeAtLoad: unknown }).themeAtLoad = document.documentElement.dataset.adminTheme;
      });
    });
    await page.reload();
    await page.getByRole('button', { name: 'Sign Out' }).waitFor();
    expect(await page.evaluate(() => (window as unknown as { themeAtLoad: unknown }).themeAtLoad)).toBe('light');
    expect(isLight(await newsroomBackground(page))).toBe(true);
    await expect.poll(() => appearance.getByRole('radio', { name: 'Light' }).isChecked()).toBe(true);
    expect(errors.filter((e) => /Content Security Policy/i.test(e))).toEqual([]);

    // Dark chosen, then a reload: dark at DOMContentLoaded even with a light system.
    await appearance.getByRole('radio', { name: 'Dark' }).check();
    await page.emulateMedia({ colorScheme: 'light' });
    await page.reload();
    await page.getByRole('button', { name: 'Sign Out' }).waitFor();
    expect(await page.evaluate(() => (window as unknown as { themeAtLoad: unknown }).themeAtLoad)).toBe('dark');
    expect(isDark(await newsroomBackground(page))).toBe(true);
  });

  it('a public page has no theme and keeps its white paper in a dark system', async () => {
    const page = await web.newPage({ ...DESKTOP, colorScheme: 'dark' });
    await page.goto(`${running.baseUrl}/`);
    expect(await page.evaluate(() => document.documentElement.hasAttribute('data-admin-theme'))).toBe(false);
    expect(await page.evaluate(() => getComputedStyle(document.documentElement).backgroundColor)).toBe(
      'rgb(255, 255, 255)',
    );
  });

  // The screens marked `dark` in the shared list (17 of its 39): one of each kind, whose colours are
  // the tokens every other screen uses too. All of them at both widths (about 3 s a screen, as the axe
  // sweep takes) would about double this file's time; the light sweep checks every one.
  const darkScreens = ADMIN_SCREENS.filter((s) => s.dark);

  describe('in the dark theme, at 390 and 1280 px', () => {
    let page: Page;
    let context: BrowserContext;
    beforeAll(async () => {
      context = await web.browser.newContext({ viewport: DESKTOP, colorScheme: 'dark' });
      context.setDefaultTimeout(ACTION_TIMEOUT_MS);
      await guardNetwork(context);
      page = await context.newPage();
      await openSignedIn(page, running, `${running.baseUrl}/admin`);
    });
    afterAll(async () => {
      await context?.close();
    });

    for (const screen of darkScreens) {
      it(`${screen.name}: no axe violation`, async () => {
        await page.setViewportSize(DESKTOP);
        await page.goto(`${running.baseUrl}${screen.path(app.ids)}`);
        await screen.ready(page);
        await page.waitForFunction(() => !document.querySelector('[aria-busy="true"]'));
        expect(isDark(await newsroomBackground(page))).toBe(true);
        const found: string[] = [];
        for (const size of [DESKTOP, PHONE]) {
          await page.setViewportSize(size);
          found.push(...(await axeViolations(page)).map((v) => `at ${size.width} px: ${v}`));
        }
        expect(found).toEqual([]);
      });
    }

    it('the sign-in gate: no axe violation', async () => {
      const gate = await web.newPage({ ...DESKTOP, colorScheme: 'dark' });
      await gate.goto(`${running.baseUrl}/admin`);
      await gate
        .getByRole('button', { name: /sign in/i })
        .first()
        .waitFor();
      expect(isDark(await newsroomBackground(gate))).toBe(true);
      expect(await axeViolations(gate)).toEqual([]);
    });
  });
});
