import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { AdminArticle, ArticleRevisionSummary, AuditEntry } from '../common/admin-contract.ts';
import { startFakeFacebook, type FakeFacebook } from '../server/src/fakes/facebook.ts';
import { startFakeX, type FakeX } from '../server/src/fakes/x.ts';
import { connectBothAccounts } from '../server/src/test-support/shares.ts';
import { testImage } from '../server/src/test-support/test-images.ts';
import { fakeProviderEnv } from '../server/src/test-support/test-app.ts';
import { recordWrites } from './support/network.ts';
import { axeViolations } from './support/axe.ts';
import { startApp, type RunningApp } from './support/app.ts';
import { insertArticles } from './support/articles.ts';
import { useBrowser } from './support/browser.ts';
import { guardNetwork } from './support/network.ts';
import { EDITOR, EDITOR_ENV } from './support/sign-in.ts';
import { openUntil } from './support/public-site.ts';
import { openSignedIn } from './support/signed-in.ts';

// The newsroom's journeys as an editor walks them, in headless Chromium against the real app (with the
// demo content, and the local fake X and Facebook connected): each asserts what the editor sees and what
// the API then returns. They run on PostgreSQL too (project e2e-pg) when TEST_DATABASE_URL is set.

const web = useBrowser();
/** The display name the signed-in editor's token carries. */
const EDITOR_NAME = 'Erin Editor';
const ME = { username: EDITOR.username, name: EDITOR_NAME };
// The browser tests' poll bound (vitest.config.ts), also for waitForFunction.
const WAIT = { timeout: 15_000 };

