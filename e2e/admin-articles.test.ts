import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { startApp, type RunningApp } from './support/app.ts';
import { insertArticles } from './support/articles.ts';
import { adminArticles, LONG_COMMENT } from './support/admin-data.ts';
import { useBrowser } from './support/browser.ts';
import { EDITOR_ENV } from './support/sign-in.ts';
import { openSignedIn } from './support/signed-in.ts';

const web = useBrowser();

const rows = (page: Page) => page.locator('.admin-row');
const heading1 = (page: Page) => page.getByRole('heading', { level: 1 });

async function listTitle(page: Page, expected: string): Promise<void> {
  await page.getByRole('heading', { level: 1, name: expected, exact: true }).waitFor();
}

async function pageButtons(page: Page): Promise<string[]> {
  const nav = page.getByRole('navigation', { name: 'Pagination' });
  return nav.getByRole('button', { name: /^Page \d+$/ }).evaluateAll((els) => els.map((e) => e.textContent ?? ''));
}

describe('admin articles', () => {
  let running: RunningApp;
  let list: string;

  beforeAll(async () => {
    running = await startApp({ seed: false, env: EDITOR_ENV });
    await insertArticles(running.database, running.app, adminArticles());
    list = `${running.baseUrl}/admin/articles`;
  });
  afterAll(async () => {
    await running?.close();
  });

  it('filters by status and category, with the title, totals and empty text of the product description', async () => {
    const page = await web.newPage();
    await openSignedIn(page, running, `${list}?page=2&pageSize=20&status=all`);
    await listTitle(page, 'All Articles (62)');
    await page.getByText('62 articles total').waitFor();
    await expect.poll(() => rows(page).count()).toBe(20);

    // A filter change resets to page 1 and is kept in the URL.
    await page.getByLabel('Status').selectOption({ label: 'Published Only' });
    await listTitle(page, 'Published Articles (52)');
    expect(new URL(page.url()).searchParams.get('page')).toBe('1');
    expect(new URL(page.url()).searchParams.get('status')).toBe('published');
    await page.getByLabel('Category').selectOption({ label: 'Politics' });
    await listTitle(page, 'Published Articles (45) - Politics');
    expect(new URL(page.url()).searchParams.get('categoryId')).toBe('1');
    await page.getByLabel('Category').selectOption({ label: 'Business' });
    await listTitle(page, 'Published Articles (1) - Business');
    await page.getByText('1 article total', { exact: true }).waitFor();

    await page.getByLabel('Status').selectOption({ label: 'Drafts Only' });
    await listTitle(page, 'Draft Articles (2) - Business');
    await page.getByLabel('Category').selectOption({ label: 'Sport' });
    await listTitle(page, 'Draft Articles (0) - Sport');
    await page.getByText('No articles found.').waitFor();
    await page.getByText('0 articles total').waitFor();

    // The category options come from the API; All Categories clears the filter.
    const options = await page.getByLabel('Category').locator('option').allInnerTexts();
    expect(options).toEqual(['All Categories', 'Politics', 'Technology', 'Sport', 'Business', 'US', 'UK']);
    await page.getByLabel('Category').selectOption({ label: 'All Categories' });
    await listTitle(page, 'Draft Articles (10)');
    expect(new URL(page.url()).searchParams.has('categoryId')).toBe(false);

    // Reload keeps the state; browser back returns to the previous filter.
    await page.reload();
    await listTitle(page, 'Draft Articles (10)');
    await page.goBack();
    await listTitle(page, 'Draft Articles (0) - Sport');
    // Back to Dashboard from the list.
    await page.getByRole('link', { name: 'Back to Dashboard' }).click();
    await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
  });

  it('pages through the list: numbered window, first/previous/next/last, rows per page incl. All', async () => {
    const page = await web.newPage();
    await openSignedIn(page, running, `${list}?page=1&pageSize=20&status=all`);
    await listTitle(page, 'All Articles (62)');
    await expect.poll(() => pageButtons(page)).toEqual(['1', '2', '3', '4']);
    await page.getByRole('button', { name: 'Next page' }).click();
    await page.waitForURL(/page=2&/);
    await page.locator('[aria-current="page"]', { hasText: '2' }).waitFor();
    await expect.poll(() => rows(page).count()).toBe(20);

    // 10 per page: 7 pages, back on page 1; the window shows 1-4, an ellipsis and 7.
    await page.getByLabel('Rows per page').selectOption('10');
    await page.waitForURL(/page=1&pageSize=10/);
    await expect.poll(() => pageButtons(page)).toEqual(['1', '2', '3', '4', '7']);
    expect(await page.getByRole('button', { name: 'First page' }).isDisabled()).toBe(true);
    expect(await page.getByRole('button', { name: 'Previous page' }).isDisabled()).toBe(true);
    await page.getByRole('button', { name: 'Last page' }).click();
    await page.waitForURL(/page=7&/);
    await expect.poll(() => pageButtons(page)).toEqual(['1', '4', '5', '6', '7']);
    await expect.poll(() => rows(page).count()).toBe(2);
    expect(await page.getByRole('button', { name: 'Next page' }).isDisabled()).toBe(true);
    await page.getByRole('button', { name: 'Page 5' }).click();
    await page.waitForURL(/page=5&/);
    await page.getByRole('button', { name: 'Page 4' }).click();
    await page.waitForURL(/page=4&/);
    await expect.poll(() => pageButtons(page)).toEqual(['1', '3', '4', '5', '7']);
    await page.getByRole('button', { name: 'Previous page' }).click();
    await page.waitForURL(/page=3&/);
    await page.getByRole('button', { name: 'First page' }).click();
    await page.waitForURL(/page=1&/);

    // 100 per page: one page, no page buttons.
    await page.getByLabel('Rows per page').selectOption('100');
    await page.waitForURL(/pageSize=100/);
    await rows(page).nth(61).waitFor();
    expect(await page.getByRole('navigation', { name: 'Pagination' }).count()).toBe(0);

    // All: 'N of N' and no page buttons.
    await page.getByLabel('Rows per page').selectOption({ label: 'All' });
    await page.waitForURL(/pageSize=-1/);
    await page.getByText('62 of 62', { exact: true }).waitFor();
    await expect.poll(() => rows(page).count()).toBe(62);
    expect(await page.getByRole('navigation', { name: 'Pagination' }).count()).toBe(0);
  });

  it('opens the detail from a row; rows show stars, the meta line and the 100-character comment excerpt', async () => {
    const page = await web.newPage();
    const listUrl = `${list}?page=1&pageSize=20&status=published&categoryId=4`;
    await openSignedIn(page, running, listUrl);
    await listTitle(page, 'Published Articles (1) - Business');
    const row = rows(page).first();
    await row.getByRole('img', { name: 'Rated 7 out of 10' }).waitFor();
    expect(await row.locator('.admin-row__meta').innerText()).toMatch(
      /^The Wire Desk · Business · Pat Editor · \d{1,2} \w{3} \d{4}/,
    );
    expect(await row.locator('.admin-row__comments').innerText()).toBe(`${LONG_COMMENT.slice(0, 100)}...`);
    await row.getByText('Published', { exact: true }).waitFor();

    await row.getByRole('link', { name: 'Business Scoop Of The Year', exact: true }).click();
    await page.waitForURL(/\/admin\/articles\/\d+$/);
    await page.getByRole('heading', { level: 1, name: 'Business Scoop Of The Year' }).waitFor();
    await page.getByRole('heading', { name: 'Summary' }).waitFor();
    await page.getByText('A summary of the scoop.').waitFor();
    await page.getByText('First paragraph of the scoop.').waitFor();
    await page.getByText('Second paragraph of the scoop.').waitFor();
    const info = page.locator('.admin-info');
    expect(await info.innerText()).toMatch(/Source\s+The Wire Desk\s+Editor\s+Pat Editor\s+Published Date\s+\d/);
    const original = page.getByRole('link', { name: /example\.com\/original-scoop/ });
    expect(await original.getAttribute('target')).toBe('_blank');
    expect(await original.getAttribute('rel')).toContain('noopener');
    await page.getByRole('heading', { name: 'Rating & Comments' }).waitFor();
    await page.getByRole('img', { name: 'Rated 7 out of 10' }).waitFor();
    await page.getByRole('heading', { name: 'Editorial Comments' }).waitFor();
    await page.getByText(LONG_COMMENT).waitFor();
    await page.getByRole('link', { name: 'Back to Dashboard' }).waitFor();

    // Back goes to the previous history entry (the filtered list).
    await page.getByRole('button', { name: '← Back' }).click();
    await page.waitForURL(listUrl);
    await listTitle(page, 'Published Articles (1) - Business');

    // A draft says 'Not published'; without in-app history Back goes to the list.
    const draft = await running.database.db
      .selectFrom('articles')
      .select('id')
      .where('headline', '=', 'Business Draft Alpha')
      .executeTakeFirstOrThrow();
    await page.goto(`${running.baseUrl}/admin/articles/${draft.id}`);
    await page.getByRole('heading', { level: 1, name: 'Business Draft Alpha' }).waitFor();
    await page.getByText('Not published').waitFor();
    await page.getByText('Draft', { exact: true }).first().waitFor();
    await page.getByRole('button', { name: '← Back' }).click();
    await page.waitForURL(`${list}?page=1&pageSize=20&status=all`);
  });

  it('publishes a draft (it appears on the public site) and unpublishes it (public 404)', async () => {
    const page = await web.newPage();
    const row = await running.database.db
      .selectFrom('articles')
      .select(['id', 'slug'])
      .where('headline', '=', 'Tech Draft 1')
      .executeTakeFirstOrThrow();
    await openSignedIn(page, running, `${running.baseUrl}/admin/articles/${row.id}`);
    await page.getByRole('heading', { level: 1, name: 'Tech Draft 1' }).waitFor();
    await page.getByRole('button', { name: 'Publish', exact: true }).click();
    await page.getByText('Article published').waitFor();
    await page.getByRole('button', { name: 'Unpublish', exact: true }).waitFor();
    await page.locator('.admin-detail__badges').getByText('Published', { exact: true }).waitFor();
    expect(await page.locator('.admin-info').innerText()).not.toContain('Not published');

    const reader = await web.newPage();
    const res = await reader.goto(`${running.baseUrl}/article/${row.slug}`);
    expect(res?.status()).toBe(200);
    await reader.getByRole('heading', { level: 1, name: 'Tech Draft 1' }).waitFor();

    await page.getByRole('button', { name: 'Unpublish', exact: true }).click();
    await page.getByText('Article unpublished').waitFor();
    await page.getByRole('button', { name: 'Publish', exact: true }).waitFor();
    await page.getByText('Not published').waitFor();

    const reader2 = await web.newPage();
    const gone = await reader2.goto(`${running.baseUrl}/article/${row.slug}`);
    expect(gone?.status()).toBe(404);
    await reader2.getByText('ARTICLE NOT FOUND').waitFor();
  });

  it('changes the category (select, confirm or cancel) and the article moves to the new category page', async () => {
    const page = await web.newPage();
    const row = await running.database.db
      .selectFrom('articles')
      .select(['id'])
      .where('headline', '=', 'Sport Story 1')
      .executeTakeFirstOrThrow();
    await openSignedIn(page, running, `${running.baseUrl}/admin/articles/${row.id}`);
    await page.getByRole('heading', { level: 1, name: 'Sport Story 1' }).waitFor();

    await page.getByRole('button', { name: /Edit category/ }).click();
    const select = page.getByLabel('New category');
    const confirm = page.getByRole('button', { name: 'Confirm' });
    expect(await confirm.isDisabled()).toBe(true);
    await select.selectOption({ label: 'Sport (current)' });
    expect(await confirm.isDisabled()).toBe(true);
    await page.getByRole('button', { name: 'Cancel' }).click();
    await page.locator('.admin-badge--category').getByText('Sport').waitFor();

    await page.getByRole('button', { name: /Edit category/ }).click();
    await page.getByLabel('New category').selectOption({ label: 'UK' });
    await page.getByRole('button', { name: 'Confirm' }).click();
    await page.getByText('Category updated').waitFor();
    await page.locator('.admin-badge--category', { hasText: 'UK' }).waitFor();

    const reader = await web.newPage();
    await reader.goto(`${running.baseUrl}/uk`);
    await reader
      .getByRole('link', { name: /Sport Story 1/ })
      .first()
      .waitFor();
  });

  it('deletes behind a confirmation dialog, from the list and from the detail', async () => {
    const page = await web.newPage();
    await openSignedIn(page, running, `${list}?page=1&pageSize=20&status=unpublished&categoryId=2`);
    // All 8 Technology drafts (Tech Draft 1 was published and unpublished again above).
    await listTitle(page, 'Draft Articles (8) - Technology');

    // The dialog: role alertdialog, focus on Cancel, Escape closes it and nothing is deleted.
    await page.getByRole('button', { name: 'Delete Tech Draft 2' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Delete this article?' });
    await dialog.waitFor();
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Cancel');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    await listTitle(page, 'Draft Articles (8) - Technology');

    await page.getByRole('button', { name: 'Delete Tech Draft 2' }).click();
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await page.getByText('Article moved to the Trash').waitFor();
    await listTitle(page, 'Draft Articles (7) - Technology');
    expect(await page.getByRole('link', { name: 'Tech Draft 2', exact: true }).count()).toBe(0);

    // From the detail: after the delete the screen goes back to the list, which reloads.
    await page.getByRole('link', { name: 'Tech Draft 3', exact: true }).click();
    await page.getByRole('heading', { level: 1, name: 'Tech Draft 3' }).waitFor();
    await page.getByRole('button', { name: 'Delete', exact: true }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
    await listTitle(page, 'Draft Articles (6) - Technology');
    expect(await heading1(page).innerText()).toBe('Draft Articles (6) - Technology');
    // Deleting moves both to the trash (restorable for 30 days): the rows stay, marked deleted.
    const trashed = await running.database.db
      .selectFrom('articles')
      .select(['headline', sql<string | null>`deleted_at`.as('deleted_at')])
      .where('headline', 'in', ['Tech Draft 2', 'Tech Draft 3'])
      .orderBy('headline')
      .execute();
    expect(trashed.map((row) => row.headline)).toEqual(['Tech Draft 2', 'Tech Draft 3']);
    expect(trashed.every((row) => row.deleted_at !== null)).toBe(true);
  });
});
