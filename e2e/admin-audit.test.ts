import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { adminRequest } from './support/admin-request.ts';
import { startApp, type RunningApp } from './support/app.ts';
import { axeViolations } from './support/axe.ts';
import { insertArticles } from './support/articles.ts';
import { DESKTOP, useBrowser } from './support/browser.ts';
import { guardNetwork } from './support/network.ts';
import { openSignedIn } from './support/signed-in.ts';

// The Audit Trail on a phone: each row a card of labelled lines, nothing scrolling sideways, long
// headlines, names and reasons wrapped; on a wide screen, a table. The rows of authors and tags name
// their record: a link to its articles while it exists.

const web = useBrowser();
const PHONE = { width: 360, height: 740 };
const EDITOR_NAME = 'Bartholomew Fotheringham-Smythe';
const HEADLINE =
  'Council Confirms That The Municipal Roundabout Beautification Subcommittee Has Voted To Rename Itself Again, For The Fourth Time This Month';
const TAG = 'Extraordinarily Long Tag Name About Municipal Roundabouts And Their Beautification';
/** A reason with an address longer than a phone's line. */
const REASON =
  'X answered 403: https://api.x.com/2/tweets/you-are-not-permitted-to-perform-this-action-because-of-reasons';

/** The labels a card shows, in order. */
async function shownLabels(row: Locator): Promise<string[]> {
  return row
    .locator('.admin-audit__label')
    .evaluateAll((labels) => labels.filter((l) => l.checkVisibility()).map((l) => l.textContent ?? ''));
}

/** How far the page and the table's box scroll sideways (0: not at all, or no table). */
async function sideways(page: Page): Promise<{ page: number; table: number }> {
  return page.evaluate(() => {
    const wrap = document.querySelector('table')?.parentElement;
    return {
      page: document.documentElement.scrollWidth - document.documentElement.clientWidth,
      table: wrap ? wrap.scrollWidth - wrap.clientWidth : 0,
    };
  });
}

