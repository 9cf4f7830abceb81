import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page, Request } from 'playwright-core';
import { openAdminMenu } from './support/admin-menu.ts';
import { adminRequest } from './support/admin-request.ts';
import { startApp, type RunningApp } from './support/app.ts';
import { useBrowser } from './support/browser.ts';
import { insertArticles } from './support/articles.ts';
import { adminChunks, fileOf } from './support/chunks.ts';
import { guardNetwork, isApiWrite } from './support/network.ts';
import { EDITOR, EDITOR_ENV } from './support/sign-in.ts';
import { openUntil } from './support/public-site.ts';
import { putCaretAtEnd } from './support/caret.ts';
import { openSignedIn } from './support/signed-in.ts';
import { testImage } from '../server/src/test-support/test-images.ts';

const web = useBrowser();

/** The admin API requests a page sends, as 'METHOD /path'. */
function recordApi(page: Page): { calls: string[]; bodies: Map<string, unknown> } {
  const calls: string[] = [];
  const bodies = new Map<string, unknown>();
  page.on('request', (req: Request) => {
    if (!isApiWrite(req)) return;
    const call = `${req.method()} ${new URL(req.url()).pathname}`;
    calls.push(call);
    const body = req.postData();
    if (body && req.headers()['content-type']?.includes('json')) bodies.set(call, JSON.parse(body));
  });
  return { calls, bodies };
}

async function fillArticle(page: Page, headline: string): Promise<void> {
  await page.getByLabel('Headline').fill(headline);
  await page.getByLabel('Summary').fill(`Summary: ${headline}`);
  await page.getByLabel('Content').fill('First paragraph.\n\nSecond paragraph.');
  await page.getByLabel('Category', { exact: true }).selectOption({ label: 'Politics' });
  await page.getByLabel('Author').fill('Ann Author');
}

/** Creates a draft from the new-article form the page shows (opened by openSignedIn). */
async function createDraft(page: Page, headline: string): Promise<number> {
  await page.getByRole('heading', { level: 1, name: 'New Article' }).waitFor();
  await fillArticle(page, headline);
  await page.getByRole('button', { name: 'Create article' }).click();
  await page.waitForURL(/\/admin\/articles\/\d+$/);
  await page.getByRole('heading', { level: 1, name: headline }).waitFor();
  return Number(new URL(page.url()).pathname.split('/').pop());
}

