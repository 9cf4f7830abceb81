import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, type TestContext } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import type { AdminArticle } from '../common/admin-contract.ts';
import { startFakeFacebook, type FakeFacebook } from '../server/src/fakes/facebook.ts';
import { startFakeX, type FakeX } from '../server/src/fakes/x.ts';
import { connectBothAccounts } from '../server/src/test-support/shares.ts';
import { fakeProviderEnv } from '../server/src/test-support/test-app.ts';
import { adminRequest } from './support/admin-request.ts';
import { recordWrites } from './support/network.ts';
import { startApp, type RunningApp } from './support/app.ts';
import { axeViolations } from './support/axe.ts';
import { insertArticles } from './support/articles.ts';
import { ACTION_TIMEOUT_MS, DESKTOP, screenshotContexts, useBrowser } from './support/browser.ts';
import { exactName, openUntil } from './support/public-site.ts';
import { EDITOR, EDITOR_ENV } from './support/sign-in.ts';
import { openSignedIn } from './support/signed-in.ts';

// Bulk actions on All Articles (docs/product.md, All Articles; decision 040), as an editor walks them in
// headless Chromium against the real app with the fake X and Facebook connected. Runs on PostgreSQL too
// (project e2e-pg) when TEST_DATABASE_URL is set.

const web = useBrowser();
// The browser tests' poll bound (vitest.config.ts), also for waitForFunction.
const WAIT = { timeout: 15_000 };

const HEADLINES = [
  'Hedgehog Elected To Parish Council',
  'Hedgehog Demands A Recount Anyway',
  'Hedgehog Concedes With Great Dignity',
] as const;

const BADGERS = [
  'Badger Sues The Parish Council',
  'Badger Settles Out Of Court',
  'Badger Denies Any Settlement',
] as const;

