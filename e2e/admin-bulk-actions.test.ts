import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { AdminArticle } from '../common/admin-contract.ts';
import { startFakeFacebook, type FakeFacebook } from '../server/src/fakes/facebook.ts';
import { startFakeX, type FakeX } from '../server/src/fakes/x.ts';
import { connectBothAccounts } from '../server/src/test-support/shares.ts';
import { fakeProviderEnv } from '../server/src/test-support/test-app.ts';
import { adminRequest } from './support/admin-request.ts';
import { recordWrites } from './support/network.ts';
import { startApp, type RunningApp } from './support/app.ts';
import { insertArticles } from './support/articles.ts';
import { DESKTOP, useBrowser } from './support/browser.ts';
import { exactName } from './support/public-site.ts';
import { EDITOR, EDITOR_ENV } from './support/sign-in.ts';
import { openSignedIn } from './support/signed-in.ts';

// Bulk actions on All Articles (docs/product.md, All Articles; decision 040), as an editor walks them in
// headless Chromium against the real app with the fake X and Facebook connected. Runs on PostgreSQL too
// (project e2e-pg) when TEST_DATABASE_URL is set.

const web = useBrowser();
const WAIT = { timeout: 10_000 };

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
  let authorization: string;

  beforeAll(async () => {
    x = await startFakeX();
    fb = await startFakeFacebook();
    running = await startApp({
      env: { ...EDITOR_ENV, ...fakeProviderEnv(x, fb), JOBS_POLL_MS: '50', SOCIAL_HTTP_TIMEOUT_MS: '10000' },
    });
    await connectBothAccounts({ config: running.config, database: running.database, x, fb });
    authorization = await running.bearer({ sub: '1', name: 'Erin Editor' });
  });
  afterAll(async () => {
    await running?.close();
    await x?.close();
    await fb?.close();
  });

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
    const page = await web.newPage();
    await openSignedIn(
      page,
      running,
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
    const reader = await web.newPage({ javaScriptEnabled: false });
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
    await reader.goto(`${running.baseUrl}/`);
    expect(await reader.locator(`a[href="/article/${created[0]!.slug}"]`).count()).toBe(0);
    expect(await reader.locator(`a[href="/article/${created[1]!.slug}"]`).count()).toBe(0);

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
  }, 120_000);

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
    const reader = await web.newPage({ javaScriptEnabled: false });
    expect((await reader.goto(`${running.baseUrl}/article/${doomed[0]!.slug}`))?.status()).toBe(200);
    for (const a of doomed) await adminRequest(running.baseUrl, authorization, 'DELETE', `/api/admin/articles/${a.id}`);

    const page = await web.newPage();
    await openSignedIn(page, running, `${running.baseUrl}/admin/articles?page=1&pageSize=20&status=trash`);
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

    // Gone for readers, at once; the posts on X and Facebook stay.
    for (const a of doomed) {
      expect((await reader.goto(`${running.baseUrl}/article/${a.slug}`))?.status()).toBe(404);
    }
    await reader.getByText('ARTICLE NOT FOUND', { exact: true }).waitFor();
    expect(x.deleted).toEqual([]);
    expect(fb.deleted).toEqual([]);

    // The Audit Trail: a purge row for each, by the editor signed in to the browser.
    await page.getByRole('link', { name: 'Audit', exact: true }).click();
    await page.getByRole('heading', { level: 1, name: 'Audit Trail' }).waitFor();
    await page.getByLabel('Action').selectOption('purge');
    for (const headline of BADGERS) {
      const entry = page.getByRole('row').filter({ hasText: headline });
      await expect.poll(() => entry.count(), WAIT).toBe(1);
      const cells = await entry.getByRole('cell').allInnerTexts();
      expect(cells.slice(1, 3)).toEqual([EDITOR.username, 'purge']);
      // Its headline is said, not linked: the article is gone.
      expect(cells[4]).toBe(`${headline} (deleted for good)`);
      expect(await entry.getByRole('link').count()).toBe(0);
    }
  }, 120_000);

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
    const reader = await web.newPage({ javaScriptEnabled: false });
    expect((await reader.goto(link))?.status()).toBe(200);

    // The editor moves it to the Trash from its row, leaving the posts.
    const page = await web.newPage();
    await openSignedIn(
      page,
      running,
      `${running.baseUrl}/admin/articles?page=1&pageSize=20&status=published&search=Otter`,
    );
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
    expect((await reader.goto(link))?.status()).toBe(404);
  }, 120_000);

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

    const page = await web.newPage();
    await openSignedIn(page, running, `${running.baseUrl}/admin/articles?page=1&pageSize=20&search=Ferret`);
    await expect.poll(() => rows(page).count(), WAIT).toBe(3);
    const writes = recordWrites(page);
    // The scheduled one alone offers Unpublish (as well as Publish, which would send it out now).
    await box(page, waiting!.headline).click();
    expect(await bar(page).getByRole('button').allInnerTexts()).toEqual([
      'Clear selection',
      'Publish',
      'Unpublish',
      'Move to Trash',
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
  }, 60_000);

  it('the bar stays in view down a long list, at 390 px and 1280 px, and an Undo clicked during a run is not lost', async () => {
    // Every row on one page ('All'): drafts, so readers see nothing of them.
    await insertArticles(
      running.database,
      running.app,
      Array.from({ length: 60 }, (_, i) => ({ headline: `Weasel Story Number ${i + 1}`, published_at: null })),
    );
    const url = `${running.baseUrl}/admin/articles?page=1&pageSize=-1&status=unpublished&search=Weasel`;
    for (const size of [{ width: 390, height: 844 }, DESKTOP]) {
      const page = await web.newPage(size);
      await openSignedIn(page, running, url);
      await expect.poll(() => rows(page).count(), WAIT).toBe(60);
      await page.getByRole('checkbox', { name: 'Select all on this page' }).check();
      // Down to the last row: the bar is still on screen, on top of the rows, whole and usable.
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      await expect.poll(() => page.evaluate(() => window.scrollY), WAIT).toBeGreaterThan(2000);
      const shown = await bar(page).boundingBox();
      expect(shown).not.toBeNull();
      expect(shown!.y).toBeGreaterThanOrEqual(0);
      expect(shown!.y + shown!.height).toBeLessThanOrEqual(size.height);
      const trashButton = bar(page).getByRole('button', { name: 'Move to Trash' });
      const at = (await trashButton.boundingBox())!;
      expect(
        await page.evaluate(
          ([x, y]) => document.elementFromPoint(x!, y!)?.textContent,
          [at.x + at.width / 2, at.y + at.height / 2],
        ),
      ).toBe('Move to Trash');
      // The keyboard still reaches the rows from the bar, and a focused row stops below it.
      await box(page, 'Weasel Story Number 30').focus();
      const row = (await box(page, 'Weasel Story Number 30').boundingBox())!;
      expect(row.y).toBeGreaterThan(shown!.y + shown!.height);
      await page.close();
    }

    // A batch of the whole list, then its Undo while a second batch runs.
    const page = await web.newPage({ width: 390, height: 844 });
    await openSignedIn(page, running, url);
    await expect.poll(() => rows(page).count(), WAIT).toBe(60);
    const writes = recordWrites(page);
    // Each move to the Trash answers a little late, so the Undo surely lands while the batch runs.
    await page.route(
      (u) => /^\/api\/admin\/articles\/\d+$/.test(u.pathname),
      async (route) => {
        if (route.request().method() === 'DELETE') await new Promise((resolve) => setTimeout(resolve, 60));
        await route.continue();
      },
    );
    await box(page, 'Weasel Story Number 1').click();
    await bar(page).getByRole('button', { name: 'Move to Trash' }).click();
    await page
      .getByRole('alertdialog', { name: 'Move 1 article to the Trash?' })
      .getByRole('button', { name: 'Move to Trash' })
      .click();
    const undo = page.getByRole('button', { name: 'Undo' });
    await undo.waitFor();
    await page.getByRole('checkbox', { name: 'Select all on this page' }).check();
    await bar(page).getByRole('button', { name: 'Move to Trash' }).click();
    const rest = page.getByRole('alertdialog', { name: 'Move 59 articles to the Trash?' });
    await rest.getByRole('button', { name: 'Move to Trash' }).click();
    // The dialog says where the run is, and the page answers meanwhile.
    await expect.poll(() => rest.getByRole('status').innerText(), WAIT).toMatch(/^Moving to the Trash \d+ of 59…$/);
    // The dialog is modal: the first toast's Undo is clicked as a screen reader or a script would.
    await undo.evaluate((b: HTMLButtonElement) => b.click());
    // It waits: the batch goes on and nothing is restored yet.
    expect(await rest.getByRole('status').innerText()).toMatch(/^Moving to the Trash \d+ of 59…$/);
    expect(writes.filter((w) => w.endsWith('/restore'))).toEqual([]);
    await page.getByText('Moved 59 articles to the Trash', { exact: true }).waitFor();
    await page.getByText('Restored 1 article', { exact: true }).waitFor();
    await expect.poll(() => rows(page).count(), WAIT).toBe(1);
    await page.getByRole('link', { name: exactName('Weasel Story Number 1') }).waitFor();
    // The restore went after the whole batch.
    expect(writes.at(-1)).toMatch(/^POST \/api\/admin\/articles\/\d+\/restore$/);
    expect(writes.filter((w) => w.startsWith('DELETE '))).toHaveLength(60);
  }, 120_000);
});