describe('every newsroom journey holds', () => {
  let running: RunningApp;
  let x: FakeX;
  let fb: FakeFacebook;
  /** An editor's token minted for each request: one minted in beforeAll expires if the file outlasts its lifetime. */
  const authorization = () => running.bearer({ sub: '1', name: EDITOR_NAME, preferred_username: EDITOR.username });

  beforeAll(async () => {
    x = await startFakeX();
    fb = await startFakeFacebook();
    running = await startApp({
      env: {
        ...EDITOR_ENV,
        ...fakeProviderEnv(x, fb),
        JOBS_POLL_MS: '50',
        SHARE_RETRY_BASE_MS: '50',
        SHARE_MAX_ATTEMPTS: '1',
        SOCIAL_HTTP_TIMEOUT_MS: '10000',
      },
    });
    await connectBothAccounts({ config: running.config, database: running.database, x, fb });
  });
  afterAll(async () => {
    await running?.close();
    await x?.close();
    await fb?.close();
  });

  async function api<T>(method: string, path: string, body?: unknown): Promise<{ status: number; body: T }> {
    const res = await fetch(`${running.baseUrl}${path}`, {
      method,
      headers: {
        authorization: await authorization(),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    return { status: res.status, body: (text ? JSON.parse(text) : null) as T };
  }
  const article = async (id: number) => (await api<AdminArticle>('GET', `/api/admin/articles/${id}`)).body;
  const revisions = async (id: number) =>
    (await api<{ revisions: ArticleRevisionSummary[] }>('GET', `/api/admin/articles/${id}/revisions`)).body.revisions;

  async function signedIn(pathname: string, size?: { width: number; height: number }): Promise<Page> {
    const context = await web.newContext(size);
    await guardNetwork(context);
    const page = await context.newPage();
    await openSignedIn(page, running, `${running.baseUrl}${pathname}`, ME);
    return page;
  }

  async function draft(headline: string, extra: Record<string, unknown> = {}) {
    const [row] = await insertArticles(running.database, running.app, [{ headline, published_at: null, ...extra }]);
    return row!;
  }

  async function editSummary(page: Page, summary: string) {
    await page.getByRole('button', { name: 'Edit', exact: true }).click();
    await page.getByLabel('Summary').fill(summary);
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.locator('.admin-detail__body').getByText(summary).waitFor();
  }

  const history = (page: Page) => page.getByRole('region', { name: 'History' });
  const infoPanel = (page: Page) =>
    page.locator('.admin-panel', { has: page.getByRole('heading', { name: 'Article Info' }) });

  it('edits twice and restores the first version from History; a stale restore shows the conflict panel', async () => {
    const created = await api<AdminArticle>('POST', '/api/admin/articles', {
      headline: 'Parliament Replaced By Ferrets',
      summary: 'The first summary.',
      category: 'Politics',
    });
    const id = created.body.id;
    const page = await signedIn(`/admin/articles/${id}`);
    const writes = recordWrites(page, ['/api/admin/', '/api/social/']);
    await editSummary(page, 'The second summary.');
    await editSummary(page, 'The third summary.');

    await history(page).getByRole('button', { name: 'Show history' }).click();
    await history(page).getByRole('button', { name: 'Restore version 1' }).dblclick();
    await page.locator('.admin-detail__body').getByText('The first summary.').waitFor();
    expect(writes.filter((w) => w.endsWith('/restore'))).toHaveLength(1);
    const now = await article(id);
    expect(now).toMatchObject({ summary: 'The first summary.', version: 4 });
    expect((await revisions(id)).map((r) => [r.version, r.action])).toEqual([
      [4, 'restore'],
      [3, 'edit'],
      [2, 'edit'],
      [1, 'create'],
    ]);
    await expect.poll(() => history(page).getByRole('listitem').count(), WAIT).toBe(4);
    // The History says what each version was in words (who · what · when).
    const whats = await history(page).locator('.admin-history__item > p:first-child').allInnerTexts();
    expect(whats.map((line) => line.split(' · ')[1])).toEqual(['Restored a version', 'Edited', 'Edited', 'Created']);

    // Someone saves in between: the restore is refused with the conflict panel, not a toast.
    const put = await api<AdminArticle>('PUT', `/api/admin/articles/${id}`, {
      headline: 'Parliament Replaced By Ferrets',
      summary: 'Their summary.',
      category: 'Politics',
      version: 4,
    });
    expect(put.status).toBe(200);
    await history(page).getByRole('button', { name: 'Restore version 2' }).click();
    const panel = page.getByRole('alert').filter({ hasText: 'This article was changed while you were editing' });
    await panel.waitFor();
    await panel.getByText(`${EDITOR_NAME} saved it`).waitFor();
    await panel.getByRole('button', { name: 'Compare' }).click();
    const row = panel.getByRole('row', { name: /Summary/ });
    await row.getByText('Their summary.').waitFor();
    await row.getByText('The second summary.').waitFor();
    expect((await article(id)).summary).toBe('Their summary.');
    await panel.getByRole('button', { name: 'Restore version 2 anyway' }).click();
    await page.locator('.admin-detail__body').getByText('The second summary.').waitFor();
    expect(await article(id)).toMatchObject({ summary: 'The second summary.', version: 6 });
  });

  it('edits a seeded article and restores its original', async () => {
    const seeded = (
      await api<{ articles: AdminArticle[] }>('GET', '/api/admin/articles?page=1&pageSize=20&status=published')
    ).body.articles.find((a) => a.updatedBy === null)!;
    expect(seeded).toBeDefined();
    const original = await article(seeded.id);
    const page = await signedIn(`/admin/articles/${seeded.id}`);
    await editSummary(page, 'A summary nobody asked for.');
    await history(page).getByRole('button', { name: 'Show history' }).click();
    await history(page).getByRole('button', { name: 'Show version 1' }).click();
    await history(page).getByText(original.summary, { exact: true }).waitFor();
    await history(page).getByRole('button', { name: 'Restore version 1' }).click();
    await page.locator('.admin-detail__body').getByText(original.summary, { exact: true }).waitFor();
    expect(await article(seeded.id)).toMatchObject({
      summary: original.summary,
      content: original.content,
      headline: original.headline,
      editorName: original.editorName,
    });
  });

  it('keeps the editor name through an edit; a new article without one is signed with the editor', async () => {
    const row = await draft('Swan Appointed Chief Whip', { editor_name: 'Pat Editor' });
    const page = await signedIn(`/admin/articles/${row.id}`);
    await editSummary(page, 'The swan hisses at the opposition.');
    const info = infoPanel(page);
    expect(await info.innerText()).toMatch(/Editor\s+Pat Editor/);
    await history(page).getByRole('button', { name: 'Show history' }).click();
    await history(page).getByText('Changed: summary', { exact: true }).waitFor();
    expect((await article(row.id)).editorName).toBe('Pat Editor');

    await page.goto(`${running.baseUrl}/admin/articles/new`);
    await page.getByLabel('Headline').fill('Hedgehog Runs For Mayor');
    await page.getByLabel('Category', { exact: true }).selectOption({ label: 'Politics' });
    await page.getByRole('button', { name: 'Create article' }).click();
    await page.getByRole('heading', { level: 1, name: 'Hedgehog Runs For Mayor' }).waitFor();
    expect(await infoPanel(page).innerText()).toMatch(new RegExp(`Editor\\s+${EDITOR_NAME}`));
    const id = Number(new URL(page.url()).pathname.split('/').pop());
    expect((await article(id)).editorName).toBe(EDITOR_NAME);
    await page.goto(`${running.baseUrl}/admin/articles?page=1&pageSize=20&status=unpublished`);
    const listed = page.locator('.admin-row', { hasText: 'Hedgehog Runs For Mayor' });
    expect(await listed.locator('.admin-row__meta').innerText()).toContain(EDITOR_NAME);
  });

  it('deletes, then Undo in the toast brings the article back', async () => {
    const row = await draft('Moose Elected Speaker');
    const page = await signedIn(`/admin/articles/${row.id}`);
    await page.getByRole('button', { name: 'Delete', exact: true }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Delete this article?' });
    expect(await dialog.innerText()).toContain(
      '"Moose Elected Speaker" moves to the Trash. You can restore it from the Trash for 30 days',
    );
    expect(await dialog.innerText()).not.toContain('cannot be undone');
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await page.waitForURL((u) => !u.pathname.endsWith(`/articles/${row.id}`));
    expect((await api('GET', `/api/admin/articles/${row.id}`)).status).toBe(404);
    await page.getByRole('button', { name: 'Undo' }).click();
    await page.getByText('Article restored').waitFor();
    expect(await article(row.id)).toMatchObject({ headline: 'Moose Elected Speaker', deletedAt: null });
  });

  it('duplicates a published story as a new draft, from its screen and from its row, and leaves the original as it was', async () => {
    const row = await draft('Stoat Chairs The Fish Committee', { summary: 'The fish abstained.' });
    expect((await api('POST', `/api/admin/articles/${row.id}/publish`)).status).toBe(200);
    const before = await article(row.id);
    const page = await signedIn(`/admin/articles/${row.id}`);
    const writes = recordWrites(page, ['/api/admin/']);
    // By keyboard: the button is reached and pressed like any other.
    await page.getByRole('button', { name: 'Duplicate', exact: true }).focus();
    await page.keyboard.press('Enter');
    await page.getByText('Duplicated as a new draft', { exact: true }).waitFor();
    // The copy's edit form, under its own address.
    await page.waitForURL((u) => /\/admin\/articles\/\d+$/.test(u.pathname) && u.searchParams.get('edit') === '1');
    const copyId = Number(new URL(page.url()).pathname.split('/').pop());
    expect(copyId).not.toBe(row.id);
    await page.getByRole('heading', { level: 1, name: 'Edit Article' }).waitFor();
    const headline = page.getByLabel('Headline');
    expect(await headline.inputValue()).toBe('Stoat Chairs The Fish Committee (copy)');
    expect(await page.getByLabel('Summary').inputValue()).toBe('The fish abstained.');
    expect(writes.filter((w) => w.includes('/duplicate'))).toEqual([`POST /api/admin/articles/${row.id}/duplicate`]);
    // The editor gives the copy its own headline and saves it: a draft, apart from the original.
    await headline.fill('Stoat Chairs The Frog Committee Too');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.getByRole('heading', { level: 1, name: 'Stoat Chairs The Frog Committee Too' }).waitFor();
    await page.locator('.admin-detail__badges').getByText('Draft', { exact: true }).waitFor();
    expect(await article(copyId)).toMatchObject({
      headline: 'Stoat Chairs The Frog Committee Too',
      summary: 'The fish abstained.',
      status: 'draft',
      publishedAt: null,
    });
    expect(await article(row.id)).toMatchObject({
      headline: before.headline,
      version: before.version,
      publishedAt: before.publishedAt,
    });

    // From its row in All Articles, by keyboard: the row's button names the article.
    await page.goto(`${running.baseUrl}/admin/articles?page=1&pageSize=20&status=all&search=Stoat+Chairs+The+Fish`);
    await page.getByRole('button', { name: 'Duplicate Stoat Chairs The Fish Committee', exact: true }).focus();
    await page.keyboard.press('Enter');
    await page.getByText('Duplicated as a new draft', { exact: true }).waitFor();
    await page.waitForURL((u) => u.searchParams.get('edit') === '1');
    const rowCopyId = Number(new URL(page.url()).pathname.split('/').pop());
    expect([row.id, copyId]).not.toContain(rowCopyId);
    await page.getByRole('heading', { level: 1, name: 'Edit Article' }).waitFor();
    expect(await page.getByLabel('Headline').inputValue()).toBe('Stoat Chairs The Fish Committee (copy)');
    const duplicateWrite = `POST /api/admin/articles/${row.id}/duplicate`;
    expect(writes.filter((w) => w.includes('/duplicate'))).toEqual([duplicateWrite, duplicateWrite]);
    // Back on the list: the original and its new copy.
    await page.goBack();
    const headlines = page.locator('.admin-row__headline');
    await expect
      .poll(async () => (await headlines.allInnerTexts()).sort(), WAIT)
      .toEqual(['Stoat Chairs The Fish Committee', 'Stoat Chairs The Fish Committee (copy)']);
  });

  it('deletes, then the Trash says when, by whom and the days left, and restores it', async () => {
    const row = await draft('Otter Leads Budget Talks');
    const page = await signedIn(`/admin/articles/${row.id}`);
    await page.getByRole('button', { name: 'Delete', exact: true }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
    await page.waitForURL((u) => !u.pathname.endsWith(`/articles/${row.id}`));
    await page.goto(`${running.baseUrl}/admin/articles?page=1&pageSize=20&status=trash`);
    const trashed = page.locator('.admin-row', { hasText: 'Otter Leads Budget Talks' });
    const line = await trashed.locator('.admin-row__trash').innerText();
    expect(line).toMatch(new RegExp(`^Deleted .+ by ${EDITOR_NAME} · 30 days left to restore$`));
    const restore = recordWrites(page, ['/api/admin/', '/api/social/']);
    await trashed.getByRole('button', { name: 'Restore Otter Leads Budget Talks' }).dblclick();
    await expect.poll(() => trashed.count(), WAIT).toBe(0);
    expect(restore.filter((w) => w.endsWith(`/${row.id}/restore`))).toHaveLength(1);
    expect((await article(row.id)).deletedAt).toBeNull();
  });

  it('a double-click on Post now, Retry and Delete post sends one request each, and the screen tells the truth', async () => {
    const row = await draft('Badger Nationalises The Allotments');
    // Published with sharing off, so nothing is posted until Post now.
    await api('PUT', `/api/admin/articles/${row.id}/shares/choice`, { shareToX: false, shareToFacebook: false });
    expect((await api('POST', `/api/admin/articles/${row.id}/publish`)).status).toBe(200);
    const page = await signedIn(`/admin/articles/${row.id}`);
    const writes = recordWrites(page, ['/api/admin/', '/api/social/']);
    const panel = page.getByRole('region', { name: 'Social posts' });
    const xItem = panel.getByTestId('share-x');
    await xItem.getByText('Not shared').waitFor();

    await xItem.getByRole('button', { name: 'Post now to X' }).dblclick();
    await expect.poll(() => xItem.getAttribute('data-state'), WAIT).toBe('posted');
    expect(writes.filter((w) => w === `POST /api/admin/articles/${row.id}/shares/x`)).toHaveLength(1);
    expect(await xItem.getByRole('alert').count()).toBe(0);

    // Delete post: the in-app dialog, one request.
    await xItem.getByRole('button', { name: 'Delete post on X' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Delete the post on X?' });
    await dialog.getByRole('button', { name: 'Delete post' }).dblclick();
    await expect.poll(() => xItem.getAttribute('data-state'), WAIT).toBe('deleted');
    expect(writes.filter((w) => w === `DELETE /api/admin/articles/${row.id}/shares/x`)).toHaveLength(1);

    // A failed post, retried by a double-click: one request.
    fb.fail('server-error');
    const fbItem = panel.getByTestId('share-facebook');
    try {
      await fbItem.getByRole('button', { name: 'Post now to Facebook' }).click();
      await expect.poll(() => fbItem.getAttribute('data-state'), WAIT).toBe('failed');
    } finally {
      fb.fail(null);
    }
    await fbItem.getByRole('button', { name: 'Retry the Facebook post' }).dblclick();
    await expect.poll(() => fbItem.getAttribute('data-state'), WAIT).toBe('posted');
    expect(writes.filter((w) => w === `POST /api/admin/articles/${row.id}/shares/facebook/retry`)).toHaveLength(1);
    expect(await panel.getByRole('alert').count()).toBe(0);

    // The audit trail names the article and the platform of every share row.
    const audit = (await api<{ entries: AuditEntry[] }>('GET', '/api/admin/audit')).body.entries.filter(
      (e) => e.articleId === row.id && e.action.startsWith('share-'),
    );
    expect(new Set(audit.map((e) => `${e.action}:${e.platform}`))).toEqual(
      new Set([
        'share-post-now:x',
        'share-attempt:x',
        'share-posted:x',
        'share-deleted:x',
        'share-post-now:facebook',
        'share-attempt:facebook',
        'share-failed:facebook',
        'share-retry:facebook',
        'share-posted:facebook',
      ]),
    );
    expect(audit.every((e) => e.headline === 'Badger Nationalises The Allotments')).toBe(true);
  });

  it('audit rows name who, what, which article (linked) and which platform, also for a test post', async () => {
    const row = await draft('Heron Takes Over The Treasury');
    await api('PUT', `/api/admin/articles/${row.id}/shares/choice`, { shareToX: true, shareToFacebook: true });
    expect((await api('POST', `/api/admin/articles/${row.id}/publish`)).status).toBe(200);
    await expect
      .poll(
        async () =>
          (await api<{ entries: AuditEntry[] }>('GET', '/api/admin/audit?action=share-posted')).body.entries.filter(
            (e) => e.articleId === row.id,
          ).length,
        WAIT,
      )
      .toBe(2);

    const page = await signedIn('/admin/social/test');
    await page
      .getByTestId('publish-account')
      .getByText(/^Posts to the live X account @\w+\.$/)
      .waitFor();
    await page.getByLabel('Message').fill('A test from the newsroom');
    const writes = recordWrites(page, ['/api/admin/', '/api/social/']);
    await page.getByRole('button', { name: 'Publish Test Message' }).dblclick();
    await page.getByTestId('publish-success').waitFor();
    expect(writes.filter((w) => w === 'POST /api/social/testpublish')).toHaveLength(1);

    await page.getByRole('link', { name: 'Audit', exact: true }).click();
    await page.getByRole('heading', { level: 1, name: 'Audit Trail' }).waitFor();
    const test = page.getByRole('row').filter({ hasText: 'Test post' }).first();
    expect(await test.innerText()).toMatch(new RegExp(`${EDITOR_NAME}\\s+Test post\\s*as @\\w+\\s+X\\s+No article`));
    const posted = page
      .getByRole('row')
      .filter({ has: page.getByRole('cell', { name: /^Shared\b/ }) })
      .filter({ hasText: 'Heron' });
    await expect.poll(() => posted.count(), WAIT).toBe(2);
    expect(await posted.getByRole('cell', { name: 'Facebook', exact: true }).count()).toBe(1);
    expect(await posted.getByRole('cell', { name: 'X', exact: true }).count()).toBe(1);
    // Every article link has its headline for a name.
    const names = await page
      .locator('table a')
      .evaluateAll((links) => links.map((a) => (a.textContent ?? '').trim()).filter((t) => t === ''));
    expect(names).toEqual([]);
    await posted.first().getByRole('link', { name: 'Heron Takes Over The Treasury' }).click();
    await page.waitForURL(`${running.baseUrl}/admin/articles/${row.id}`);
  });

  it('keeps the unsaved New Article draft per tab, and says from when on a reload', async () => {
    const context = await web.newContext();
    await guardNetwork(context);
    const first = await context.newPage();
    await openSignedIn(first, running, `${running.baseUrl}/admin/articles/new`, ME);
    await first.getByLabel('Headline').fill('Draft Of The First Tab');
    await expect
      .poll(() => first.evaluate(() => Object.keys(sessionStorage).some((k) => k.includes('article-draft'))), WAIT)
      .toBe(true);
    const second = await context.newPage();
    await openSignedIn(second, running, `${running.baseUrl}/admin/articles/new`, ME);
    await second.getByRole('heading', { level: 1, name: 'New Article' }).waitFor();
    expect(await second.getByLabel('Headline').inputValue()).toBe('');
    expect(await second.getByText('Restored your unsaved changes').count()).toBe(0);

    // The first tab, reloaded, finds its own draft and says when it was kept.
    first.once('dialog', (d) => void d.accept());
    await first.reload();
    await first.getByRole('heading', { level: 1, name: 'New Article' }).waitFor();
    expect(await first.getByLabel('Headline').inputValue()).toBe('Draft Of The First Tab');
    expect(await first.getByRole('status').filter({ hasText: 'Restored your unsaved changes' }).innerText()).toMatch(
      /Restored your unsaved changes from .*\d{1,2}:\d{2}/,
    );
  });

  it('the preview looks like the live page: same headline size and paragraph spacing', async () => {
    const content = 'The first paragraph of the story.\n\nThe second paragraph, with nothing confirmed.';
    const row = await draft('Penguin Chairs The Climate Summit', { content });
    const page = await signedIn(`/admin/articles/${row.id}/preview`);
    const measure = (p: Page) =>
      p.evaluate(() => {
        const h1 = document.querySelector('article h1')!;
        const paras = [...document.querySelectorAll('article p')];
        const para = paras.find((e) => e.textContent?.startsWith('The first paragraph'))!;
        const next = paras.find((e) => e.textContent?.startsWith('The second paragraph'))!;
        const h = getComputedStyle(h1);
        const q = getComputedStyle(para);
        // The space between the two paragraphs, whichever margin makes it.
        const gap = `${Math.round(next.getBoundingClientRect().top - para.getBoundingClientRect().bottom)}px`;
        return {
          headline: [h.fontSize, h.fontFamily, h.lineHeight, h.textTransform],
          paragraph: [q.fontSize, gap, q.lineHeight, q.fontFamily],
        };
      });
    await page.getByRole('heading', { level: 1, name: 'Penguin Chairs The Climate Summit' }).waitFor();
    const preview = await measure(page);
    expect((await api('POST', `/api/admin/articles/${row.id}/publish`)).status).toBe(200);
    const reader = await web.newPage();
    await reader.goto(`${running.baseUrl}/article/${row.slug}`);
    await reader.getByRole('heading', { level: 1, name: 'Penguin Chairs The Climate Summit' }).waitFor();
    const live = await measure(reader);
    expect(preview).toEqual(live);
    expect(Number.parseFloat(live.headline[0]!)).toBeGreaterThan(40);
    expect(Number.parseFloat(live.paragraph[1]!)).toBeGreaterThan(0);
  });

  it('at 390 px the Compare and Audit tables break only between words', async () => {
    const row = await draft('Walrus Heads The Fisheries Inquiry');
    const page = await signedIn(`/admin/articles/${row.id}?edit=1`, { width: 390, height: 844 });
    await page.getByLabel('Summary').fill('My summary.');
    await api('PUT', `/api/admin/articles/${row.id}`, {
      headline: 'Walrus Heads The Fisheries Inquiry',
      category: 'Politics',
      summary: 'Their summary.',
      version: 1,
    });
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.getByRole('button', { name: 'Compare' }).click();
    await page.getByRole('table', { name: /field by field/ }).waitFor();
    /** Words of the table cells that the browser broke over two lines. */
    const brokenWords = (p: Page) =>
      p.locator('table').evaluateAll((tables) => {
        const broken: string[] = [];
        for (const table of tables) {
          for (const cell of table.querySelectorAll('th, td')) {
            const walker = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
            for (let node = walker.nextNode(); node; node = walker.nextNode()) {
              const text = node.textContent ?? '';
              for (const m of text.matchAll(/[A-Za-z]{2,}/g)) {
                if (m[0].length > 14) continue;
                const range = document.createRange();
                range.setStart(node, m.index);
                range.setEnd(node, m.index + m[0].length);
                const tops = new Set([...range.getClientRects()].map((r) => Math.round(r.top)));
                if (tops.size > 1) broken.push(m[0]);
              }
            }
          }
        }
        return broken;
      });
    expect(await brokenWords(page)).toEqual([]);
    await page.getByRole('button', { name: 'Reload their version' }).click();
    await page.goto(`${running.baseUrl}/admin/audit`);
    await page.getByRole('heading', { level: 1, name: 'Audit Trail' }).waitFor();
    await page.getByRole('table').waitFor();
    expect(await brokenWords(page)).toEqual([]);
  });

  it('a scheduled article says its posts go out when it goes live; the list shows share states only where something happened', async () => {
    const row = await draft('Lobster Scheduled To Address The Nation');
    const at = new Date(Date.now() + 24 * 60 * 60 * 1000).toISOString();
    expect((await api('POST', `/api/admin/articles/${row.id}/schedule`, { publishAt: at })).status).toBe(200);
    const page = await signedIn(`/admin/articles/${row.id}`);
    const panel = page.getByRole('region', { name: 'Social posts' });
    await panel.getByTestId('share-x').getByText('Will be posted when the article goes live').waitFor();
    expect(await panel.getByText('Not shared').count()).toBe(0);

    // Published rows never shared say nothing about sharing in the list.
    const quiet = await draft('Crab Wins The By-Election Quietly');
    await api('PUT', `/api/admin/articles/${quiet.id}/shares/choice`, { shareToX: false, shareToFacebook: false });
    await api('POST', `/api/admin/articles/${quiet.id}/publish`);
    await page.goto(`${running.baseUrl}/admin/articles?page=1&pageSize=20&status=published`);
    const listed = page.locator('.admin-row', { hasText: 'Crab Wins The By-Election Quietly' });
    await listed.waitFor();
    expect(await listed.getByText('Not shared').count()).toBe(0);
    expect(await listed.getByRole('button', { name: /Post now/ }).count()).toBe(0);
  });

  it('an admin address opened directly shows its screen with the header, never a loading screen in between', async () => {
    const context = await web.newContext();
    await guardNetwork(context);
    // Every change of the page, from its first script on: was the header ever there without a heading in
    // <main>, or with the body editor still loading?
    await context.addInitScript(() => {
      const seen = { header: false, headerWithoutHeading: false, editorLoading: false };
      (window as unknown as { screenStates: typeof seen }).screenStates = seen;
      new MutationObserver(() => {
        if (!document.querySelector('.admin-header')) return;
        seen.header = true;
        if (!document.querySelector('main h1')) seen.headerWithoutHeading = true;
        if (document.querySelector('main')?.textContent?.includes('Loading the editor')) seen.editorLoading = true;
      }).observe(document, { subtree: true, childList: true });
    });
    const page = await context.newPage();
    const screens: [string, string][] = [
      ['/admin/audit', 'Audit Trail'],
      ['/admin/authors', 'Authors'],
      ['/admin/tags', 'Tags'],
      ['/admin/social', 'Social Auth'],
      ['/admin/social/test', 'Test Publish'],
      ['/admin/articles/new', 'New Article'],
    ];
    await openSignedIn(page, running, `${running.baseUrl}/admin`, ME);
    for (const [pathname, heading] of screens) {
      await page.goto(`${running.baseUrl}${pathname}`);
      await page.getByRole('heading', { level: 1, name: heading }).waitFor();
      if (pathname.endsWith('/new')) await page.getByRole('toolbar', { name: 'Formatting' }).waitFor();
      if (pathname === '/admin/authors' || pathname === '/admin/tags') {
        // The screen reads top to bottom: the heading, then the search field, then the list.
        const [title, search, first] = await Promise.all([
          page.getByRole('heading', { level: 1, name: heading }).boundingBox(),
          page.getByRole('searchbox').boundingBox(),
          page.getByRole('listitem').first().boundingBox(),
        ]);
        expect(title!.y + title!.height).toBeLessThanOrEqual(search!.y);
        expect(search!.y + search!.height).toBeLessThanOrEqual(first!.y);
      }
      const states = await page.evaluate(() => (window as unknown as { screenStates: object }).screenStates);
      expect({ pathname, ...states }).toEqual({
        pathname,
        header: true,
        headerWithoutHeading: false,
        editorLoading: false,
      });
    }

    // An article's screen loads the editor while the editor reads it: Edit then opens the form at once.
    const row = await draft('Otter Elected Harbour Master');
    const editorChunk = page.waitForResponse((res) => /\/assets\/body-editor-[^/]*\.js$/.test(res.url()));
    await page.goto(`${running.baseUrl}/admin/articles/${row.id}`);
    await page.getByRole('heading', { level: 1, name: 'Otter Elected Harbour Master' }).waitFor();
    await (await editorChunk).finished();
    await page.getByRole('button', { name: 'Edit', exact: true }).click();
    await page.getByRole('toolbar', { name: 'Formatting' }).waitFor();
    expect(await page.evaluate(() => (window as unknown as { screenStates: object }).screenStates)).toMatchObject({
      editorLoading: false,
    });
    // A reload while editing (the address says ?edit=1) opens the form with the editor at once too.
    expect(new URL(page.url()).searchParams.get('edit')).toBe('1');
    await page.reload();
    await page.getByRole('toolbar', { name: 'Formatting' }).waitFor();
    expect(await page.evaluate(() => (window as unknown as { screenStates: object }).screenStates)).toMatchObject({
      header: true,
      editorLoading: false,
    });
  });

  it("a screen's chunk that fails to load as the address opens leaves the admin usable, and the screen loads", async () => {
    const context = await web.newContext();
    await guardNetwork(context);
    let fetches = 0;
    // The first fetch of the Tags screen's chunk fails (a dropped connection); later ones go through.
    await context.route(/\/assets\/tags-[^/]*\.js$/, (route) => (fetches++ === 0 ? route.abort() : route.continue()));
    const page = await context.newPage();
    await openSignedIn(page, running, `${running.baseUrl}/admin/tags`, ME);
    await page.getByRole('heading', { level: 1, name: 'Tags' }).waitFor();
    // Once at the address (aborted), once when the screen rendered.
    expect(fetches).toBe(2);
  });

  it('the header leads to Articles and New Article; a published headline change warns of the new address', async () => {
    const row = await draft('Gannet Made Minister For Fish');
    expect((await api('POST', `/api/admin/articles/${row.id}/publish`)).status).toBe(200);
    const page = await signedIn('/admin');
    const nav = page.getByRole('navigation', { name: 'Admin' });
    const names = await nav.getByRole('link').allInnerTexts();
    expect(names.slice(0, 2)).toEqual(['Articles', 'New Article']);
    expect(names).toEqual(expect.arrayContaining(['Social Auth', 'Test Publish']));
    await nav.getByRole('link', { name: 'New Article' }).click();
    await page.getByRole('heading', { level: 1, name: 'New Article' }).waitFor();
    await nav.getByRole('link', { name: 'Articles' }).click();
    await page.waitForURL(/\/admin\/articles\?/);

    await page.goto(`${running.baseUrl}/admin/articles/${row.id}?edit=1`);
    await page.getByLabel('Headline').fill('Gannet Made Minister For Chips');
    const warning = page.getByText(/changes its address/);
    expect(await warning.innerText()).toContain('/article/gannet-made-minister-for-chips');
    expect(await warning.innerText()).toContain('/article/gannet-made-minister-for-fish, will redirect');
    // The form's message goes once the fields are fixed.
    await page.getByLabel('Headline').fill('');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.getByText('Check the highlighted fields.').waitFor();
    await page.getByLabel('Headline').fill('Gannet Made Minister For Fish');
    await expect.poll(() => page.getByText('Check the highlighted fields.').count(), WAIT).toBe(0);
  });
  it("at 360 px the header is the title, Search and Menu, the list's filters two to a line; Menu opens its links, the name, Appearance and Sign Out, by keyboard; an author's card a line a part", async () => {
    // An author whose name, page and articles would fit on one line.
    const created = await api('POST', '/api/admin/articles', {
      headline: 'Owl Elected Mayor',
      summary: 'S.',
      content: 'One.',
      category: 'Politics',
      authors: ['Ed Ox'],
    });
    expect(created.status).toBe(201);
    const page = await signedIn('/admin/articles', { width: 360, height: 740 });
    const header = page.getByRole('banner');
    const menu = header.getByRole('button', { name: 'Menu', exact: true });
    const nav = page.getByRole('navigation', { name: 'Admin' });
    const signOut = header.getByRole('button', { name: 'Sign Out' });
    const heading = page.getByRole('heading', { level: 1, name: /All Articles/ });
    await heading.waitFor();
    // Shut: one line of header, so the screen's own heading is near the top.
    expect(await menu.getAttribute('aria-expanded')).toBe('false');
    expect(await nav.isVisible()).toBe(false);
    expect(await signOut.isVisible()).toBe(false);
    expect((await heading.boundingBox())!.y).toBeLessThan(120);
    expect(await header.getByRole('button', { name: /^Search/ }).isVisible()).toBe(true);
    // The list's filters two to a line, the search box beside its button.
    const top = async (name: string, role: 'combobox' | 'searchbox' | 'button' = 'combobox') =>
      Math.round((await page.getByRole('main').getByRole(role, { name, exact: true }).boundingBox())!.y);
    expect(await top('Category')).toBe(await top('Status'));
    expect(await top('Tag')).toBe(await top('Author'));
    expect(await top('Author')).toBeGreaterThan(await top('Status'));
    expect(Math.abs((await top('Search', 'button')) - (await top('Search headlines', 'searchbox')))).toBeLessThan(8);

    // By keyboard: Enter opens it, the focus stays on Menu and the next Tab is its first link.
    await menu.focus();
    await page.keyboard.press('Enter');
    expect(await menu.getAttribute('aria-expanded')).toBe('true');
    for (const link of ['Articles', 'New Article', 'Calendar', 'Back to Dashboard', 'Audit', 'Pictures', 'Social Auth'])
      expect(await nav.getByRole('link', { name: link, exact: true }).isVisible()).toBe(true);
    expect(await nav.getByRole('link', { name: 'Articles', exact: true }).getAttribute('aria-current')).toBe('page');
    expect(await signOut.isVisible()).toBe(true);
    expect(await header.getByRole('group', { name: 'Appearance' }).isVisible()).toBe(true);
    expect(await header.getByText(ME.name).isVisible()).toBe(true);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    expect(await axeViolations(page)).toEqual([]);
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Articles');
    expect(await page.evaluate(() => getComputedStyle(document.activeElement!).outlineStyle)).not.toBe('none');
    // Escape shuts it and gives the focus back to Menu.
    await page.keyboard.press('Escape');
    expect(await menu.getAttribute('aria-expanded')).toBe('false');
    expect(await nav.isVisible()).toBe(false);
    expect(await menu.evaluate((el) => el === document.activeElement)).toBe(true);

    // A link taken shuts it on the next screen.
    await menu.click();
    await nav.getByRole('link', { name: 'Audit', exact: true }).click();
    await page.getByRole('heading', { level: 1, name: 'Audit Trail' }).waitFor();
    expect(await menu.getAttribute('aria-expanded')).toBe('false');
    expect(await nav.isVisible()).toBe(false);
    // Authors: each card the name, then its page and articles, then its actions, a line each.
    await menu.click();
    await nav.getByRole('link', { name: 'Authors', exact: true }).click();
    await page.getByRole('heading', { level: 1, name: 'Authors' }).waitFor();
    const card = page
      .getByRole('main')
      .getByRole('listitem')
      .filter({ has: page.getByRole('heading', { name: 'Ed Ox', exact: true }) });
    const boxOf = async (role: 'heading' | 'link' | 'button', name?: RegExp) =>
      (await card.getByRole(role, { name }).first().boundingBox())!;
    const [name, pageLink, edit] = [
      await boxOf('heading'),
      await boxOf('link', /^\/author\//),
      await boxOf('button', /^Edit /),
    ];
    // Each starts below the one before ends (on one line they would overlap, centred on it).
    expect(pageLink.y).toBeGreaterThanOrEqual(name.y + name.height);
    expect(edit.y).toBeGreaterThanOrEqual(pageLink.y + pageLink.height);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

    // On a wide screen there is no Menu: the links and Sign Out are in the header.
    await page.setViewportSize({ width: 1280, height: 800 });
    expect(await menu.isVisible()).toBe(false);
    expect(await nav.getByRole('link', { name: 'Audit', exact: true }).isVisible()).toBe(true);
    expect(await signOut.isVisible()).toBe(true);
  });
  it('Pictures: from the header, the pictures without a description; one described by keyboard leaves the list and its article shows it', async () => {
    const upload = async (bytes: Buffer) => {
      const form = new FormData();
      form.set('file', new Blob([new Uint8Array(bytes)], { type: 'image/jpeg' }), 'p.jpg');
      const res = await fetch(`${running.baseUrl}/api/admin/images`, {
        method: 'POST',
        headers: { authorization: await authorization() },
        body: form,
      });
      expect(res.status).toBe(201);
      return (await res.json()) as { id: string; url: string };
    };
    const described = await upload(await testImage('jpeg', 640, 480));
    expect((await api('PATCH', `/api/admin/images/${described.id}`, { alt: 'A lighthouse at dusk' })).status).toBe(200);
    const bare = await upload(await testImage('jpeg', 800, 450));
    // Published before alt texts: the article shows the picture without a description.
    const [story] = await insertArticles(running.database, running.app, [
      { headline: 'Puffin Opens The Harbour Fair', image_url: bare.url, image_alt: '' },
    ]);
    const reader = await web.newPage();
    await reader.goto(`${running.baseUrl}/article/${story!.slug}`);
    expect(await reader.locator(`img[src*="${bare.id}"]`).first().getAttribute('alt')).toBe('');

    const page = await signedIn('/admin');
    await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Pictures' }).click();
    await page.getByRole('heading', { level: 1, name: 'Pictures' }).waitFor();
    // The header says which page this is.
    const nav = page.getByRole('navigation', { name: 'Admin' });
    expect(await nav.getByRole('link', { name: 'Pictures' }).getAttribute('aria-current')).toBe('page');
    expect(await nav.getByRole('link', { name: 'Tags' }).getAttribute('aria-current')).toBeNull();
    await page
      .getByText(
        /^There is no Delete: a picture that no article \(the Trash included\).+at least 7 days after its upload\.$/,
      )
      .waitFor();
    await page.getByText('A lighthouse at dusk').waitFor();
    const filter = page.getByRole('checkbox', { name: 'Without a description' });
    await filter.focus();
    await page.keyboard.press('Space');
    await page.waitForURL(/described=no/);
    await expect.poll(() => page.getByText('A lighthouse at dusk').count(), WAIT).toBe(0);
    // The picture of the story, with its 'No description' mark and the article that uses it.
    const storyLink = page.getByRole('link', { name: 'Puffin Opens The Harbour Fair' });
    const card = page.locator('li.admin-pictures__item').filter({ has: storyLink });
    await storyLink.waitFor();
    expect(await card.innerText()).toContain('No description');
    expect(await card.innerText()).toContain('Used by 1 article');
    const count = page.getByRole('status').filter({ hasText: /without a description$/ });
    const before = Number((await count.innerText()).split(' ')[0]);

    // By keyboard: Tab to the picture's Edit button (focus visible), Enter opens the dialog on the description.
    const edit = card.getByRole('button', { name: /^Edit the picture uploaded .+, no description$/ });
    await filter.focus();
    for (let i = 0; i < 5 && !(await edit.evaluate((el) => el === document.activeElement)); i++) {
      await page.keyboard.press('Tab');
    }
    expect(await edit.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await edit.evaluate((el) => getComputedStyle(el).outlineStyle)).not.toBe('none');
    // The dialog's picture arrives late, as on a slow connection: held back until its box is measured
    // (then this picture's requests go through).
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    let heldRequests = 0;
    await page.route(`**/images/${bare.id}-*`, async (route) => {
      heldRequests++;
      await held;
      await route.continue();
    });
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Edit the picture' });
    const alt = dialog.getByLabel('Description (alt text)');
    await expect.poll(() => alt.evaluate((el) => el === document.activeElement), WAIT).toBe(true);
    // Taller than the window, the dialog scrolls inside itself; Save picture is in view from the start,
    // at the dialog's foot.
    const save = dialog.getByRole('button', { name: 'Save picture' });
    const bar = dialog.locator('.admin-dialog__actions');
    const image = dialog.locator('.admin-focal__image');
    const [dialogBox, saveBox, imageBox] = [
      (await dialog.boundingBox())!,
      (await save.boundingBox())!,
      (await image.boundingBox())!,
    ];
    expect(await dialog.evaluate((el) => el.scrollHeight > el.clientHeight)).toBe(true);
    expect(saveBox.y + saveBox.height).toBeLessThanOrEqual(dialogBox.y + dialogBox.height);
    expect(saveBox.y).toBeGreaterThan(dialogBox.y + dialogBox.height - 100);
    // The picture's box is kept from the start (its size is known): nothing moves when it has loaded.
    expect(heldRequests).toBeGreaterThan(0);
    expect(imageBox.height).toBeGreaterThan(100);
    release();
    await expect
      .poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0), WAIT)
      .toBe(true);
    expect(await image.boundingBox()).toEqual(imageBox);
    await page.keyboard.type('A puffin cutting a ribbon on the quay');
    await page.keyboard.press('Tab');
    await page.keyboard.type('The puffin, on Saturday');
    // The focal point by keyboard: Tab past the credit to the picture, arrow keys move the point.
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    const picker = dialog.getByRole('button', { name: /^Focal point of the picture/ });
    expect(await picker.evaluate((el) => el === document.activeElement)).toBe(true);
    // Scrolled to by Tab, the picture stops above the dialog's buttons, not under them.
    const [pickerBottom, barTop] = await Promise.all([
      picker.evaluate((el) => el.getBoundingClientRect().bottom),
      bar.evaluate((el) => el.getBoundingClientRect().top),
    ]);
    expect(pickerBottom).toBeLessThanOrEqual(barTop + 1);
    await page.keyboard.press('Shift+ArrowLeft');
    expect(await picker.getAttribute('aria-label')).toContain('40% from the left, 50% from the top');
    for (let i = 0; i < 6 && !(await save.evaluate((el) => el === document.activeElement)); i++) {
      await page.keyboard.press('Tab');
    }
    expect(await save.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.press('Enter');
    await dialog.waitFor({ state: 'hidden' });
    // It leaves the filter; the focus goes to the heading, not lost with the picture's button.
    await expect.poll(() => storyLink.count(), WAIT).toBe(0);
    expect(await count.innerText()).toMatch(
      before === 2 ? /^1 picture without a description$/ : new RegExp(`^${before - 1} pictures without`),
    );
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Pictures');
    const saved = (
      await api<{ items: { id: string; alt: string; caption: string; focalX: number }[] }>('GET', '/api/admin/images')
    ).body;
    expect(saved.items.find((i) => i.id === bare.id)).toMatchObject({
      alt: 'A puffin cutting a ribbon on the quay',
      caption: 'The puffin, on Saturday',
      focalX: 0.4,
    });
    await filter.uncheck();
    await page.getByText('A puffin cutting a ribbon on the quay').waitFor();

    // Uploaded here, by keyboard-reachable file input (focus visible): one at a time, a refused file says why,
    // the picture opens at once on its description and, described, comes first in the grid.
    const input = page.getByLabel('Upload a picture…');
    await input.focus();
    expect(await page.locator('label', { has: input }).evaluate((el) => getComputedStyle(el).outlineStyle)).not.toBe(
      'none',
    );
    await input.setInputFiles([
      { name: 'notes.png', mimeType: 'image/png', buffer: Buffer.from('not a picture at all') },
      { name: 'gull.png', mimeType: 'image/png', buffer: await testImage('png', 320, 240) },
    ]);
    const uploads = page.locator('.admin-pictures__uploads li');
    await expect
      .poll(() => uploads.allInnerTexts(), WAIT)
      .toEqual(['notes.png Not uploaded: The file is not a JPEG, PNG, WebP or AVIF image.', 'gull.png Uploaded.']);
    await expect.poll(() => alt.evaluate((el) => el === document.activeElement), WAIT).toBe(true);
    await page.keyboard.type('A gull on the harbour wall');
    await dialog.getByRole('button', { name: 'Save picture' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await expect
      .poll(() => page.locator('li.admin-pictures__item').first().innerText(), WAIT)
      .toContain('A gull on the harbour wall');

    // The article without a description of its own shows the picture's to readers (whose browser had the
    // page before).
    const img = reader.getByRole('img', { name: 'A puffin cutting a ribbon on the quay' });
    await openUntil(
      reader,
      `${running.baseUrl}/article/${story!.slug}`,
      async () => {
        await reader.getByRole('heading', { level: 1, name: 'Puffin Opens The Harbour Fair' }).waitFor();
        return img.count();
      },
      1,
    );
    expect(await img.getAttribute('src')).toContain(bare.id);
    await reader.close();

    // The audit trail says who changed the picture and how, that its article took the change, and
    // leads back to that very picture, though another one has taken the same description since.
    expect(
      (await api('PATCH', `/api/admin/images/${described.id}`, { alt: 'A puffin cutting a ribbon on the quay' }))
        .status,
    ).toBe(200);
    await page.goto(`${running.baseUrl}/admin/audit?action=image-update`);
    const change = page
      .getByRole('row')
      .filter({ hasText: 'Picture: A puffin cutting a ribbon on the quay' })
      .filter({ hasText: 'The puffin, on Saturday' });
    await change.waitFor();
    // The address keeps the code; the filter and the row say it in words.
    expect(await page.getByLabel('Action').evaluate((s: HTMLSelectElement) => s.selectedOptions[0]?.text)).toBe(
      'Picture details changed',
    );
    expect(await change.innerText()).toMatch(
      new RegExp(
        `${EDITOR_NAME}\\s+Picture details changed\\s*description \\(none\\) → “A puffin cutting a ribbon on the quay”, ` +
          'caption \\(none\\) → “The puffin, on Saturday”, focal point 50% 50% → 40% 50% · 1 article updated',
      ),
    );
    const exact = change.getByRole('link', { name: 'Picture: A puffin cutting a ribbon on the quay' });
    expect(await exact.getAttribute('href')).toBe(`/admin/pictures?id=${bare.id}`);
    await exact.click();
    await page.getByText('The picture the link names.').waitFor();
    const shown = page.locator('li.admin-pictures__item');
    await expect.poll(() => shown.count(), WAIT).toBe(1);
    expect(await shown.locator('img').getAttribute('src')).toContain(bare.id);
    expect(await shown.innerText()).toContain('Used by 1 article');
    // A search by that description would find both.
    await page.getByRole('link', { name: 'Show all pictures' }).click();
    await page.getByRole('searchbox').fill('A puffin cutting a ribbon on the quay');
    await expect.poll(() => shown.count(), WAIT).toBe(2);
    await page.close();
  });

  it("Pictures: a numbered pager at 360 px, by keyboard, kept in the address; the upload limit is the server's", async () => {
    // More pictures than a page holds (their files are not needed to page through them).
    const hex = (n: number) => `e2e${n.toString(16).padStart(29, '0')}`;
    await running.database.db
      .insertInto('images')
      .values(
        Array.from({ length: 30 }, (_, i) => ({
          id: hex(i),
          width: 800,
          height: 600,
          alt: `Pager picture ${i}`,
          caption: '',
          credit: '',
          focal_x: 0.5,
          focal_y: 0.5,
          created_at: new Date(Date.UTC(2001, 0, 1, 0, i)).toISOString(),
          uploaded_by: null,
        })),
      )
      .execute();
    const library = (await api<{ total: number; pageSize: number; maxUploadBytes: number }>('GET', '/api/admin/images'))
      .body;
    const pages = Math.ceil(library.total / library.pageSize);
    expect(pages).toBeGreaterThan(1);

    const page = await signedIn('/admin/pictures', { width: 360, height: 740 });
    await page.getByText(`Page 1 of ${pages}`).waitFor();
    await page.getByText('JPEG, PNG, WebP or AVIF, up to 15 MB each; several at once, or drop them here.').waitFor();
    expect(library.maxUploadBytes).toBe(15 * 1024 * 1024);
    const pager = page.getByRole('navigation', { name: 'Pages of pictures' });
    expect(await pager.getByRole('button', { name: 'Page 1' }).getAttribute('aria-current')).toBe('page');
    // By keyboard: Tab reaches page 2 (focus visible), Enter opens it.
    const two = pager.getByRole('button', { name: 'Page 2' });
    await pager.getByRole('button', { name: 'Page 1' }).focus();
    await page.keyboard.press('Tab');
    expect(await two.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await two.evaluate((el) => getComputedStyle(el).outlineStyle)).not.toBe('none');
    await page.keyboard.press('Enter');
    await page.waitForURL(/[?&]page=2\b/);
    await page.getByText(`Page 2 of ${pages}`).waitFor();
    expect(await two.getAttribute('aria-current')).toBe('page');
    const second = (await api<{ items: { id: string }[] }>('GET', '/api/admin/images?page=2')).body.items[0]!;
    await page.locator(`li.admin-pictures__item img[src*="${second.id}"]`).waitFor();
    // Nothing wider than the screen, the pager included.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    const box = (await pager.boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(360);
    // The address keeps the page: a reload opens it again.
    await page.reload();
    await page.getByText(`Page 2 of ${pages}`).waitFor();
    // A picture's dialog at this width: nothing in it scrolls sideways (the three crops wrap), and Save
    // picture is in view at its foot.
    await page
      .locator('li.admin-pictures__item')
      .first()
      .getByRole('button', { name: /^Edit the picture/ })
      .click();
    const dialog = page.getByRole('dialog', { name: 'Edit the picture' });
    await dialog.getByLabel('Description (alt text)').waitFor();
    expect(await dialog.evaluate((el) => el.scrollWidth - el.clientWidth)).toBe(0);
    const save = (await dialog.getByRole('button', { name: 'Save picture' }).boundingBox())!;
    expect(save.y + save.height).toBeLessThanOrEqual(740);
    await page.close();
  });
});
