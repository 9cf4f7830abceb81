import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { ADMIN_SCREENS, startAdminScreensApp, type AdminScreensApp } from './support/admin-screens.ts';
import type { RunningApp } from './support/app.ts';
import { axeViolations } from './support/axe.ts';
import { ACTION_TIMEOUT_MS, DESKTOP, useBrowser } from './support/browser.ts';
import { guardNetwork } from './support/network.ts';
import { openSignedIn } from './support/signed-in.ts';

// Every admin screen (support/admin-screens.ts: the list and its data, shared with the dark theme's
// sweep), checked by axe-core (the accessibility engine of browser tools) in headless Chromium at 390
// and 1280 px: any violation, of any impact, fails the test with its rule, its nodes and axe's own
// explanation. The same sweep checks that each screen's heading (or the card holding it) starts in line
// with the header's title, as a screen with its own padding would not.

const PHONE = { width: 390, height: 844 };

describe('admin accessibility (axe-core)', () => {
  let app: AdminScreensApp;
  let running: RunningApp;
  const web = useBrowser();

  beforeAll(async () => {
    app = await startAdminScreensApp();
    running = app.running;
  });
  afterAll(async () => {
    await app?.close();
  });

  describe('at 390 and 1280 px', () => {
    // One signed-in page goes through the screens in order (a test per screen). Each screen is loaded
    // at one width and checked there, then checked at the other after a resize: the admin's layout is
    // CSS alone (no script of its reads the width), so a resized screen is the one a load at that width
    // gives. The width a screen is loaded at alternates, so both widths' first loads are checked too.
    let page: Page;
    let context: BrowserContext;
    beforeAll(async () => {
      context = await web.browser.newContext({ viewport: PHONE });
      context.setDefaultTimeout(ACTION_TIMEOUT_MS);
      await guardNetwork(context);
      page = await context.newPage();
      await openSignedIn(page, running, `${running.baseUrl}/admin`);
    });
    afterAll(async () => {
      await context?.close();
    });

    for (const [i, screen] of ADMIN_SCREENS.entries()) {
      const widths = i % 2 === 0 ? [PHONE, DESKTOP] : [DESKTOP, PHONE];
      it(`${screen.name}: no violation, its heading in line (loaded at ${widths[0]!.width} px)`, async () => {
        await page.setViewportSize(widths[0]!);
        await page.goto(`${running.baseUrl}${screen.path(app.ids)}`);
        await screen.ready(page);
        // Loading states settle before the check.
        await page.waitForFunction(() => !document.querySelector('[aria-busy="true"]'));
        const found: string[] = [];
        for (const size of widths) {
          await page.setViewportSize(size);
          expect(await page.evaluate(() => window.innerWidth)).toBe(size.width);
          found.push(...(await axeViolations(page)).map((v) => `at ${size.width} px: ${v}`));
          // The screen's heading (or the card or article preview that holds it) lines up with the header's title.
          const [title, heading] = await page.evaluate(() => {
            const h1 = document.querySelector('main h1');
            const box = h1?.closest('.admin-form, .admin-panel, .admin-preview') ?? h1;
            return [
              document.querySelector('.admin-header__title')!.getBoundingClientRect().left,
              box?.getBoundingClientRect().left,
            ];
          });
          if (heading !== undefined && heading !== title) {
            found.push(`at ${size.width} px: the heading starts at ${heading} px, the header's title at ${title} px`);
          }
        }
        expect(found).toEqual([]);
      });
    }
  });

  it('the dialogs (delete, leave without saving, merge a tag, delete for good) have no axe violation', async () => {
    const context = await web.newContext(DESKTOP);
    await guardNetwork(context);
    const page = await context.newPage();
    await openSignedIn(page, running, `${running.baseUrl}/admin/articles/${app.ids.draft}`);
    await page.getByRole('button', { name: 'Delete', exact: true }).click();
    await page.getByRole('alertdialog').waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Edit', exact: true }).click();
    await page.getByLabel('Summary').fill('Changed, not saved.');
    await page.getByRole('link', { name: 'Audit', exact: true }).click();
    await page.getByRole('alertdialog', { name: 'Leave without saving?' }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Leave', exact: true }).click();
    await page.goto(`${running.baseUrl}/admin/tags`);
    await page
      .getByRole('button', { name: /^Merge .+ into another tag$/ })
      .first()
      .click();
    const merge = page.getByRole('alertdialog', { name: /^Merge .+ into another tag$/ });
    await merge.getByRole('button', { name: 'Merge tags' }).click();
    // With the refusal shown (nothing chosen).
    await merge.getByRole('alert').waitFor();
    expect(await axeViolations(page)).toEqual([]);
    // Delete for good, from a Trash row and from the bar (opened and cancelled: nothing is deleted).
    await page.goto(`${running.baseUrl}/admin/articles?page=1&pageSize=20&status=trash`);
    await page.getByRole('button', { name: 'Delete for good Axe Trashed About A Heron', exact: true }).click();
    await page.getByRole('alertdialog', { name: 'Delete “Axe Trashed About A Heron” for good?' }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');
    await page.getByRole('alertdialog').waitFor({ state: 'hidden' });
    await page.getByRole('checkbox', { name: 'Select Axe Trashed About A Heron' }).check();
    await page
      .getByRole('group', { name: 'Bulk actions' })
      .getByRole('button', { name: 'Delete for good', exact: true })
      .click();
    await page.getByRole('alertdialog', { name: 'Delete 1 article for good?' }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');
  });
});