describe('bulk actions on All Articles', () => {
  let running: RunningApp;
  let x: FakeX;
  let fb: FakeFacebook;
  /** An editor's token minted for each request: one minted in beforeAll expires if the file outlasts its lifetime. */
  const authorization = () => running.bearer({ sub: '1', name: 'Erin Editor' });
  // One context for the editor's pages and one without JavaScript for the readers', kept for the file: a
  // new context per test costs a second or more and loads the admin's scripts again. Each test still
  // opens its own tabs (its own signed-in session, listeners and routes), closed after it.
  let editors: BrowserContext;
  let readers: BrowserContext;

  beforeAll(async () => {
    [x, fb] = await Promise.all([startFakeX(), startFakeFacebook()]);
    running = await startApp({
      env: { ...EDITOR_ENV, ...fakeProviderEnv(x, fb), JOBS_POLL_MS: '50', SOCIAL_HTTP_TIMEOUT_MS: '10000' },
    });
    await connectBothAccounts({ config: running.config, database: running.database, x, fb });
    [editors, readers] = await Promise.all([
      web.browser.newContext({ viewport: DESKTOP }),
      web.browser.newContext({ viewport: DESKTOP, javaScriptEnabled: false }),
    ]);
    for (const context of [editors, readers]) context.setDefaultTimeout(ACTION_TIMEOUT_MS);
  });
  afterEach(async ({ task }: TestContext) => {
    if (task.result?.state === 'fail') {
      const saved = await screenshotContexts(
        [editors, readers],
        `${path.basename(import.meta.filename, '.test.ts')}-${task.name}`,
      );
      if (saved.length) console.error(`screenshots of the failed test "${task.name}":\n  ${saved.join('\n  ')}`);
    }
    await Promise.all([editors, readers].flatMap((c) => c.pages()).map((p) => p.close()));
  });
  afterAll(async () => {
    await Promise.all([editors?.close(), readers?.close()]);
    await running?.close();
    await x?.close();
    await fb?.close();
  });

  /** A new tab of the editors' context, signed in, showing `url`. */
  const openAdmin = async (url: string, size: { width: number; height: number } = DESKTOP) => {
    const page = await editors.newPage();
    await page.setViewportSize(size);
    await openSignedIn(page, running, url);
    return page;
  };
  /** A new tab of the readers' context (no JavaScript). */
  const openReader = () => readers.newPage();

  const bar = (page: Page) => page.getByRole('group', { name: 'Bulk actions' });
  const rows = (page: Page) => page.locator('.admin-row');
  const box = (page: Page, headline: string) => page.getByRole('checkbox', { name: `Select ${headline}`, exact: true });
  const headingFocused = (page: Page) =>
    page.waitForFunction(() => document.activeElement?.id === 'admin-list-title', undefined, WAIT);

  it('publishes three drafts at once, moves two to the Trash and restores one; readers see each step', async () => {
    // Three drafts made through the API; the last one says not to share.
    const created: AdminArticle[] = [];
    for (const [i, headline] of HEADLINES.entries()) {
      created.push(
        await adminRequest<AdminArticle>(running.baseUrl, authorization, 'POST', '/api/admin/articles', {
          headline,
          summary: `The hedgehog, part ${i + 1}.`,
          content: 'Prickly news.',
          category: 'UK',
          author: 'Clive Outrage',
          ...(i === 2 ? { shareToX: false, shareToFacebook: false } : {}),
        }),
      );
    }
    const page = await openAdmin(
      `${running.baseUrl}/admin/articles?page=1&pageSize=20&status=unpublished&search=Hedgehog`,
    );
    await expect.poll(() => rows(page).count(), WAIT).toBe(3);
    const writes = recordWrites(page);

    // One by a click, two by the keyboard (Space on the focused box).
    await box(page, HEADLINES[0]).click();
    expect(await bar(page).getByRole('status').innerText()).toBe('1 selected');
    const selectAll = page.getByRole('checkbox', { name: 'Select all on this page' });
    expect(await selectAll.evaluate((e: HTMLInputElement) => e.indeterminate)).toBe(true);
    await box(page, HEADLINES[1]).focus();
    await page.keyboard.press('Space');
    await box(page, HEADLINES[2]).focus();
    await page.keyboard.press('Space');
    expect(await bar(page).getByRole('status').innerText()).toBe('3 selected');
    expect(await selectAll.isChecked()).toBe(true);
    expect(await selectAll.evaluate((e: HTMLInputElement) => e.indeterminate)).toBe(false);
    // Drafts only: nothing to unpublish.
    expect(await bar(page).getByRole('button').allInnerTexts()).toEqual([
      'Clear selection',
      'Publish',
      'Move to Trash',
      'More',
    ]);

    await bar(page).getByRole('button', { name: 'Publish', exact: true }).click();
    const publish = page.getByRole('alertdialog', { name: 'Publish 3 articles?' });
    expect(await publish.innerText()).toContain(
      'They go live on the site now. Each is shared to X and Facebook as its own choice says',
    );
    await publish.getByRole('button', { name: 'Publish', exact: true }).click();
    await page.getByText('Published 3 articles', { exact: true }).waitFor();
    await publish.waitFor({ state: 'hidden' });
    // Gone from Drafts Only (the list reloaded), nothing selected, the focus on the list's heading.
    await page.getByText('No articles found.').waitFor();
    await headingFocused(page);
    // One request per article, in the list's order (newest first).
    expect(writes).toEqual([...created].reverse().map((a) => `POST /api/admin/articles/${a.id}/publish`));

    // A reader without JavaScript finds all three on the home page.
    const reader = await openReader();
    await reader.goto(`${running.baseUrl}/`);
    for (const a of created) expect(await reader.locator(`a[href="/article/${a.slug}"]`).count()).toBeGreaterThan(0);
    // Each was shared as its own choice said: the first two on X and Facebook, the third nowhere.
    await expect.poll(() => x.posts.length, { timeout: 20_000 }).toBe(2);
    await expect.poll(() => fb.posts.length, { timeout: 20_000 }).toBe(2);
    expect(x.posts.map((p) => p.text).join('\n')).not.toContain(HEADLINES[2]);

    // Published Only: two to the Trash.
    await page.getByLabel('Status').selectOption({ label: 'Published Only' });
    await expect.poll(() => rows(page).count(), WAIT).toBe(3);
    expect(await bar(page).count()).toBe(0);
    await box(page, HEADLINES[0]).click();
    await box(page, HEADLINES[1]).click();
    await bar(page).getByRole('button', { name: 'Move to Trash' }).click();
    const trash = page.getByRole('alertdialog', { name: 'Move 2 articles to the Trash?' });
    expect(await trash.innerText()).toContain(
      'They move to the Trash and come off the site. You can restore them from the Trash for 30 days',
    );
    expect(await trash.innerText()).toContain('Their posts on X and Facebook stay');
    await trash.getByRole('button', { name: 'Move to Trash' }).click();
    await page.getByText('Moved 2 articles to the Trash', { exact: true }).waitFor();
    await expect.poll(() => rows(page).count(), WAIT).toBe(1);
    await page.getByRole('link', { name: exactName(HEADLINES[2]) }).waitFor();
    // The posts stay.
    expect(fb.deleted).toEqual([]);
    // Off the home page (the readers' browser had it a moment ago).
    await openUntil(
      reader,
      `${running.baseUrl}/`,
      () => reader.locator(`a[href="/article/${created[0]!.slug}"], a[href="/article/${created[1]!.slug}"]`).count(),
      0,
    );

    // The Trash: both there; one restored.
    await page.getByLabel('Status').selectOption({ label: 'Trash' });
    await expect.poll(() => rows(page).count(), WAIT).toBe(2);
    expect(await rows(page).getByText('Deleted', { exact: true }).count()).toBe(2);
    await box(page, HEADLINES[0]).click();
    expect(await bar(page).getByRole('button').allInnerTexts()).toEqual([
      'Clear selection',
      'Restore',
      'Delete for good',
    ]);
    await bar(page).getByRole('button', { name: 'Restore' }).click();
    const restore = page.getByRole('alertdialog', { name: 'Restore 1 article?' });
    expect(await restore.innerText()).toContain(
      `“${HEADLINES[0]}” comes back out of the Trash as it was: if it was published, it is on the site again at once.`,
    );
    await restore.getByRole('button', { name: 'Restore' }).click();
    await page.getByText('Restored 1 article', { exact: true }).waitFor();
    await expect.poll(() => rows(page).count(), WAIT).toBe(1);
    await page.getByRole('link', { name: exactName(HEADLINES[1]) }).waitFor();
    await headingFocused(page);

    await page.getByLabel('Status').selectOption({ label: 'Published Only' });
    await expect.poll(() => rows(page).count(), WAIT).toBe(2);
    await page.getByRole('link', { name: exactName(HEADLINES[0]) }).waitFor();
    await reader.goto(`${running.baseUrl}/article/${created[0]!.slug}`);
    await reader.getByRole('heading', { level: 1, name: exactName(HEADLINES[0]) }).waitFor();
  });

  it('deletes one article for good from its Trash row and the rest with the bar; readers get 404, the Audit Trail names the editor', async () => {
    // Published (readers saw them), the first one shared to X and Facebook, then moved to the Trash.
    const doomed: AdminArticle[] = [];
    for (const [i, headline] of BADGERS.entries()) {
      const a = await adminRequest<AdminArticle>(running.baseUrl, authorization, 'POST', '/api/admin/articles', {
        headline,
        summary: `The badger, part ${i + 1}.`,
        content: 'Stripy news.',
        category: 'UK',
        author: 'Clive Outrage',
        ...(i > 0 ? { shareToX: false, shareToFacebook: false } : {}),
      });
      await adminRequest(running.baseUrl, authorization, 'POST', `/api/admin/articles/${a.id}/publish`);
      doomed.push(a);
    }
    await expect.poll(() => x.posts.some((p) => p.text.includes(BADGERS[0])), { timeout: 20_000 }).toBe(true);
    await expect.poll(() => fb.posts.length, { timeout: 20_000 }).toBeGreaterThan(0);
    const reader = await openReader();
    expect((await reader.goto(`${running.baseUrl}/article/${doomed[0]!.slug}`))?.status()).toBe(200);
    for (const a of doomed) await adminRequest(running.baseUrl, authorization, 'DELETE', `/api/admin/articles/${a.id}`);

    const page = await openAdmin(`${running.baseUrl}/admin/articles?page=1&pageSize=20&status=trash`);
    await page.getByRole('link', { name: exactName(BADGERS[2]) }).waitFor();
    const writes = recordWrites(page);

    // One from its row, behind its confirmation.
    await page.getByRole('button', { name: `Delete for good ${BADGERS[0]}`, exact: true }).click();
    const one = page.getByRole('alertdialog', { name: `Delete “${BADGERS[0]}” for good?` });
    expect(await one.innerText()).toContain('It is removed now with its history and cannot be restored.');
    // Its posts are offered, unticked: left so, they stay.
    expect(await one.getByLabel('Also delete its posts on X and Facebook').isChecked()).toBe(false);
    await one.getByRole('button', { name: 'Delete for good', exact: true }).click();
    await page.getByText('Article deleted for good', { exact: true }).waitFor();
    await one.waitFor({ state: 'hidden' });
    await page.getByRole('link', { name: exactName(BADGERS[0]) }).waitFor({ state: 'detached' });
    expect(writes).toEqual([`POST /api/admin/articles/${doomed[0]!.id}/purge`]);
    // Its row went with the focus: the list's heading has it now.
    await expect.poll(() => page.evaluate(() => document.activeElement?.id), WAIT).toBe('admin-list-title');

    // The rest of the Trash (with what an earlier journey left there) with the bar.
    const left = await rows(page).count();
    expect(left).toBeGreaterThanOrEqual(2);
    await page.getByRole('checkbox', { name: 'Select all on this page' }).check();
    await bar(page).getByRole('button', { name: 'Delete for good', exact: true }).click();
    const rest = page.getByRole('alertdialog', { name: `Delete ${left} articles for good?` });
    expect(await rest.innerText()).toContain(
      "They are removed now with their history and cannot be restored. Their posts on X and Facebook stay (each article's own Delete for good offers to delete them too).",
    );
    await rest.getByRole('button', { name: 'Delete for good', exact: true }).click();
    await page.getByText(`Deleted ${left} articles for good`, { exact: true }).waitFor();
    await page.getByText('The trash is empty.', { exact: true }).waitFor();
    await headingFocused(page);
    expect(writes.slice(1).every((w) => /^POST \/api\/admin\/articles\/\d+\/purge$/.test(w))).toBe(true);
    expect(writes).toHaveLength(1 + left);

    // Gone for readers (their browser had the first one before); the posts on X and Facebook stay.
    for (const a of doomed) {
      await openUntil(reader, `${running.baseUrl}/article/${a.slug}`, (res) => res?.status(), 404);
    }
    await reader.getByText('ARTICLE NOT FOUND', { exact: true }).waitFor();
    expect(x.deleted).toEqual([]);
    expect(fb.deleted).toEqual([]);

    // The Audit Trail: a purge row for each, by the editor signed in to the browser.
    await page.getByRole('link', { name: 'Audit', exact: true }).click();
    await page.getByRole('heading', { level: 1, name: 'Audit Trail' }).waitFor();
    await page.getByLabel('Action').selectOption({ label: 'Deleted for good' });
    for (const headline of BADGERS) {
      const entry = page.getByRole('row').filter({ hasText: headline });
      await expect.poll(() => entry.count(), WAIT).toBe(1);
      const cells = await entry.getByRole('cell').allInnerTexts();
      expect(cells.slice(1, 3)).toEqual([EDITOR.username, 'Deleted for good']);
      // Its headline is said, not linked: the article is gone.
      expect(cells[4]).toBe(`${headline} (deleted for good)`);
      expect(await entry.getByRole('link').count()).toBe(0);
    }
  });

  it("deletes a shared live story for good with its posts: moved to the Trash leaving them, then its Delete for good's box", async () => {
    // Published and shared to X and Facebook, live, with a key event posted on X.
    const headline = 'Otter Floods The Parish Hall';
    const story = await adminRequest<AdminArticle>(running.baseUrl, authorization, 'POST', '/api/admin/articles', {
      headline,
      summary: 'The otter, again.',
      content: 'Wet news.',
      category: 'UK',
      author: 'Clive Outrage',
    });
    await adminRequest(running.baseUrl, authorization, 'POST', `/api/admin/articles/${story.id}/publish`);
    await adminRequest(running.baseUrl, authorization, 'POST', `/api/admin/articles/${story.id}/live/start`);
    const entry = await adminRequest<{ id: number }>(
      running.baseUrl,
      authorization,
      'POST',
      `/api/admin/articles/${story.id}/live/entries`,
      {
        body: {
          type: 'doc',
          content: [{ type: 'paragraph', content: [{ type: 'text', text: 'The hall is a lake.' }] }],
        },
        keyEvent: true,
        shareToX: true,
      },
    );
    const link = `${running.baseUrl}/article/${story.slug}`;
    const xPost = () => x.posts.find((p) => p.text.startsWith(headline))?.id;
    const entryPost = () => x.posts.find((p) => p.text.endsWith(`/article/${story.slug}#entry-${entry.id}`))?.id;
    const fbPost = () => fb.posts.find((p) => p.message === headline)?.id;
    await expect.poll(() => [xPost(), entryPost(), fbPost()].every(Boolean), { timeout: 20_000 }).toBe(true);
    const reader = await openReader();
    expect((await reader.goto(link))?.status()).toBe(200);

    // The editor moves it to the Trash from its row, leaving the posts.
    const page = await openAdmin(`${running.baseUrl}/admin/articles?page=1&pageSize=20&status=published&search=Otter`);
    await page.getByRole('link', { name: exactName(headline) }).waitFor();
    const writes = recordWrites(page);
    await page.getByRole('button', { name: `Delete ${headline}`, exact: true }).click();
    const del = page.getByRole('alertdialog', { name: 'Delete this article?' });
    const offer = "Also delete its 3 posts on X and Facebook (the story's and a key event's)";
    expect(await del.getByLabel(offer).isChecked()).toBe(false);
    await del.getByRole('button', { name: 'Delete', exact: true }).click();
    await page.getByText('Article moved to the Trash', { exact: true }).waitFor();
    expect(writes).toEqual([`DELETE /api/admin/articles/${story.id}`]);
    for (const id of [xPost(), entryPost()]) expect(x.deleted).not.toContain(id);
    expect(fb.deleted).not.toContain(fbPost());

    // In the Trash, Delete for good offers the same box; ticked, the posts go first, then the article.
    await page.getByLabel('Status').selectOption({ label: 'Trash' });
    await page.getByRole('button', { name: `Delete for good ${headline}`, exact: true }).click();
    const purge = page.getByRole('alertdialog', { name: `Delete “${headline}” for good?` });
    expect(await purge.innerText()).toContain('It is removed now with its history and cannot be restored.');
    await purge.getByLabel(offer).check();
    await purge.getByRole('button', { name: 'Delete for good', exact: true }).dblclick();
    await page.getByText('Article deleted for good', { exact: true }).waitFor();
    await purge.waitFor({ state: 'hidden' });
    // Each post deleted once, one at a time, before the purge.
    expect(writes.slice(1)).toEqual([
      `DELETE /api/admin/articles/${story.id}/shares/x`,
      `DELETE /api/admin/articles/${story.id}/shares/facebook`,
      `DELETE /api/admin/articles/${story.id}/live/entries/${entry.id}/shares/x`,
      `POST /api/admin/articles/${story.id}/purge`,
    ]);
    expect(x.deleted.filter((id) => id === xPost() || id === entryPost()).sort()).toEqual(
      [xPost(), entryPost()].sort(),
    );
    expect(fb.deleted.filter((id) => id === fbPost())).toEqual([fbPost()]);
    // Gone for readers (their browser had the page before).
    await openUntil(reader, link, (res) => res?.status(), 404);
  });

  it('Unpublish takes a scheduled article off its schedule, back to a draft, and says so before', async () => {
    const [draft, live, waiting] = await Promise.all(
      ['Ferret Stays A Draft', 'Ferret Already Out', 'Ferret Due Next Week'].map((headline) =>
        adminRequest<AdminArticle>(running.baseUrl, authorization, 'POST', '/api/admin/articles', {
          headline,
          summary: 'The ferret.',
          content: 'Slinky news.',
          category: 'UK',
          author: 'Clive Outrage',
          shareToX: false,
          shareToFacebook: false,
        }),
      ),
    );
    await adminRequest(running.baseUrl, authorization, 'POST', `/api/admin/articles/${live!.id}/publish`);
    const publishAt = new Date(Date.now() + 7 * 24 * 60 * 60_000).toISOString();
    await adminRequest(running.baseUrl, authorization, 'POST', `/api/admin/articles/${waiting!.id}/schedule`, {
      publishAt,
    });

    const page = await openAdmin(`${running.baseUrl}/admin/articles?page=1&pageSize=20&search=Ferret`);
    await expect.poll(() => rows(page).count(), WAIT).toBe(3);
    const writes = recordWrites(page);
    // The scheduled one alone offers Unpublish (as well as Publish, which would send it out now).
    await box(page, waiting!.headline).click();
    expect(await bar(page).getByRole('button').allInnerTexts()).toEqual([
      'Clear selection',
      'Publish',
      'Unpublish',
      'Move to Trash',
      'More',
    ]);
    await page.getByRole('checkbox', { name: 'Select all on this page' }).check();
    await bar(page).getByRole('button', { name: 'Unpublish', exact: true }).click();
    const unpublish = page.getByRole('alertdialog', { name: 'Unpublish 2 articles?' });
    expect(await unpublish.innerText()).toContain(
      'The published one comes off the site; the scheduled one is taken off its schedule and stays a draft.',
    );
    expect(await unpublish.innerText()).toContain('1 is neither published nor scheduled and is left as it is.');
    await unpublish.getByRole('button', { name: 'Unpublish', exact: true }).click();
    await page.getByText('Unpublished 2 articles', { exact: true }).waitFor();
    await headingFocused(page);
    // The single Unpublish's request for each, in the list's order (newest first); the draft left alone.
    expect([...writes].sort()).toEqual(
      [`POST /api/admin/articles/${waiting!.id}/unpublish`, `POST /api/admin/articles/${live!.id}/unpublish`].sort(),
    );
    expect(writes).not.toContain(`POST /api/admin/articles/${draft!.id}/unpublish`);

    // All three are drafts: nothing in Scheduled Only, and the article itself says it is not scheduled.
    await expect.poll(() => rows(page).getByText('Draft', { exact: true }).count(), WAIT).toBe(3);
    await page.getByLabel('Status').selectOption({ label: 'Scheduled Only' });
    await page.getByText('No articles found.').waitFor();
    const after = await adminRequest<AdminArticle>(
      running.baseUrl,
      authorization,
      'GET',
      `/api/admin/articles/${waiting!.id}`,
    );
    expect([after.status, after.publishAt, after.publishedAt]).toEqual(['draft', null, null]);
    await page.goto(`${running.baseUrl}/admin/articles/${waiting!.id}`);
    await page.getByText('Not scheduled.', { exact: true }).waitFor();
  });

  it('duplicates two articles with the bar: the copies are in the list as drafts, the originals as they were', async () => {
    const [live, draft] = await Promise.all(
      ['Walrus Opens A Seaside Cafe', 'Walrus Cafe Fails Inspection'].map((headline) =>
        adminRequest<AdminArticle>(running.baseUrl, authorization, 'POST', '/api/admin/articles', {
          headline,
          summary: 'The walrus.',
          content: 'Tusky news.',
          category: 'UK',
          author: 'Clive Outrage',
          shareToX: false,
          shareToFacebook: false,
        }),
      ),
    );
    await adminRequest(running.baseUrl, authorization, 'POST', `/api/admin/articles/${live!.id}/publish`);

    const page = await openAdmin(`${running.baseUrl}/admin/articles?page=1&pageSize=20&search=Walrus`);
    await expect.poll(() => rows(page).count(), WAIT).toBe(2);
    const writes = recordWrites(page);
    await box(page, live!.headline).click();
    await box(page, draft!.headline).click();
    expect(await bar(page).getByRole('status').innerText()).toBe('2 selected');
    // Duplicate is under the bar's More.
    await bar(page).getByRole('button', { name: 'More' }).click();
    await bar(page).getByRole('button', { name: 'Duplicate', exact: true }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Duplicate 2 articles?' });
    expect(await dialog.innerText()).toContain(
      'Each becomes a new draft copy (not published, not shared). The originals are left as they are.',
    );
    await dialog.getByRole('button', { name: 'Duplicate', exact: true }).click();
    await page.getByText('Duplicated 2 articles', { exact: true }).waitFor();
    await dialog.waitFor({ state: 'hidden' });
    // Nothing stays selected; the focus is on the list's heading.
    await headingFocused(page);
    expect(await bar(page).count()).toBe(0);
    // The single Duplicate's request for each (both made at once: their order in the list is not known).
    expect([...writes].sort()).toEqual(
      [`POST /api/admin/articles/${live!.id}/duplicate`, `POST /api/admin/articles/${draft!.id}/duplicate`].sort(),
    );

    // Four rows now: each copy a draft, the published original still published.
    await expect.poll(() => rows(page).count(), WAIT).toBe(4);
    const row = (headline: string) => rows(page).filter({ has: page.getByRole('link', { name: exactName(headline) }) });
    for (const original of [live!, draft!]) {
      const copy = row(`${original.headline} (copy)`);
      await expect.poll(() => copy.count(), WAIT).toBe(1);
      expect(await copy.getByText('Draft', { exact: true }).count()).toBe(1);
    }
    expect(await row(live!.headline).getByText('Published', { exact: true }).count()).toBe(1);
    expect(await row(draft!.headline).getByText('Draft', { exact: true }).count()).toBe(1);
    // Drafts Only shows the two copies and the draft original.
    await page.getByLabel('Status').selectOption({ label: 'Drafts Only' });
    await expect.poll(() => rows(page).count(), WAIT).toBe(3);
    await page.getByRole('link', { name: exactName(`${live!.headline} (copy)`) }).waitFor();
  });

  it("changes two articles' section and adds a new tag with the bar's More; the list filtered by them shows the two", async () => {
    const [live, draft, other] = await Promise.all(
      ['Otter Floods The Town Hall', 'Otter Blames The Beavers', 'Otter Stays Out Of It'].map((headline) =>
        adminRequest<AdminArticle>(running.baseUrl, authorization, 'POST', '/api/admin/articles', {
          headline,
          summary: 'The otter.',
          content: 'Damp news.',
          category: 'US',
          author: 'Clive Outrage',
          tags: ['Rivers'],
          shareToX: false,
          shareToFacebook: false,
        }),
      ),
    );
    await adminRequest(running.baseUrl, authorization, 'POST', `/api/admin/articles/${live!.id}/publish`);

    const page = await openAdmin(`${running.baseUrl}/admin/articles?page=1&pageSize=20&search=Otter`);
    await expect.poll(() => rows(page).count(), WAIT).toBe(3);
    const writes = recordWrites(page);
    await box(page, live!.headline).click();
    await box(page, draft!.headline).click();

    // The section: More, Change section, a section chosen by the keyboard, then Move.
    const more = bar(page).getByRole('button', { name: 'More' });
    await more.click();
    expect(await more.getAttribute('aria-expanded')).toBe('true');
    await bar(page).getByRole('button', { name: 'Change section' }).click();
    const moving = page.getByRole('alertdialog', { name: 'Move 2 articles to …?' });
    await moving.getByLabel('Section').selectOption({ label: 'Politics' });
    const movingTo = page.getByRole('alertdialog', { name: 'Move 2 articles to Politics?' });
    expect(await movingTo.innerText()).toContain(
      'They move to Politics: those published show there on the site at once.',
    );
    await movingTo.getByRole('button', { name: 'Move', exact: true }).click();
    await page.getByText('Moved 2 articles to Politics', { exact: true }).waitFor();
    await movingTo.waitFor({ state: 'hidden' });
    await headingFocused(page);

    // The tag, new: typed, offered as 'Add new tag “…”', taken by the keyboard.
    await box(page, live!.headline).click();
    await box(page, draft!.headline).click();
    await bar(page).getByRole('button', { name: 'More' }).click();
    await bar(page).getByRole('button', { name: 'Add tag' }).click();
    const tagging = page.getByRole('alertdialog', { name: 'Add a tag to 2 articles?' });
    const tagBox = tagging.getByRole('combobox', { name: 'Tag' });
    await tagBox.fill('Otter Inquiry');
    await tagging.getByRole('option', { name: 'Add new tag “Otter Inquiry”' }).waitFor();
    // The open More, the dialog and its suggestions pass axe.
    expect(await axeViolations(page)).toEqual([]);
    await tagBox.press('ArrowDown');
    await tagBox.press('Enter');
    const taggingWith = page.getByRole('alertdialog', { name: 'Add the tag “Otter Inquiry” to 2 articles?' });
    expect(await taggingWith.innerText()).toContain('The tag is new: it is created with the first article.');
    await taggingWith.getByRole('button', { name: 'Add tag', exact: true }).click();
    await page.getByText('Added the tag “Otter Inquiry” to 2 articles', { exact: true }).waitFor();
    await taggingWith.waitFor({ state: 'hidden' });

    // Each article with its own request, in the list's order: the category editor's, then the edit (the
    // GET before each edit is not a write).
    const edits = writes.slice(2);
    expect(writes.slice(0, 2).map((w) => w.replace(/\/category$/, ''))).toEqual(edits);
    expect(writes.slice(0, 2).every((w) => w.endsWith('/category'))).toBe(true);
    expect([...edits].sort()).toEqual([live!, draft!].map((a) => `PUT /api/admin/articles/${a.id}`).sort());
    // One tag made, on both; their other tag stays; the third article is as it was.
    const found = await adminRequest<{ items: { id: number; name: string; articleCount: number }[] }>(
      running.baseUrl,
      authorization,
      'GET',
      '/api/admin/tags?q=Otter%20Inquiry',
    );
    expect(found.items.map((t) => [t.name, t.articleCount])).toEqual([['Otter Inquiry', 2]]);
    for (const a of [live!, draft!]) {
      const now = await adminRequest<AdminArticle>(
        running.baseUrl,
        authorization,
        'GET',
        `/api/admin/articles/${a.id}`,
      );
      expect([now.category, now.tags?.map((t) => t.name), now.headline, now.summary]).toEqual([
        'Politics',
        ['Rivers', 'Otter Inquiry'],
        a.headline,
        a.summary,
      ]);
    }
    const untouched = await adminRequest<AdminArticle>(
      running.baseUrl,
      authorization,
      'GET',
      `/api/admin/articles/${other!.id}`,
    );
    expect([untouched.category, untouched.version]).toEqual(['US', other!.version]);

    // The list by the new section, then by the new tag, shows the two.
    await page.getByLabel('Category').selectOption({ label: 'Politics' });
    await expect.poll(() => rows(page).count(), WAIT).toBe(2);
    await page.getByLabel('Category').selectOption({ label: 'All Categories' });
    await expect.poll(() => rows(page).count(), WAIT).toBe(3);
    const tagFilter = page.getByRole('combobox', { name: 'Tag' });
    await tagFilter.fill('Otter Inquiry');
    await page.getByRole('option', { name: 'Otter Inquiry' }).waitFor();
    await tagFilter.press('Enter');
    await page.getByText('Tagged Otter Inquiry').waitFor();
    await expect.poll(() => rows(page).count(), WAIT).toBe(2);
    for (const a of [live!, draft!]) await page.getByRole('link', { name: exactName(a.headline) }).waitFor();

    // Readers see the published one in Politics with the tag, and no 'Updated' time: neither change is one.
    const reader = await openReader();
    await reader.goto(`${running.baseUrl}/article/${live!.slug}`);
    await reader.getByRole('link', { name: 'Otter Inquiry' }).waitFor();
    expect(await reader.getByText(/^Updated /).count()).toBe(0);
  });

  it('the bar stays in view down a long list at 1280 px and 390 px; a run can be stopped, and an Undo clicked during it waits its turn', async () => {
    // Every row on one page ('All'): drafts, so readers see nothing of them.
    await insertArticles(
      running.database,
      running.app,
      Array.from({ length: 60 }, (_, i) => ({ headline: `Weasel Story Number ${i + 1}`, published_at: null })),
    );
    const page = await openAdmin(
      `${running.baseUrl}/admin/articles?page=1&pageSize=-1&status=unpublished&search=Weasel`,
    );
    await expect.poll(() => rows(page).count(), WAIT).toBe(60);
    const selectAll = page.getByRole('checkbox', { name: 'Select all on this page' });
    await selectAll.check();
    // The same page at both widths: the box is one line wide, three on a phone, and the room kept for it
    // follows its height as the window narrows.
    const heights: number[] = [];
    for (const size of [DESKTOP, { width: 390, height: 844 }]) {
      await page.setViewportSize(size);
      // Down to the last row: the bar is still on screen, on top of the rows, whole and usable.
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      await expect.poll(() => page.evaluate(() => window.scrollY), WAIT).toBeGreaterThan(2000);
      const shown = (await bar(page).boundingBox())!;
      expect(shown.y).toBeGreaterThanOrEqual(0);
      expect(shown.y + shown.height).toBeLessThanOrEqual(size.height);
      const trashButton = bar(page).getByRole('button', { name: 'Move to Trash' });
      const at = (await trashButton.boundingBox())!;
      expect(
        await page.evaluate(
          ([x, y]) => document.elementFromPoint(x!, y!)?.textContent,
          [at.x + at.width / 2, at.y + at.height / 2],
        ),
      ).toBe('Move to Trash');
      // The room the page keeps above a row scrolled to is the stuck box's measured height, and a little air.
      const stuck = page.locator('.admin-bulk--selecting');
      const air = () =>
        stuck.evaluate(
          (box) =>
            parseFloat(getComputedStyle(document.documentElement).scrollPaddingTop) -
            box.getBoundingClientRect().bottom,
        );
      await expect.poll(air, WAIT).toBeGreaterThanOrEqual(0);
      expect(await air()).toBeLessThanOrEqual(16);
      heights.push((await stuck.boundingBox())!.height);
      // The keyboard still reaches the rows from the bar, and a focused row stops below it.
      await box(page, 'Weasel Story Number 30').focus();
      const row = (await box(page, 'Weasel Story Number 30').boundingBox())!;
      const under = (await stuck.boundingBox())!;
      expect(row.y).toBeGreaterThan(under.y + under.height);
      // Shift+Tab goes up into the row before, whose controls were under the bar: it scrolls to below it.
      await page.keyboard.press('Shift+Tab');
      const focused = await page.evaluate(() => {
        const el = document.activeElement!;
        return { top: el.getBoundingClientRect().top, row: el.closest('.admin-row')?.textContent ?? '' };
      });
      expect(focused.row).toContain('Weasel Story Number 29');
      expect(focused.top).toBeGreaterThanOrEqual(under.y + under.height);
    }
    // Three lines on a phone, one at desktop width: the room is measured, not one value for both.
    expect(heights[1]).toBeGreaterThan(heights[0]! * 1.5);

    // One article to the Trash, with its Undo; then a batch of the rest, stopped partway.
    await bar(page).getByRole('button', { name: 'Clear selection' }).click();
    const writes = recordWrites(page);
    // The batch's third request is held until the test lets it go: the run is surely going meanwhile.
    let deletes = 0;
    let reached!: () => void;
    const third = new Promise<void>((resolve) => (reached = resolve));
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    const oneArticle = (u: URL) => /^\/api\/admin\/articles\/\d+$/.test(u.pathname);
    await page.route(oneArticle, async (route) => {
      if (route.request().method() === 'DELETE' && ++deletes === 4) {
        reached();
        await released;
      }
      await route.continue();
    });
    await box(page, 'Weasel Story Number 1').click();
    await bar(page).getByRole('button', { name: 'Move to Trash' }).click();
    await page
      .getByRole('alertdialog', { name: 'Move 1 article to the Trash?' })
      .getByRole('button', { name: 'Move to Trash' })
      .click();
    const firstToast = page.locator('[data-sonner-toast]').filter({ hasText: 'Moved 1 article to the Trash' });
    const undo = firstToast.getByRole('button', { name: 'Undo' });
    await undo.waitFor();
    // Alt+T brings the toasts forward, as an editor reaching for an Undo by keyboard does, and holds them
    // there: their 4 seconds do not run while they are open. So the Undo is still on screen however long the
    // batch below takes to start on a loaded machine.
    await page.keyboard.press('Alt+KeyT');
    await expect.poll(() => firstToast.getAttribute('data-expanded'), WAIT).toBe('true');
    await expect.poll(() => rows(page).count(), WAIT).toBe(59);
    await selectAll.check();
    await bar(page).getByRole('button', { name: 'Move to Trash' }).click();
    const rest = page.getByRole('alertdialog', { name: 'Move 59 articles to the Trash?' });
    await rest.getByRole('button', { name: 'Move to Trash' }).click();
    await third;
    // The dialog is modal: the first toast's Undo is clicked as a screen reader or a script would.
    await undo.evaluate((b: HTMLButtonElement) => b.click());
    // The dialog says where the run is, and that the Undo waits; nothing is restored yet.
    const progress = rest.getByText('Moving to the Trash 3 of 59…', { exact: true });
    await progress.waitFor();
    await rest.locator('.admin-bulk__run').getByText('Undo waits for the current run', { exact: true }).waitFor();
    expect(writes.filter((w) => w.endsWith('/restore'))).toEqual([]);
    // A screen reader heard the start and the waiting Undo, not each article: the count is not live.
    expect(await progress.evaluate((p) => p.closest('[aria-live]'))).toBeNull();
    expect(await rest.getByRole('log').locator('p').allTextContents()).toEqual([
      'Moving 59 articles to the Trash…',
      'Undo waits for the current run',
    ]);
    // The running dialog (progress, Stop, the waiting Undo) passes axe as its confirmation did.
    expect(await axeViolations(page)).toEqual([]);

    // Stop, by the keyboard: the focus is on the progress line, and Tab reaches Stop, with its focus ring.
    expect(await page.evaluate(() => document.activeElement?.textContent)).toContain('Moving to the Trash 3 of 59…');
    const stop = rest.getByRole('button', { name: 'Stop', exact: true });
    await page.keyboard.press('Tab');
    expect(await stop.evaluate((b) => b === document.activeElement && b.matches(':focus-visible'))).toBe(true);
    expect(await stop.evaluate((b) => getComputedStyle(b).outlineStyle)).toBe('solid');
    await page.keyboard.press('Enter');
    await rest.getByRole('button', { name: 'Stopping…' }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    // The request already sent finishes; no other is sent.
    release();
    await page.getByText('3 of 59 moved to the Trash; stopped, 56 not changed', { exact: true }).waitFor();
    await rest.waitFor({ state: 'hidden' });
    // Then the waiting Undo runs: the first article comes back.
    await page.getByText('Restored 1 article', { exact: true }).waitFor();
    // The stopped run's Undo, by the keyboard (the newer toast lies over it in the stack).
    await page
      .locator('[data-sonner-toast]')
      .filter({ hasText: 'stopped, 56 not changed' })
      .getByRole('button', { name: 'Undo' })
      .focus();
    await page.keyboard.press('Enter');
    await page.getByText('Restored 3 articles', { exact: true }).waitFor();
    await expect.poll(() => rows(page).count(), WAIT).toBe(60);
    // Three moved, then the first Undo's restore (after the whole stopped batch), then exactly the three.
    const batch = writes.slice(1, 4);
    expect(batch.every((w) => w.startsWith('DELETE '))).toBe(true);
    const restored = (w: string) => w.replace(/^DELETE (.*)$/, 'POST $1/restore');
    expect(writes.slice(4)).toEqual([restored(writes[0]!), ...batch.map(restored)]);
    // The 56 not sent stay selected.
    expect(await bar(page).getByRole('status').innerText()).toBe('56 selected');

    // The rest, to the end: a batch of 56 runs through while the page answers.
    await page.unroute(oneArticle);
    await bar(page).getByRole('button', { name: 'Move to Trash' }).click();
    await page
      .getByRole('alertdialog', { name: 'Move 56 articles to the Trash?' })
      .getByRole('button', { name: 'Move to Trash' })
      .click();
    // The run sends its 56 requests one after another: wait for them as they go (a slow machine takes
    // longer than one wait's bound for all of them), then for the run's end.
    await expect
      .poll(() => writes.filter((w) => w.startsWith('DELETE ')).length, { timeout: 100_000, interval: 250 })
      .toBe(60);
    await page.getByText('Moved 56 articles to the Trash', { exact: true }).waitFor();
    await expect.poll(() => rows(page).count(), WAIT).toBe(4);
    for (const n of [1, 2, 3, 4])
      await page.getByRole('link', { name: exactName(`Weasel Story Number ${n}`) }).waitFor();
    expect(writes.filter((w) => w.startsWith('DELETE '))).toHaveLength(60);
  }, 180_000);
});
