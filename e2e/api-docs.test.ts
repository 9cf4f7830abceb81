import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { startApp, type RunningApp } from './support/app.ts';
import { axeViolations, type AxeAllowance } from './support/axe.ts';
import { DESKTOP, useBrowser } from './support/browser.ts';
import { guardNetwork } from './support/network.ts';

// The API documentation (/api/docs, Swagger UI) checked by axe-core in headless Chromium: as it opens,
// with an operation open and tried out, and with the Authorize dialog open. What our theme
// (server/src/plugins/openapi-ui-theme.ts) and options fix is asserted; the few findings inside Swagger
// UI's own markup that no option reaches are listed below, each by its rule and its elements only.

/** With two operations open, their response tables are two `role="region"` landmarks without a name:
 *  Swagger UI writes the role, no option names them. */
const UNNAMED_RESPONSE_TABLES: AxeAllowance = {
  rule: 'landmark-unique',
  selector: 'table.responses-table',
};
/** The Authorize dialog's close button is an icon without a name, in Swagger UI's markup. */
const UNNAMED_CLOSE: AxeAllowance = {
  rule: 'button-name',
  selector: '.modal-ux .close-modal',
};
/** Swagger UI's Authorize dialog is not marked as a dialog (no role, no focus handling), so its content
 *  is outside any landmark; no option reaches its markup. */
const DIALOG_CONTENT: AxeAllowance = { rule: 'region', selector: '.modal-ux *' };
/** The dialog's Authorize buttons are named "Apply credentials" (Swagger UI's aria-label), not by their text. */
const AUTHORIZE_NAME: AxeAllowance = {
  rule: 'label-content-name-mismatch',
  selector: '.modal-ux .btn.modal-btn.authorize',
};

/** axe on the page once Swagger UI's colour transitions (0.3 s on its buttons) have ended. */
async function violations(page: Page, allowed: AxeAllowance[] = []): Promise<string[]> {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => a instanceof CSSTransition)
        .map((a) => a.finished),
    ),
  );
  return axeViolations(page, allowed);
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
    // A second operation open: two unnamed response tables.
    const probe = page
      .locator('.opblock-get')
      .filter({ has: page.locator('[data-path="/healthz"]') })
      .first();
    await probe.locator('.opblock-summary-control').click();
    await probe.locator('table.responses-table').waitFor();
    expect(await violations(page, [UNNAMED_RESPONSE_TABLES])).toEqual([]);

    await page.locator('.scheme-container .btn.authorize').click();
    await page.locator('.modal-ux').waitFor();
    expect(await violations(page, [UNNAMED_RESPONSE_TABLES, DIALOG_CONTENT, UNNAMED_CLOSE, AUTHORIZE_NAME])).toEqual(
      [],
    );
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
