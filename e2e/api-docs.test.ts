import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { startApp, type RunningApp } from './support/app.ts';
import { axeViolations } from './support/axe.ts';
import { DESKTOP, useBrowser } from './support/browser.ts';
import { guardNetwork } from './support/network.ts';

// The API documentation (/api/docs, Swagger UI) checked by axe-core in headless Chromium: as it opens,
// with operations open and tried out, and with the Authorize dialog open, with no finding accepted. Our
// theme (server/src/plugins/openapi-ui-theme.ts) gives Swagger UI's markup the colours, landmarks, names
// and dialog semantics it lacks; what a reader sees of that is asserted here.

/** axe on the page once Swagger UI's colour transitions (0.3 s on its buttons) have ended. */
async function violations(page: Page): Promise<string[]> {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => a instanceof CSSTransition)
        .map((a) => a.finished),
    ),
  );
  return axeViolations(page);
}

describe('the API documentation (/api/docs)', () => {
  let running: RunningApp;
  const web = useBrowser();
  beforeAll(async () => {
    running = await startApp({ seed: false });
  });
  afterAll(async () => {
    await running?.close();
  });

  async function open(width: number): Promise<Page> {
    const context = await web.newContext({ width, height: DESKTOP.height });
    await guardNetwork(context);
    const page = await context.newPage();
    await page.goto(`${running.baseUrl}/api/docs/`);
    await page.getByRole('heading', { level: 1, name: /API/ }).waitFor();
    await page.locator('.opblock').first().waitFor();
    return page;
  }

  it('at 1280 px has no axe violation as it opens, with an operation tried out, and with the Authorize dialog', async () => {
    const page = await open(DESKTOP.width);
    expect(await page.title()).toBe(`${running.config.siteName} API`);
    // The title and description are the banner, the operations the main part; the Endpoints heading
    // sits between the title and the groups of operations.
    await page.getByRole('banner').getByRole('heading', { level: 1, name: /API/ }).waitFor();
    await page.getByRole('banner').getByRole('heading', { level: 2, name: 'Endpoints' }).waitFor();
    expect(await page.getByRole('main').getByRole('heading', { level: 3 }).count()).toBeGreaterThan(3);
    expect(await violations(page)).toEqual([]);

    const list = page
      .locator('.opblock-get')
      .filter({ has: page.locator('[data-path="/News"]') })
      .first();
    await list.locator('.opblock-summary-control').click();
    await list.getByRole('button', { name: 'Try it out' }).click();
    await list.getByRole('button', { name: 'Execute' }).click();
    await list.locator('.live-responses-table').waitFor();
    expect(await violations(page)).toEqual([]);
    // A second operation open: each response table is a region named for its operation.
    const probe = page
      .locator('.opblock-get')
      .filter({ has: page.locator('[data-path="/healthz"]') })
      .first();
    await probe.locator('.opblock-summary-control').click();
    await page.getByRole('region', { name: 'Responses of GET /healthz' }).waitFor();
    expect(await page.getByRole('region', { name: 'Responses of GET /News' }).count()).toBe(1);
    expect(await violations(page)).toEqual([]);

    // The Authorize dialog: a modal dialog named by its heading, the keyboard in it, its controls named by
    // what they show; Escape closes it and the keyboard is back on the button that opened it.
    const opener = page.locator('.scheme-container .btn.authorize');
    await opener.click();
    const dialog = page.getByRole('dialog', { name: 'Available authorizations' });
    await dialog.waitFor();
    expect(await dialog.getAttribute('aria-modal')).toBe('true');
    const field = dialog.getByRole('textbox', { name: 'Value:' });
    expect(await field.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await dialog.getByRole('button', { name: 'Authorize', exact: true }).count()).toBe(1);
    expect(await dialog.getByRole('button', { name: 'Close', exact: true }).count()).toBe(2);
    expect(await violations(page)).toEqual([]);
    const focusedInDialog = () => page.evaluate(() => Boolean(document.activeElement?.closest('[role="dialog"]')));
    // Tab past its last control and Shift+Tab before its first: still in the dialog.
    for (let i = 0; i < 5; i++) {
      await page.keyboard.press('Tab');
      expect(await focusedInDialog()).toBe(true);
    }
    await dialog.getByRole('button', { name: 'Close', exact: true }).first().focus();
    await page.keyboard.press('Shift+Tab');
    expect(await focusedInDialog()).toBe(true);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => opener.evaluate((el) => el === document.activeElement)).toBe(true);
  });

  it('shows where the keyboard is, in a request body too', async () => {
    const page = await open(DESKTOP.width);
    const outline = () =>
      page.evaluate(() => {
        const el = document.activeElement!;
        return `${el.tagName} ${getComputedStyle(el).outlineStyle}`;
      });
    const create = page
      .locator('.opblock-post')
      .filter({ has: page.locator('[data-path="/api/admin/articles"]') })
      .first();
    const summary = create.locator('.opblock-summary-control');
    await summary.focus();
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Tab');
    expect(await summary.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await outline()).not.toMatch(/ none$/);
    await page.keyboard.press('Enter');
    await create.getByRole('button', { name: 'Try it out' }).click();
    await create.locator('textarea').first().focus();
    expect(await outline()).toBe('TEXTAREA solid');
  });

  it('at 390 px has no axe violation and nothing scrolls sideways', async () => {
    const page = await open(390);
    expect(await violations(page)).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(
      0,
    );
  });
});