describe('the audit trail', () => {
  let running: RunningApp;

  beforeAll(async () => {
    running = await startApp({ seed: false });
    const authorization = await running.bearer({ sub: 'audit-fixture', name: EDITOR_NAME });
    const [article] = await insertArticles(running.database, running.app, [{ headline: HEADLINE }]);
    // Rows, oldest first: an unpublished article, a tag created, an author created and deleted, a failed
    // post on X (its row as the sharing code writes it, with the reason X gave).
    await adminRequest(running.baseUrl, authorization, 'POST', `/api/admin/articles/${article!.id}/unpublish`);
    await adminRequest(running.baseUrl, authorization, 'POST', '/api/admin/tags', { name: TAG });
    const gone = await adminRequest<{ id: number }>(running.baseUrl, authorization, 'POST', '/api/admin/authors', {
      name: 'Gone Soon',
    });
    await adminRequest(running.baseUrl, authorization, 'DELETE', `/api/admin/authors/${gone.id}`);
    await running.database.db
      .insertInto('audit_log')
      .values({
        action: 'share-failed',
        article_id: article!.id,
        actor_subject: 'audit-fixture',
        actor_name: EDITOR_NAME,
        at: new Date().toISOString(),
        before: null,
        after: JSON.stringify({ platform: 'x', attempt: 3, account: '@TheDailySmearOfficialAccount', reason: REASON }),
      })
      .execute();
  });
  afterAll(async () => {
    await running?.close();
  });

  it('at 360 px each row is a card of labelled lines; nothing scrolls sideways; long text wraps; filters and pages fit', async () => {
    const context = await web.newContext(PHONE);
    await guardNetwork(context);
    const page = await context.newPage();
    await openSignedIn(page, running, `${running.baseUrl}/admin/audit`);
    const table = page.getByRole('table', { name: 'Audit entries, newest first' });
    const rows = table.getByRole('rowgroup').nth(1).getByRole('row');
    await expect.poll(() => rows.count()).toBe(5);
    expect(await sideways(page)).toEqual({ page: 0, table: 0 });
    expect(await axeViolations(page)).toEqual([]);

    // Each card labels its lines; the platform only where there is one.
    // Each row says its action in words, not its code.
    const failed = rows.filter({ hasText: 'Share failed' });
    expect(await failed.locator('.admin-audit__value').nth(2).innerText()).toMatch(/^Share failed\s+attempt 3/);
    expect(await rows.locator('.admin-audit__value').allInnerTexts()).not.toContainEqual(
      expect.stringMatching(/^(share-failed|tag-create|unpublish|author-create|author-delete)\b/),
    );
    const noPlatform = ['When', 'Editor', 'Action', 'Article or record'];
    expect(await shownLabels(failed)).toEqual(['When', 'Editor', 'Action', 'Platform', 'Article or record']);
    expect(await shownLabels(rows.filter({ hasText: 'Tag created' }))).toEqual(noPlatform);
    expect(await shownLabels(rows.filter({ hasText: 'Unpublished' }))).toEqual(noPlatform);
    // A label sits on its value's first line, to its left.
    const label = await failed.locator('.admin-audit__label', { hasText: 'Editor' }).boundingBox();
    const value = await failed.getByText(EDITOR_NAME, { exact: true }).boundingBox();
    expect(label!.x + label!.width).toBeLessThan(value!.x);
    expect(Math.abs(label!.y - value!.y)).toBeLessThan(8);
    // Every label holds one line, the longest too, and the values line up after the labels' column.
    const labelBoxes = await failed.locator('.admin-audit__label').evaluateAll((els) =>
      els.map((el) => ({
        height: el.getBoundingClientRect().height,
        size: parseFloat(getComputedStyle(el).fontSize),
      })),
    );
    // One line is about 1.2 times the font's size, two lines twice that.
    for (const box of labelBoxes) expect(box.height).toBeLessThan(box.size * 2);
    const valueLefts = await failed
      .locator('.admin-audit__value')
      .evaluateAll((els) => els.map((el) => Math.round(el.getBoundingClientRect().left)));
    expect(new Set(valueLefts).size).toBe(1);

    // The long headline, reason and tag name wrap inside their card.
    const card = (await failed.boundingBox())!;
    const link = (await failed.getByRole('link', { name: HEADLINE }).boundingBox())!;
    const reason = (await failed.getByText(REASON).boundingBox())!;
    for (const box of [link, reason]) {
      expect(box.x + box.width).toBeLessThanOrEqual(card.x + card.width);
      expect(box.height).toBeGreaterThan(40);
    }
    expect(card.x + card.width).toBeLessThanOrEqual(PHONE.width);
    const tagRow = rows.filter({ hasText: 'Tag created' });
    const tagCard = (await tagRow.boundingBox())!;
    const tagLink = (await tagRow.getByRole('link', { name: `Tag: ${TAG}` }).boundingBox())!;
    expect(tagLink.x + tagLink.width).toBeLessThanOrEqual(tagCard.x + tagCard.width);
    expect(tagLink.height).toBeGreaterThan(40);

    // Screen readers still get a table: column headers (out of sight), rows of cells named by their
    // content (the labels are for the eye).
    expect(await table.getByRole('columnheader').allTextContents()).toEqual([
      'When',
      'Editor',
      'Action',
      'Platform',
      'Article or record',
    ]);
    // Their row group is a clipped pixel.
    expect((await table.getByRole('rowgroup').first().boundingBox())!.width).toBeLessThanOrEqual(1);
    expect(await failed.getByRole('cell').count()).toBe(5);
    await failed.getByRole('cell', { name: 'X', exact: true }).waitFor();
    await failed.getByRole('cell', { name: EDITOR_NAME, exact: true }).waitFor();

    // The filters and the page buttons fit the screen and work.
    for (const control of [
      page.getByLabel('Editor'),
      page.getByLabel('Action'),
      page.getByRole('button', { name: 'Filter' }),
      page.getByRole('button', { name: 'Older' }),
    ]) {
      const box = (await control.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width);
    }
    // The filter lists the actions in words; the query keeps the code.
    await page.getByLabel('Action').selectOption({ label: 'Tag created' });
    await page.waitForURL((u) => u.searchParams.get('action') === 'tag-create');
    await expect.poll(() => rows.count()).toBe(1);
    expect(await shownLabels(rows)).toEqual(noPlatform);
    await page.getByLabel('Editor').fill('Nobody Of That Name');
    await page.getByRole('button', { name: 'Filter' }).click();
    await page.getByText('No entries found.').waitFor();
    expect(await sideways(page)).toEqual({ page: 0, table: 0 });
  });

  it('on a wide screen it is a table: headers shown, one line of cells per row, no labels in the rows', async () => {
    const context = await web.newContext(DESKTOP);
    await guardNetwork(context);
    const page = await context.newPage();
    await openSignedIn(page, running, `${running.baseUrl}/admin/audit`);
    const table = page.getByRole('table', { name: 'Audit entries, newest first' });
    const failed = table.getByRole('row').filter({ hasText: 'Share failed' });
    await failed.waitFor();
    expect((await table.getByRole('columnheader', { name: 'When' }).boundingBox())!.height).toBeGreaterThan(20);
    expect(await shownLabels(failed)).toEqual([]);
    const tops = await failed
      .getByRole('cell')
      .evaluateAll((cells) => cells.map((c) => Math.round(c.getBoundingClientRect().top)));
    expect(new Set(tops).size).toBe(1);
    expect(tops).toHaveLength(5);
    expect(await sideways(page)).toEqual({ page: 0, table: 0 });
    expect(await axeViolations(page)).toEqual([]);

    // An author deleted since: named on its rows, without a link.
    const gone = table.getByRole('row').filter({ hasText: /Author (created|deleted)/ });
    expect(await gone.count()).toBe(2);
    for (const text of await gone.allInnerTexts()) expect(text).toMatch(/Author: Gone Soon \(no longer exists\)$/);
    expect(await gone.getByRole('link').count()).toBe(0);
    // A tag that exists leads to All Articles filtered by it.
    await table.getByRole('link', { name: `Tag: ${TAG}` }).click();
    await page.waitForURL(/\/admin\/articles\?.*tagId=\d+/);
    await page.locator('.admin-filter-note').getByText(TAG).waitFor();
  });
});