describe('the newsroom writes', () => {
  let running: RunningApp;

  beforeAll(async () => {
    // The scheduler looks for due articles every 300 ms here (15 s by default).
    running = await startApp({ seed: false, env: { ...EDITOR_ENV, SCHEDULER_INTERVAL_MS: '300' } });
  });
  afterAll(async () => {
    await running?.close();
  });

  it('writes an article with an uploaded picture, previews it, schedules it and sees it go live; an edited headline keeps the old link', async () => {
    const context = await web.newContext({ timezoneId: 'America/New_York' });
    const net = await guardNetwork(context);
    const page = await context.newPage();
    const api = recordApi(page);
    await openSignedIn(page, running, `${running.baseUrl}/admin/articles/new`);
    await page.getByRole('heading', { level: 1, name: 'New Article' }).waitFor();

    // The form's own rules, next to the fields, before anything is sent.
    await page.getByRole('button', { name: 'Create article' }).click();
    await page.getByText('Enter a headline').waitFor();
    await page.getByText('Choose a category').waitFor();
    expect(api.calls).toEqual([]);

    const headline = 'Mayor Replaced By Very Large Cat';
    await fillArticle(page, headline);
    const jpeg = await sharp({ create: { width: 640, height: 360, channels: 3, background: '#c0302a' } })
      .jpeg()
      .toBuffer();
    await page.getByLabel('Choose a picture…').setInputFiles({ name: 'cat.jpg', mimeType: 'image/jpeg', buffer: jpeg });
    // An uploaded picture shows in the focal point picker, with its description fields.
    await page.getByRole('button', { name: /^Focal point of the picture/ }).waitFor();
    const imageUrl = await page.getByLabel('Image address').inputValue();
    // Scheduling needs a description of the picture (decision 033).
    await page.getByLabel(/^Image description \(alt text\)/).fill('A very large cat in the mayoral chain');
    expect(imageUrl).toMatch(/^\/images\//);
    expect((await page.request.get(`${running.baseUrl}${imageUrl}`)).status()).toBe(200);

    // A file the server refuses: its message appears in the form, which stays usable.
    await page
      .getByLabel('Choose a picture…')
      .setInputFiles({ name: 'notes.jpg', mimeType: 'image/jpeg', buffer: Buffer.from('not a picture at all') });
    await page.locator('.admin-image-field [role="alert"]').waitFor();
    expect(await page.getByLabel('Image address').inputValue()).toBe(imageUrl);

    await page.getByRole('button', { name: 'Create article' }).click();
    await page.waitForURL(/\/admin\/articles\/\d+$/);
    await page.getByRole('heading', { level: 1, name: headline }).waitFor();
    const id = Number(new URL(page.url()).pathname.split('/').pop());
    await page.locator('.admin-detail__badges').getByText('Draft', { exact: true }).waitFor();
    const slug = 'mayor-replaced-by-very-large-cat';
    expect((await page.request.get(`${running.baseUrl}/News/slug/${slug}`)).ok()).toBe(false);

    // Preview: the public article component with the draft's data, inside the admin.
    await page.getByRole('link', { name: 'Preview' }).click();
    await page.waitForURL(`${running.baseUrl}/admin/articles/${id}/preview`);
    await page.getByText('Readers cannot see this page.').waitFor();
    await page.getByRole('heading', { level: 1, name: headline }).waitFor();
    // The reading time the public page will show, beside the time it is due.
    await page
      .locator('article .article-reading-time')
      .getByText(/^\d+ min read$/)
      .waitFor();
    expect(await page.locator('article img').first().getAttribute('src')).toContain(imageUrl.split('-')[0]);
    await page.getByRole('link', { name: 'Back to the article' }).click();

    // Schedule a few seconds ahead, in the editor's time zone (New York); the server gets UTC.
    const local = await page.evaluate(() => {
      const d = new Date(Date.now() + 4_000);
      const p = (n: number) => String(n).padStart(2, '0');
      return {
        value: `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}T${p(d.getHours())}:${p(d.getMinutes())}:${p(d.getSeconds())}`,
        utc: new Date(d.getTime() - d.getMilliseconds()).toISOString(),
      };
    });
    await page.getByLabel('Publish at (America/New_York)').fill(local.value);
    await page.getByRole('button', { name: 'Schedule', exact: true }).click();
    await page.locator('.admin-detail__badges').getByText('Scheduled').waitFor();
    expect(api.bodies.get(`POST /api/admin/articles/${id}/schedule`)).toEqual({ publishAt: local.utc });

    // The scheduler publishes it: the public site shows it.
    await expect
      .poll(async () => (await page.request.get(`${running.baseUrl}/News/slug/${slug}`)).status(), { timeout: 20_000 })
      .toBe(200);
    // A reader's browser: the public article page, which loads no admin code (the preview, which draws
    // the same article component, lives in the admin bundle).
    const readerContext = await web.newContext();
    const readerNet = await guardNetwork(readerContext);
    const publicPage = await readerContext.newPage();
    await publicPage.goto(`${running.baseUrl}/article/${slug}`);
    await publicPage.getByRole('heading', { level: 1, name: headline }).waitFor();
    const admin = adminChunks(running.config.webDistDir);
    const publicScripts = readerNet.scripts().map(fileOf);
    expect(publicScripts.length).toBeGreaterThan(0);
    expect(publicScripts.filter((f) => admin.has(f))).toEqual([]);
    // The preview screen's own chunk (`preview-<hash>.js`; not a shared chunk such as `preview-contract-<hash>.js`).
    const previewChunk = net.scripts().find((u) => /\/assets\/preview-[\w-]{8}\.js$/.test(u));
    expect(previewChunk).toBeDefined();
    expect(admin.has(fileOf(previewChunk!))).toBe(true);

    // Edit the published headline; the old address answers 301 to the new one.
    await page.reload();
    await page.locator('.admin-detail__badges').getByText('Published', { exact: true }).waitFor();
    await page.getByRole('button', { name: 'Edit', exact: true }).click();
    await page.getByLabel('Headline').fill('Mayor Replaced By Two Cats');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.getByRole('heading', { level: 1, name: 'Mayor Replaced By Two Cats' }).waitFor();
    const old = await page.request.get(`${running.baseUrl}/article/${slug}`, { maxRedirects: 0 });
    expect(old.status()).toBe(301);
    expect(old.headers()['location']).toBe('/article/mayor-replaced-by-two-cats');
    // The reader's browser had the old address a moment ago.
    const reader = await readerContext.newPage();
    await openUntil(
      reader,
      `${running.baseUrl}/article/${slug}`,
      () => reader.url(),
      `${running.baseUrl}/article/mayor-replaced-by-two-cats`,
    );
    await reader.getByRole('heading', { level: 1, name: 'Mayor Replaced By Two Cats' }).waitFor();
    expect(net.external).toEqual([]);
  });

  it('a double-click on each action sends one request, and the screen stays usable', async () => {
    const page = await web.newPage();
    const api = recordApi(page);
    await openSignedIn(page, running, `${running.baseUrl}/admin/articles/new`);
    const id = await createDraft(page, 'Pigeon Appointed Transport Minister');
    const count = (call: string) => api.calls.filter((c) => c === call).length;

    await page.getByRole('button', { name: 'Publish', exact: true }).dblclick();
    await page.locator('.admin-detail__badges').getByText('Published', { exact: true }).waitFor();
    expect(count(`POST /api/admin/articles/${id}/publish`)).toBe(1);

    await page.getByRole('button', { name: 'Unpublish', exact: true }).dblclick();
    await page.locator('.admin-detail__badges').getByText('Draft', { exact: true }).waitFor();
    expect(count(`POST /api/admin/articles/${id}/unpublish`)).toBe(1);

    await page.getByRole('button', { name: /^Edit category/ }).click();
    await page.getByLabel('New category').selectOption({ label: 'Technology' });
    await page.getByRole('button', { name: 'Confirm' }).dblclick();
    await page.locator('.admin-badge--category').getByText('Technology').waitFor();
    expect(count(`PUT /api/admin/articles/${id}/category`)).toBe(1);

    await page.getByRole('button', { name: 'Edit', exact: true }).click();
    await page.getByLabel('Summary').fill('Coos at commuters.');
    await page.getByRole('button', { name: 'Save changes' }).dblclick();
    await page.getByText('Coos at commuters.').waitFor();
    expect(count(`PUT /api/admin/articles/${id}`)).toBe(1);

    // Delete behind its confirmation; back goes to where the editor came from.
    await page.getByRole('button', { name: 'Delete', exact: true }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).dblclick();
    await page.waitForURL((u) => !u.pathname.endsWith(`/articles/${id}`));
    expect(count(`DELETE /api/admin/articles/${id}`)).toBe(1);
    // No red error screen anywhere.
    expect(await page.getByRole('heading', { name: 'Error', exact: true }).count()).toBe(0);

    // Forward in history (or a link) to the deleted article: a clear state with a way back.
    await page.goto(`${running.baseUrl}/admin/articles/${id}`);
    await page.getByRole('heading', { name: 'This article was deleted' }).waitFor();
    await page.getByRole('button', { name: 'Restore' }).click();
    await page.getByRole('heading', { level: 1, name: 'Pigeon Appointed Transport Minister' }).waitFor();
  });

  it('two sessions editing one article: the later save gets the conflict message and can compare', async () => {
    const first = await web.newPage();
    await openSignedIn(first, running, `${running.baseUrl}/admin/articles/new`);
    const id = await createDraft(first, 'Moon Files For Divorce From Earth');
    const second = await web.newPage();
    await openSignedIn(second, running, `${running.baseUrl}/admin/articles/${id}?edit=1`);
    await first.goto(`${running.baseUrl}/admin/articles/${id}?edit=1`);

    await second.getByLabel('Headline').waitFor();
    await first.getByLabel('Summary').fill('Irreconcilable tides.');
    await first.getByRole('button', { name: 'Save changes' }).click();
    await first.getByText('Irreconcilable tides.').waitFor();

    await second.getByLabel('Summary').fill('It is about the gravity.');
    await second.getByRole('button', { name: 'Save changes' }).click();
    await second.getByRole('heading', { name: 'This article was changed while you were editing' }).waitFor();
    await second.getByRole('button', { name: 'Compare' }).click();
    const row = second.getByRole('row', { name: /Summary/ });
    await row.getByText('Irreconcilable tides.').waitFor();
    await row.getByText('It is about the gravity.').waitFor();
    // Reloading theirs drops my change and shows the saved summary.
    await second.getByRole('button', { name: 'Reload their version' }).click();
    await expect.poll(() => second.getByLabel('Summary').inputValue()).toBe('Irreconcilable tides.');
  });

  it('an article moved to the Trash in another tab while it is edited: the save says so, no conflict panel, and the text is kept', async () => {
    const editor = await web.newPage();
    await openSignedIn(editor, running, `${running.baseUrl}/admin/articles/new`);
    const id = await createDraft(editor, 'Badger Demands A Recount');
    // Published: it never saves itself, so the editor's own Save is what meets the Trash.
    const authorization = await running.bearer({ sub: '1', name: 'Erin Editor' });
    await adminRequest(running.baseUrl, authorization, 'POST', `/api/admin/articles/${id}/publish`);
    await editor.goto(`${running.baseUrl}/admin/articles/${id}?edit=1`);
    await editor.getByLabel('Summary').fill('Counted twice, by the badger.');

    // Another tab moves it to the Trash.
    const other = await web.newPage();
    await openSignedIn(other, running, `${running.baseUrl}/admin/articles/${id}`);
    await other.getByRole('heading', { level: 1, name: 'Badger Demands A Recount' }).waitFor();
    await other.getByRole('button', { name: 'Delete', exact: true }).click();
    await other.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
    await other.waitForURL((u) => !u.pathname.endsWith(`/articles/${id}`));

    const writes = recordApi(editor).calls;
    await editor.getByRole('button', { name: 'Save changes' }).click();
    await editor.getByRole('heading', { level: 1, name: 'This article was deleted' }).waitFor();
    expect(await editor.getByText('This article was changed while you were editing').count()).toBe(0);
    await editor.getByText('The article is in the trash: restore it first.').first().waitFor();
    await editor
      .getByText('Your unsaved changes to it are kept in this browser tab: restore it to go on editing them.')
      .waitFor();
    expect(writes).toEqual([`PUT /api/admin/articles/${id}`]);

    // Restored, the form is back with the text. Saved, it is the article's: the versions the Trash and
    // the restore made changed nothing of the form (the history says so), so no conflict panel either.
    await editor.getByRole('button', { name: 'Restore', exact: true }).click();
    await editor.getByRole('heading', { level: 1, name: 'Edit Article' }).waitFor();
    expect(await editor.getByLabel('Summary').inputValue()).toBe('Counted twice, by the badger.');
    await editor.getByText(/^Restored your unsaved changes from /).waitFor();
    await editor.getByRole('button', { name: 'Save changes' }).click();
    await editor.getByRole('heading', { level: 1, name: 'Badger Demands A Recount' }).waitFor();
    expect(await editor.getByText('This article was changed while you were editing').count()).toBe(0);
    // The save the Trash refused, the stale one after the restore, then the same on the version now.
    expect(writes.filter((w) => w.startsWith('PUT '))).toEqual(Array(3).fill(`PUT /api/admin/articles/${id}`));
    await editor.getByText('Counted twice, by the badger.').waitFor();
    const saved = await adminRequest<{ summary: string; deletedAt: string | null }>(
      running.baseUrl,
      authorization,
      'GET',
      `/api/admin/articles/${id}`,
    );
    expect(saved).toMatchObject({ summary: 'Counted twice, by the badger.', deletedAt: null });

    // A draft saves itself: moved to the Trash and back (Delete, then Undo) in another tab while its form
    // is open, the next autosave is sent again on the version now (the history says nothing of the form
    // changed), with no conflict panel.
    await adminRequest(running.baseUrl, authorization, 'POST', `/api/admin/articles/${id}/unpublish`);
    await editor.goto(`${running.baseUrl}/admin/articles/${id}?edit=1`);
    await editor.getByRole('heading', { level: 1, name: 'Edit Article' }).waitFor();
    await other.goto(`${running.baseUrl}/admin/articles/${id}`);
    await other.getByRole('button', { name: 'Delete', exact: true }).click();
    await other.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
    await other.getByRole('button', { name: 'Undo' }).click();
    await other.getByText('Article restored').waitFor();
    await editor.getByLabel('Summary').fill('Recounted by the badger, alone.');
    await editor.getByText(/^Saved /).waitFor();
    expect(await editor.getByText('This article was changed while you were editing').count()).toBe(0);
    // The autosave the Trash and back made stale, then the same on the version now.
    expect(writes.filter((w) => w.startsWith('PUT '))).toHaveLength(5);
    const autosaved = await adminRequest<{ summary: string }>(
      running.baseUrl,
      authorization,
      'GET',
      `/api/admin/articles/${id}`,
    );
    expect(autosaved.summary).toBe('Recounted by the badger, alone.');
  });

  it('a picture described on the Pictures screen while its article is open: the edit keeps the description and the new headline, no conflict panel', async () => {
    // Another editor uploads a picture and starts an article with it, without a description.
    const describer = await running.bearer({ sub: '2', name: 'Dora Describer' });
    const file = new FormData();
    file.append('file', new Blob([new Uint8Array(await testImage('jpeg', 640, 360))], { type: 'image/jpeg' }), 'g.jpg');
    const uploaded = await fetch(`${running.baseUrl}/api/admin/images`, {
      method: 'POST',
      headers: { authorization: describer },
      body: file,
    });
    expect(uploaded.status).toBe(201);
    const picture = (await uploaded.json()) as { id: string; url: string };
    const created = await adminRequest<{ id: number; version: number }>(
      running.baseUrl,
      describer,
      'POST',
      '/api/admin/articles',
      { headline: 'Goose Elected Harbour Master', category: 'Politics', imageUrl: picture.url },
    );
    const id = created.id;

    // The editor opens it: no description yet.
    const editor = await web.newPage();
    await openSignedIn(editor, running, `${running.baseUrl}/admin/articles/${id}?edit=1`);
    await editor.getByRole('heading', { level: 1, name: 'Edit Article' }).waitFor();
    expect(await editor.getByLabel(/^Image description \(alt text\)/).inputValue()).toBe('');

    // Meanwhile the picture is described on the Pictures screen: the article takes it as a new version.
    await adminRequest(running.baseUrl, describer, 'PATCH', `/api/admin/images/${picture.id}`, {
      alt: 'A goose in a harbour master’s cap',
    });

    // The editor changes the headline and saves (before the draft saves itself).
    const writes = recordApi(editor).calls;
    await editor.getByLabel('Headline').fill('Goose Re-elected Harbour Master');
    await editor.getByRole('button', { name: 'Save changes' }).click();
    await editor.getByRole('heading', { level: 1, name: 'Goose Re-elected Harbour Master' }).waitFor();
    expect(await editor.getByText('This article was changed while you were editing').count()).toBe(0);
    // The save on the version the editor loaded (stale), then the same with the description on the version now.
    expect(writes.filter((w) => w.startsWith('PUT '))).toEqual(Array(2).fill(`PUT /api/admin/articles/${id}`));
    const saved = await adminRequest<{ headline: string; imageAlt: string; version: number }>(
      running.baseUrl,
      describer,
      'GET',
      `/api/admin/articles/${id}`,
    );
    expect(saved).toMatchObject({
      headline: 'Goose Re-elected Harbour Master',
      imageAlt: 'A goose in a harbour master’s cap',
      version: created.version + 2,
    });
    // The history shows the description arriving, by the editor who wrote it, before the edit.
    const { revisions } = await adminRequest<{
      revisions: { version: number; action: string; editorName: string; changedFields: string[] }[];
    }>(running.baseUrl, describer, 'GET', `/api/admin/articles/${id}/revisions`);
    expect(revisions.slice(0, 2)).toMatchObject([
      { version: created.version + 2, action: 'edit', changedFields: expect.arrayContaining(['headline']) },
      {
        version: created.version + 1,
        action: 'image-update',
        editorName: 'Dora Describer',
        changedFields: ['imageAlt'],
      },
    ]);
    expect(revisions[0]!.changedFields).not.toContain('imageAlt');
    // On the screen, in words: the edit, and before it the picture's description filled by its describer.
    const history = editor.getByRole('region', { name: 'History' });
    await history.getByRole('button', { name: 'Show history' }).click();
    const lines = history.locator('.admin-history__item > p:first-child');
    await expect.poll(() => lines.count()).toBeGreaterThan(2);
    const whats = (await lines.allInnerTexts()).slice(0, 2).map((line) => line.split(' · ').slice(0, 2).join(' · '));
    expect(whats).toEqual([`${EDITOR.username} · Edited`, 'Dora Describer · Picture description filled']);
  });

  it('down the long form, Save changes stays at the foot of the window; a field reached by Tab and the line typed stay above it; saved from the top', async () => {
    const headline = 'Heron Audits The Fish Market';
    const [row] = await insertArticles(running.database, running.app, [{ headline, source: 'Wharf Whispers' }]);
    const page = await web.newPage({ width: 1280, height: 720 });
    await openSignedIn(page, running, `${running.baseUrl}/admin/articles/${row!.id}?edit=1`);
    await page.getByRole('heading', { level: 1, name: 'Edit Article' }).waitFor();
    const save = page.getByRole('button', { name: 'Save changes' });
    const bar = page.locator('form').getByRole('button', { name: 'Cancel' }).locator('..');
    // At the top of the form: the form goes on below the window, and Save changes is in view at its foot.
    expect((await page.getByLabel('Editorial Comments').boundingBox())!.y).toBeGreaterThan(720);
    const saveBox = (await save.boundingBox())!;
    expect(saveBox.y + saveBox.height).toBeLessThanOrEqual(720);
    expect(saveBox.y).toBeGreaterThan(600);

    // By keyboard from Category down the form: every field the focus reaches is above the bar, never under it.
    await page.getByLabel('Category', { exact: true }).focus();
    for (let i = 0; i < 14; i++) {
      await page.keyboard.press('Tab');
      const [inBar, bottom, barTop] = await Promise.all([
        page.evaluate(() => document.activeElement?.closest('.admin-form__actions') != null),
        page.evaluate(() => document.activeElement!.getBoundingClientRect().bottom),
        bar.evaluate((el) => el.getBoundingClientRect().top),
      ]);
      if (inBar) break;
      expect(bottom, `Tab ${i + 1}`).toBeLessThanOrEqual(barTop + 1);
    }

    // Typing down a long body at the window's foot: the line typed stays above the bar.
    await putCaretAtEnd(page, page.getByRole('textbox', { name: 'Content' }), 'Control+End');
    for (let i = 1; i <= 25; i++) {
      await page.keyboard.press('Enter');
      await page.keyboard.type(`Fish ${i}`);
    }
    const [caretBottom, barTop] = await Promise.all([
      page.evaluate(() => window.getSelection()!.getRangeAt(0).getBoundingClientRect().bottom),
      bar.evaluate((el) => el.getBoundingClientRect().top),
    ]);
    expect(caretBottom).toBeGreaterThan(0);
    expect(caretBottom).toBeLessThanOrEqual(barTop);

    // Back at the top, a change saved with the button in view, without scrolling to the end.
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.getByLabel('Summary').fill('The heron found the cod short-weighted.');
    const before = (await save.boundingBox())!.y;
    await save.click();
    await page.waitForURL((u) => !u.searchParams.has('edit'));
    await page.getByText('The heron found the cod short-weighted.').waitFor();
    await page.getByText('Fish 25', { exact: true }).waitFor();
    expect(before).toBe(saveBox.y);
  });

  it("the form on a wide screen: the story's settings a column beside the writing, reached by keyboard after it; one column below 1100 px", async () => {
    const headline = 'Otter Opens Riverside Bistro';
    const [row] = await insertArticles(running.database, running.app, [
      { headline, source: 'River Rumours', image_url: '/images/demo/capitol.svg', image_alt: 'A domed building' },
    ]);
    const page = await web.newPage({ width: 1280, height: 800 });
    await openSignedIn(page, running, `${running.baseUrl}/admin/articles/${row!.id}?edit=1`);
    await page.getByRole('heading', { level: 1, name: 'Edit Article' }).waitFor();
    const box = async (label: string) => (await page.getByLabel(label, { exact: true }).boundingBox())!;
    const content = page.getByRole('textbox', { name: 'Content' });
    await content.waitFor();

    // Side by side: the settings start level with the headline, right of the writing and the picture.
    const [head, body, credit, category, comments] = [
      await box('Headline'),
      (await content.boundingBox())!,
      await box('Credit'),
      await box('Category'),
      await box('Editorial Comments'),
    ];
    expect(Math.abs(category.y - head.y)).toBeLessThanOrEqual(2);
    for (const writing of [head, body, credit]) expect(category.x).toBeGreaterThan(writing.x + writing.width);
    expect(comments.x).toBe(category.x);
    // Caption and Credit side by side: their boxes level and the same height, though only Credit has a hint.
    const caption = await box('Caption');
    expect([caption.y, caption.height]).toEqual([credit.y, credit.height]);
    // The writing keeps a readable width, the settings column its own.
    expect(body.width).toBeGreaterThan(600);
    expect(category.width).toBeLessThanOrEqual(340);
    // By keyboard the writing comes first: from the picture's credit, Tab reaches the section.
    await page.getByLabel('Credit', { exact: true }).focus();
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('categoryId');

    // Narrower, one column: the settings under the picture, aligned with the headline.
    await page.setViewportSize({ width: 1099, height: 800 });
    const [narrowHead, narrowCredit, narrowCategory] = [
      await box('Headline'),
      await box('Credit'),
      await box('Category'),
    ];
    expect(narrowCategory.x).toBe(narrowHead.x);
    expect(narrowCategory.y).toBeGreaterThan(narrowCredit.y + narrowCredit.height);
  });

  it('at 390 px, a text box grows with what is typed, from its rows to 60% of the window, then scrolls; emptied, it is its rows again', async () => {
    const [row] = await insertArticles(running.database, running.app, [{ headline: 'Heron Files Noise Complaint' }]);
    const page = await web.newPage({ width: 390, height: 800 });
    await openSignedIn(page, running, `${running.baseUrl}/admin/articles/${row!.id}?edit=1`);
    const summary = page.getByLabel('Summary', { exact: true });
    const comments = page.getByLabel('Editorial Comments', { exact: true });
    const size = (box: typeof summary) =>
      box.evaluate((e) => ({
        height: e.getBoundingClientRect().height,
        line: parseFloat(getComputedStyle(e).lineHeight),
        scrolls: e.scrollHeight > e.clientHeight + 1,
      }));

    await summary.fill('');
    const empty = await size(summary);
    // Its three rows: three lines, its padding and border.
    expect(empty.height).toBeCloseTo(3 * empty.line + 14, 0);
    expect((await size(comments)).height).toBeCloseTo(4 * empty.line + 14, 0);

    // Typed past three lines, the box is as tall as the text: nothing hidden behind a scroll bar.
    await summary.click();
    await page.keyboard.type('A heron has filed a formal noise complaint against the pond frogs. ', { delay: 0 });
    await page.keyboard.type('The frogs deny everything and have hired a toad. '.repeat(3));
    const typed = await size(summary);
    expect(typed.height).toBeGreaterThan(empty.height + 2 * empty.line);
    expect(typed.scrolls).toBe(false);

    // A very long one stops at 60% of the window and scrolls inside.
    await summary.fill('A line of its own.\n'.repeat(60));
    const long = await size(summary);
    expect(long.height).toBeCloseTo(0.6 * 800, 0);
    expect(long.scrolls).toBe(true);

    await summary.fill('');
    expect((await size(summary)).height).toBeCloseTo(empty.height, 0);
  });

  it('at 360 px: search the list, restore from the trash, filter the audit trail, without sideways scrolling', async () => {
    const page = await web.newPage({ width: 360, height: 740 });
    const noSideways = async () =>
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await openSignedIn(page, running, `${running.baseUrl}/admin/articles/new`);
    const id = await createDraft(page, 'Seagull Steals Entire Pier');
    await noSideways();
    await page.getByRole('button', { name: 'Delete', exact: true }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
    await page.waitForURL((u) => !u.pathname.endsWith(`/articles/${id}`));

    await page.goto(`${running.baseUrl}/admin/articles`);
    await page.getByLabel('Search headlines').fill('seagull');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await page.getByText('No articles found.').waitFor();
    expect(new URL(page.url()).searchParams.get('search')).toBe('seagull');
    await page.getByLabel('Status').selectOption({ label: 'Trash' });
    const row = page.locator('.admin-row', { hasText: 'Seagull Steals Entire Pier' });
    await row.getByText('Deleted', { exact: true }).waitFor();
    await noSideways();
    await row.getByRole('button', { name: 'Restore Seagull Steals Entire Pier' }).click();
    await page.getByText('The trash is empty.').waitFor();
    await page.getByLabel('Status').selectOption({ label: 'All Articles' });
    const restored = page.locator('.admin-row', { hasText: 'Seagull Steals Entire Pier' });
    await restored.waitFor();
    // On a phone the headline sits beside the thumbnail, and the meta line takes the row's whole width
    // under them, from the checkbox's edge.
    const [thumb, headline, meta] = await Promise.all([
      restored.locator('.admin-row__thumb').boundingBox(),
      restored.getByRole('link', { name: 'Seagull Steals Entire Pier', exact: true }).boundingBox(),
      restored.locator('.admin-row__meta').boundingBox(),
    ]);
    expect(headline!.x).toBeGreaterThan(thumb!.x + thumb!.width);
    expect(meta!.x).toBeLessThan(thumb!.x);
    expect(meta!.y).toBeGreaterThanOrEqual(thumb!.y + thumb!.height);

    // On a phone the header's links are behind Menu.
    await openAdminMenu(page);
    await page.getByRole('link', { name: 'Audit', exact: true }).click();
    await page.getByRole('heading', { level: 1, name: 'Audit Trail' }).waitFor();
    await page.getByLabel('Action').selectOption({ label: 'Moved to the Trash' });
    await page.waitForURL((u) => u.searchParams.get('action') === 'delete');
    const entries = page.getByRole('row').filter({ hasText: 'Seagull Steals Entire Pier' });
    await expect.poll(() => entries.count()).toBe(1);
    expect(await entries.first().textContent()).toContain('Moved to the Trash');
    await noSideways();
  });

  it("at 360 px, by keyboard: the search and social title and description reach the public page's head, and cleared, the headline comes back", async () => {
    const headline = 'Pelican Appointed Harbour Master';
    const [row] = await insertArticles(running.database, running.app, [
      { headline, summary: 'The pelican takes the keys to the harbour.' },
    ]);
    const page = await web.newPage({ width: 360, height: 740 });
    const noSideways = async () =>
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    /** The public page's <title> and meta description as the server sends them. */
    const publicHead = async () => {
      const html = await (await fetch(`${running.baseUrl}/article/${row!.slug}`)).text();
      return {
        title: /<title>([^<]*)<\/title>/.exec(html)?.[1],
        description: /<meta name="description" content="([^"]*)"/.exec(html)?.[1],
      };
    };
    const save = async () => {
      await page.getByRole('button', { name: 'Save changes' }).click();
      await page.waitForURL((u) => !u.searchParams.has('edit'));
      await page.getByRole('heading', { level: 1, name: headline }).waitFor();
    };
    expect(await publicHead()).toEqual({
      title: `${headline} | The Daily Smear`,
      description: 'The pelican takes the keys to the harbour.',
    });

    await openSignedIn(page, running, `${running.baseUrl}/admin/articles/${row!.id}?edit=1`);
    await page.getByRole('heading', { level: 1, name: 'Edit Article' }).waitFor();
    // Closed at first; opened from the keyboard, the focus visible on it.
    const toggle = page.locator('summary', { hasText: 'Search and social' });
    expect(await toggle.evaluate((el) => (el.parentElement as HTMLDetailsElement).open)).toBe(false);
    await toggle.focus();
    await page.keyboard.press('Enter');
    expect(await toggle.evaluate((el) => el.matches(':focus-visible'))).toBe(true);
    const title = page.getByLabel('Search and social title');
    const description = page.getByLabel('Search and social description');
    expect(await title.getAttribute('placeholder')).toBe(headline);
    expect(await description.getAttribute('placeholder')).toBe('The pelican takes the keys to the harbour.');
    await page.keyboard.press('Tab');
    expect(await title.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.type('Pelican runs the harbour');
    await page.keyboard.press('Tab');
    await page.keyboard.type('A pelican now holds the harbour keys, and the gulls are not pleased.');
    await page.getByText('24 / 70').waitFor();
    const preview = page.getByRole('region', { name: 'Search result preview' });
    expect(await preview.locator('.search-social__preview-title').textContent()).toBe('Pelican runs the harbour');
    expect(await preview.locator('.search-social__preview-address').textContent()).toBe(
      `${running.baseUrl}/article/${row!.slug}`,
    );
    await noSideways();
    await save();
    const shown = page.getByRole('region', { name: 'Search and social' });
    await shown.getByText('Pelican runs the harbour').waitFor();
    expect(await publicHead()).toEqual({
      title: 'Pelican runs the harbour | The Daily Smear',
      description: 'A pelican now holds the harbour keys, and the gulls are not pleased.',
    });
    // In the browser too, once the page has run its script.
    const reader = await web.newPage();
    await reader.goto(`${running.baseUrl}/article/${row!.slug}`);
    await reader.getByRole('heading', { level: 1, name: headline }).waitFor();
    await expect.poll(() => reader.title()).toBe('Pelican runs the harbour | The Daily Smear');

    // Cleared: the headline and the summary again.
    await page.getByRole('button', { name: 'Edit', exact: true }).click();
    await page.getByRole('heading', { level: 1, name: 'Edit Article' }).waitFor();
    expect(await toggle.evaluate((el) => (el.parentElement as HTMLDetailsElement).open)).toBe(true);
    await title.fill('');
    await description.fill('');
    await save();
    expect(await page.getByRole('region', { name: 'Search and social' }).count()).toBe(0);
    expect(await publicHead()).toEqual({
      title: `${headline} | The Daily Smear`,
      description: 'The pelican takes the keys to the harbour.',
    });
    await openUntil(
      reader,
      `${running.baseUrl}/article/${row!.slug}`,
      async () => {
        await reader.getByRole('heading', { level: 1, name: headline }).waitFor();
        return reader.title();
      },
      `${headline} | The Daily Smear`,
    );
  });
});
