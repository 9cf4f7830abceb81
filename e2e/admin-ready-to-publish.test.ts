import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { startApp, type RunningApp } from './support/app.ts';
import { axeViolations } from './support/axe.ts';
import { DESKTOP, useBrowser } from './support/browser.ts';
import { exactName } from './support/public-site.ts';
import { openSignedIn } from './support/signed-in.ts';

// 'Ready to publish?' (decision 052), in headless Chromium against the real app: an editor writes a new
// draft without a summary or tags, sees the suggestions on its screen, follows 'Write a summary' into the
// form (the focus on the Summary), saves, and sees 'Summary written'. The suggestions never stop Publish.
// The screen passes axe at 360 and 1280 px, in the light and the dark theme, with the panel open.

const NARROW = { width: 360, height: 740 };
const HEADLINE = 'Badger Elected Chair Of Parish Council';

/** The panel's count ('3 suggestions'), opened. */
async function openPanel(page: Page) {
  const summary = page.locator('summary', { hasText: 'Ready to publish?' });
  await summary.waitFor();
  if (!(await summary.evaluate((el) => (el.parentElement as HTMLDetailsElement).open))) await summary.click();
  return page.locator('details.admin-ready');
}

const lines = (page: Page) => page.locator('.admin-ready__item').allInnerTexts();

describe("'Ready to publish?' on the article screen", () => {
  let running: RunningApp;
  const web = useBrowser();
  let articleUrl = '';

  beforeAll(async () => {
    running = await startApp();
  });
  afterAll(async () => {
    await running?.close();
  });

  it("an editor follows 'Write a summary', saves, and sees it written", async () => {
    const page = await web.newPage({ ...DESKTOP });
    await openSignedIn(page, running, `${running.baseUrl}/admin/articles/new`);
    await page.getByLabel('Headline').fill(HEADLINE);
    await page.getByLabel('Category', { exact: true }).selectOption({ label: 'Politics' });
    await page.getByLabel('Author').fill('Ann Author');
    await page.getByRole('textbox', { name: 'Content' }).click();
    await page.keyboard.type('The badger promised shorter meetings and longer naps.');
    await page.getByRole('button', { name: 'Create article' }).click();
    await page.getByRole('heading', { level: 1, name: HEADLINE }).waitFor();
    articleUrl = page.url();

    // Closed, one line under the actions: its count.
    const summary = page.locator('summary', { hasText: 'Ready to publish?' });
    expect((await summary.innerText()).replace(/\s+/g, ' ')).toBe('Ready to publish? 3 suggestions');
    const panel = await openPanel(page);
    expect(await lines(page)).toEqual([
      expect.stringContaining('Add a picture: share cards and the home page show one'),
      expect.stringContaining('Write a summary: search results and share cards use it, else the first paragraph'),
      expect.stringContaining('Byline: Ann Author'),
      expect.stringContaining('Add tags so readers find related stories'),
      expect.stringContaining('Headline fits search results'),
      expect.stringContaining('8 words'),
    ]);
    // Advisory: Publish is there and enabled as ever.
    expect(await page.getByRole('button', { name: exactName('Publish') }).isEnabled()).toBe(true);

    // The suggestion opens the form with the focus on the Summary.
    await panel.getByRole('button', { name: 'Write a summary' }).click();
    await page.getByRole('heading', { level: 1, name: 'Edit Article' }).waitFor();
    const field = page.getByLabel('Summary', { exact: true });
    await expect.poll(() => field.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.type('A badger now chairs the parish council.');
    await page.getByRole('button', { name: 'Save changes' }).click();

    await page.getByRole('heading', { level: 1, name: HEADLINE }).waitFor();
    expect((await summary.innerText()).replace(/\s+/g, ' ')).toBe('Ready to publish? 2 suggestions');
    // A screen reader hears the new count (a polite status).
    await expect
      .poll(() => page.locator('.admin-ready + [role="status"]').textContent())
      .toBe('Ready to publish? 2 suggestions');
    await openPanel(page);
    expect(await lines(page)).toContainEqual(expect.stringContaining('Summary written'));
    expect(await page.getByText('Summary written').isVisible()).toBe(true);
  });

  for (const colorScheme of ['light', 'dark'] as const) {
    it(`no axe violation at 360 and 1280 px, ${colorScheme}`, async () => {
      expect(articleUrl).not.toBe('');
      const page = await web.newPage({ ...DESKTOP, colorScheme });
      await openSignedIn(page, running, articleUrl);
      expect(await page.evaluate(() => document.documentElement.dataset.adminTheme)).toBe(colorScheme);
      await page.getByRole('heading', { level: 1, name: HEADLINE }).waitFor();
      await page.waitForFunction(() => !document.querySelector('[aria-busy="true"]'));
      const found: string[] = [];
      for (const size of [DESKTOP, NARROW]) {
        await page.setViewportSize(size);
        for (const open of [false, true]) {
          if (open) await openPanel(page);
          found.push(...(await axeViolations(page)).map((v) => `at ${size.width} px, open ${open}: ${v}`));
        }
        // At 360 px the headline and the actions come first, the panel only a line under them.
        if (size === NARROW) {
          await page.locator('details.admin-ready').evaluate((el) => ((el as HTMLDetailsElement).open = false));
          const box = await page.locator('details.admin-ready').boundingBox();
          const headline = await page.getByRole('heading', { level: 1, name: HEADLINE }).boundingBox();
          expect(box!.y).toBeGreaterThan(headline!.y);
          expect(box!.height).toBeLessThan(60);
          // Nothing wider than the screen.
          expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
        }
      }
      expect(found).toEqual([]);
    });
  }
});
