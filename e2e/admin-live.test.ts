import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { AdminLiveEntry } from '../common/live-contract.ts';
import { startFakeFacebook, type FakeFacebook } from '../server/src/fakes/facebook.ts';
import { startFakeX, type FakeX } from '../server/src/fakes/x.ts';
import { createSocial } from '../server/src/sharing/social-clients.ts';
import { connectX } from '../server/src/test-support/shares.ts';
import { fakeProviderEnv } from '../server/src/test-support/test-app.ts';
import { startApp, type RunningApp } from './support/app.ts';
import { insertArticles } from './support/articles.ts';
import { ACTION_TIMEOUT_MS, useBrowser } from './support/browser.ts';
import { guardNetwork } from './support/network.ts';
import { EDITOR } from './support/sign-in.ts';
import { putCaretAtEnd } from './support/caret.ts';
import { openSignedIn } from './support/signed-in.ts';
import { adminRequest } from './support/admin-request.ts';
import { axeViolations } from './support/axe.ts';

const web = useBrowser();
const PHONE = { width: 390, height: 844 };

/** The composer's editor. */
const composer = (page: Page) => page.getByRole('textbox', { name: 'Entry', exact: true });
const entries = (page: Page) => page.getByRole('list', { name: 'Entries, newest first' }).locator(':scope > li');
/** Each entry's text, newest first, as the console shows it. */
const entryTexts = (page: Page) => entries(page).locator('.admin-live-entry__body').allInnerTexts();

describe('the live console', () => {
  let running: RunningApp;
  /** An editor's token minted for each request: one minted in beforeAll expires if the file outlasts its lifetime. */
  const authorization = () => running.bearer({ sub: '1', name: 'E2E Editor', preferred_username: EDITOR.username });
  let x: FakeX;
  let fb: FakeFacebook;

  const api = <T>(method: string, path: string, payload?: unknown) =>
    adminRequest<T>(running.baseUrl, authorization, method, path, payload);
  const listEntries = async (id: number) =>
    (await api<{ entries: AdminLiveEntry[] }>('GET', `/api/admin/articles/${id}/live/entries`)).entries;

  /**
   * A live story's console with `words` typed in its composer; a colleague (Dana Desk) then puts the
   * story in the Trash, and the editor presses Ctrl+Enter. `colleague` sends Dana's requests on the story.
   */
  async function trashedMidEntry(headline: string, words: string) {
    const [story] = await insertArticles(running.database, running.app, [{ headline }]);
    await api('POST', `/api/admin/articles/${story!.id}/live/start`);
    const page = await web.newPage();
    await openSignedIn(page, running, `${running.baseUrl}/admin/articles/${story!.id}/live`);
    await composer(page).click();
    await page.keyboard.type(words);
    const dana = { authorization: await running.bearer({ sub: 'colleague-dana', name: 'Dana Desk' }) };
    const colleague = (method: string, path = '') =>
      fetch(`${running.baseUrl}/api/admin/articles/${story!.id}${path}`, { method, headers: dana });
    expect((await colleague('DELETE')).status).toBeLessThan(300);
    await page.keyboard.press('Control+Enter');
    return { story, page, colleague };
  }

  beforeAll(async () => {
    // X connected (the fake), Facebook not: a key event can be posted to X only.
    x = await startFakeX();
    fb = await startFakeFacebook();
    running = await startApp({ seed: false, env: { ...fakeProviderEnv(x, fb), JOBS_POLL_MS: '50' } });
    await connectX(createSocial(running.config, running.database), x, running.config.siteName);
  });
  afterAll(async () => {
    await running?.close();
    await x?.close();
    await fb?.close();
  });

  it('an editor starts coverage, posts with Ctrl+Enter, marks a key event, edits, deletes and ends coverage', async () => {
    const [story] = await insertArticles(running.database, running.app, [{ headline: 'Goat Runs For Mayor' }]);
    const context = await web.newContext();
    context.setDefaultTimeout(ACTION_TIMEOUT_MS);
    const net = await guardNetwork(context);
    const page = await context.newPage();
    await openSignedIn(page, running, `${running.baseUrl}/admin/articles/${story!.id}`);

    const panel = page.getByRole('region', { name: 'Live coverage' });
    await panel.getByRole('button', { name: 'Start live coverage' }).click();
    await panel.getByText(/since/).waitFor();
    await panel.getByRole('link', { name: 'Open live console' }).click();
    await page.getByRole('heading', { level: 1, name: 'Goat Runs For Mayor' }).waitFor();
    expect(new URL(page.url()).pathname).toBe(`/admin/articles/${story!.id}/live`);

    // Ctrl+Enter posts (no line break), and the composer is empty and focused for the next one.
    await composer(page).click();
    await page.keyboard.type('Polls open in the village.');
    await page.keyboard.press('Control+Enter');
    await expect.poll(() => entryTexts(page)).toEqual(['Polls open in the village.']);
    await expect.poll(() => composer(page).textContent()).toBe('');
    // The focus comes once the new editor is editable again (the post's request has settled).
    await expect.poll(() => composer(page).evaluate((el) => el === document.activeElement)).toBe(true);

    // A key event, with the button, posted to X (connected); Facebook is not connected.
    await page.keyboard.type('The goat wins by a landslide.');
    const toX = page.getByRole('checkbox', { name: 'Post to X' });
    expect(await toX.isDisabled()).toBe(true);
    await page.getByRole('checkbox', { name: 'Key event' }).check();
    expect(await toX.isDisabled()).toBe(false);
    expect(await toX.isChecked()).toBe(false);
    expect(await page.getByRole('checkbox', { name: 'Post to Facebook' }).isDisabled()).toBe(true);
    await toX.check();
    // A reload in the middle of coverage keeps the entry not yet posted, with its choices.
    await page.reload();
    await expect.poll(() => composer(page).textContent()).toBe('The goat wins by a landslide.');
    expect(await page.getByRole('checkbox', { name: 'Key event' }).isChecked()).toBe(true);
    expect(await toX.isChecked()).toBe(true);
    await page.getByRole('button', { name: 'Post', exact: true }).click();
    await expect.poll(() => entryTexts(page)).toEqual(['The goat wins by a landslide.', 'Polls open in the village.']);
    await entries(page).first().getByText('Key event').waitFor();
    let stored = await listEntries(story!.id);
    expect(stored.map((e) => [e.keyEvent, e.shareToX, e.shareToFacebook])).toEqual([
      [true, true, false],
      [false, false, false],
    ]);
    // The share job posts the key event on X.
    await expect.poll(() => x.posts.map((p) => p.text).join('\n')).toContain('landslide');

    // Edit the older entry in place.
    const older = entries(page).nth(1);
    await older.getByRole('button', { name: /^Edit the entry of/ }).click();
    const edit = page.getByRole('textbox', { name: 'Entry text' });
    await putCaretAtEnd(page, edit, 'End');
    await page.keyboard.type(' Queues are long.');
    // A reload in the middle of the correction opens that entry's form again, with it.
    await page.reload();
    const reopened = page.getByRole('form', { name: /^Edit the entry of/ });
    await expect
      .poll(() => reopened.getByRole('textbox', { name: 'Entry text' }).textContent())
      .toBe('Polls open in the village. Queues are long.');
    expect(await entries(page).nth(1).getByRole('form').count()).toBe(1);
    await reopened.getByRole('button', { name: 'Save' }).click();
    await expect
      .poll(() => entryTexts(page))
      .toEqual(['The goat wins by a landslide.', 'Polls open in the village. Queues are long.']);
    stored = await listEntries(story!.id);
    expect(stored[1]!.version).toBe(2);

    // Delete the key event, after the confirmation.
    await entries(page)
      .first()
      .getByRole('button', { name: /^Delete the entry of/ })
      .click();
    await page.getByRole('alertdialog', { name: 'Delete this entry?' }).getByRole('button', { name: 'Delete' }).click();
    await expect.poll(() => entryTexts(page)).toEqual(['Polls open in the village. Queues are long.']);
    expect((await listEntries(story!.id)).length).toBe(1);

    // End coverage (asks first); it can resume.
    await page.getByRole('button', { name: 'End coverage' }).click();
    await page
      .getByRole('alertdialog', { name: 'End live coverage?' })
      .getByRole('button', { name: 'End coverage' })
      .click();
    await page.getByRole('button', { name: 'Resume coverage' }).waitFor();
    const article = await api<{ liveStartedAt: string | null; liveEndedAt: string | null }>(
      'GET',
      `/api/admin/articles/${story!.id}`,
    );
    expect(article.liveStartedAt).toBeTruthy();
    expect(article.liveEndedAt).toBeTruthy();
    expect(net.external).toEqual([]);
  });

  it('two editors post at once and both see both entries, in the same order', async () => {
    const [story] = await insertArticles(running.database, running.app, [{ headline: 'Two Desks One Goat' }]);
    await api('POST', `/api/admin/articles/${story!.id}/live/start`);
    const url = `${running.baseUrl}/admin/articles/${story!.id}/live`;
    const pages: Page[] = [];
    const streams: (() => string[])[] = [];
    for (const [name, size] of [
      ['Ann Editor', undefined],
      ['Bob Editor', PHONE],
    ] as const) {
      const context = await web.newContext(size);
      context.setDefaultTimeout(ACTION_TIMEOUT_MS);
      const net = await guardNetwork(context);
      streams.push(() => net.requests.filter((u) => new URL(u).pathname === '/live/stream'));
      const page = await context.newPage();
      await openSignedIn(page, running, url, { username: EDITOR.username, name });
      await composer(page).click();
      await page.keyboard.type(`${name} reporting.`);
      pages.push(page);
    }
    // Both press Ctrl+Enter at the same moment.
    await Promise.all(pages.map((p) => p.keyboard.press('Control+Enter')));
    await expect.poll(async () => (await listEntries(story!.id)).length).toBe(2);
    const stored = await listEntries(story!.id);
    const expected = stored.map((e) => textOf(e.bodyHtml));
    expect([...expected].sort()).toEqual(['Ann Editor reporting.', 'Bob Editor reporting.']);
    // Each console shows the other's entry, newest first as the API orders them: at once, told by the
    // readers' live stream of the story (the entries' polling is the fallback).
    for (const stream of streams) expect(stream()).toEqual([`${running.baseUrl}/live/stream?article=${story!.id}`]);
    for (const page of pages) {
      await expect.poll(() => entryTexts(page)).toEqual(expected);
      expect(await entries(page).locator('.admin-live-entry__meta').allInnerTexts()).toEqual([
        expect.stringContaining(stored[0]!.author),
        expect.stringContaining(stored[1]!.author),
      ]);
    }
    expect(stored.map((e) => e.author).sort()).toEqual(['Ann Editor', 'Bob Editor']);
  });

  it('two editors correct one entry: the later save shows the other’s text, and Save mine wins', async () => {
    const [story] = await insertArticles(running.database, running.app, [{ headline: 'Goat Recount Ordered' }]);
    await api('POST', `/api/admin/articles/${story!.id}/live/start`);
    await api('POST', `/api/admin/articles/${story!.id}/live/entries`, {
      body: { type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text: 'Recount at noon.' }] }] },
    });
    const url = `${running.baseUrl}/admin/articles/${story!.id}/live`;
    const pages: Page[] = [];
    for (const name of ['Ann Editor', 'Bob Editor']) {
      const context = await web.newContext();
      context.setDefaultTimeout(ACTION_TIMEOUT_MS);
      await guardNetwork(context);
      const page = await context.newPage();
      await openSignedIn(page, running, url, { username: EDITOR.username, name });
      await entries(page)
        .first()
        .getByRole('button', { name: /^Edit the entry of/ })
        .click();
      await putCaretAtEnd(page, page.getByRole('textbox', { name: 'Entry text' }), 'End');
      pages.push(page);
    }
    const [ann, bob] = pages as [Page, Page];
    await ann.keyboard.type(' Ann says one.');
    await ann.keyboard.press('Control+Enter');
    await expect.poll(() => entryTexts(ann)).toEqual(['Recount at noon. Ann says one.']);
    await bob.keyboard.type(' Bob says two.');
    await bob.keyboard.press('Control+Enter');
    const conflict = bob.getByRole('form', { name: /^Edit the entry of/ }).getByRole('alert');
    await conflict.getByText(/^Ann Editor changed this entry while you were editing it/).waitFor();
    await conflict.getByText('Recount at noon. Ann says one.').waitFor();
    await conflict.getByRole('button', { name: 'Save mine' }).click();
    await expect.poll(() => entryTexts(bob)).toEqual(['Recount at noon. Bob says two.']);
    // Ann's console catches up with the poll.
    await expect.poll(() => entryTexts(ann)).toEqual(['Recount at noon. Bob says two.']);
    const [stored] = await listEntries(story!.id);
    expect(stored!.version).toBe(3);
  });

  it('a colleague puts the story in the Trash mid-entry: Post says so, the entry waits in the tab, and is posted once the story is restored', async () => {
    const { story, page } = await trashedMidEntry('Goat Story Binned', 'The goat appeals.');
    const heading = page.getByRole('heading', { level: 1, name: 'This story is in the Trash' });
    await heading.waitFor();
    await expect.poll(() => heading.evaluate((el) => el === document.activeElement)).toBe(true);
    await page
      .getByText('What you were writing here is kept in this browser tab: it comes back once the story is restored.')
      .waitFor();
    const stored = () =>
      running.database.db.selectFrom('live_entries').select('id').where('article_id', '=', story!.id).execute();
    expect(await stored()).toEqual([]);
    expect(await axeViolations(page)).toEqual([]);
    // From the story's screen, Restore; its console opens with the entry, and it is posted.
    await page.getByRole('link', { name: '← Article' }).click();
    await page.getByRole('heading', { name: 'This article was deleted' }).waitFor();
    await page
      .getByText(
        'Your live coverage not yet posted is kept in this browser tab: restore it to post it from the live console.',
      )
      .waitFor();
    await page.getByRole('button', { name: 'Restore', exact: true }).click();
    await page.getByRole('heading', { level: 1, name: 'Goat Story Binned' }).waitFor();
    await page.getByRole('link', { name: 'Open live console' }).click();
    await expect.poll(() => composer(page).textContent()).toBe('The goat appeals.');
    await page.getByRole('button', { name: 'Post', exact: true }).click();
    await expect.poll(() => entryTexts(page)).toEqual(['The goat appeals.']);
    expect(await stored()).toHaveLength(1);
  });

  it('a colleague restores the story: the Trash screen gives way to the console on its own, the entry back in its composer', async () => {
    const { page, colleague } = await trashedMidEntry('Goat Story Unbinned', 'The goat is back.');
    await page.getByRole('heading', { level: 1, name: 'This story is in the Trash' }).waitFor();
    expect((await colleague('POST', '/restore')).status).toBe(200);
    // Nobody reloads: the console asks for the story again while it is in the Trash.
    const headline = page.getByRole('heading', { level: 1, name: 'Goat Story Unbinned' });
    await headline.waitFor();
    await expect.poll(() => headline.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.getByRole('status').filter({ hasText: 'This story is out of the Trash again' }).waitFor();
    // Its entries are read again at once: no poll refused while in the Trash is left saying so.
    await expect.poll(() => page.getByText(/the list may be out of date/).count()).toBe(0);
    await expect.poll(() => composer(page).textContent()).toBe('The goat is back.');
    expect(await axeViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Post', exact: true }).click();
    await expect.poll(() => entryTexts(page)).toEqual(['The goat is back.']);
  });

  it('a colleague deletes the story for good: the console says who and when, and the entry not posted is there to copy until discarded', async () => {
    const { story, page, colleague } = await trashedMidEntry('Goat Story Shredded', 'The goat was framed.');
    await page.getByRole('heading', { level: 1, name: 'This story is in the Trash' }).waitFor();
    expect((await colleague('POST', '/purge')).status).toBe(204);
    // Nobody reloads: the console, asking for the story while it is in the Trash, finds it gone for good.
    const heading = page.getByRole('heading', { level: 1, name: 'This article was deleted for good' });
    await heading.waitFor();
    await expect.poll(() => heading.evaluate((el) => el === document.activeElement)).toBe(true);
    await page
      .getByText(/^“Goat Story Shredded” was deleted for good by Dana Desk on .+: it cannot be restored\.$/)
      .waitFor();
    const kept = page.getByRole('textbox', { name: 'Your entry not yet posted' });
    expect(await kept.inputValue()).toBe('The goat was framed.');
    expect(await kept.getAttribute('readonly')).not.toBeNull();
    expect(await axeViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Discard it' }).click();
    expect(await kept.count()).toBe(0);
    await expect.poll(() => heading.evaluate((el) => el === document.activeElement)).toBe(true);
    // Its screen says the same; the trail's deletions are a link away.
    await page.goto(`${running.baseUrl}/admin/articles/${story!.id}`);
    await page.getByRole('heading', { level: 1, name: 'This article was deleted for good' }).waitFor();
    expect(await page.getByText(/kept in this browser tab/).count()).toBe(0);
    await page.getByRole('link', { name: 'Deletions in the audit trail' }).click();
    await page
      .getByRole('row')
      .filter({ hasText: 'Goat Story Shredded' })
      .filter({ hasText: 'Dana Desk' })
      .first()
      .waitFor();
  });

  it("a key event X refused: the console and the dashboard say so, Retry posts it once, and the entry's deletion can take the post", async () => {
    const [story] = await insertArticles(running.database, running.app, [{ headline: 'Goat Refused By X' }]);
    await api('POST', `/api/admin/articles/${story!.id}/live/start`);
    const context = await web.newContext();
    context.setDefaultTimeout(ACTION_TIMEOUT_MS);
    await guardNetwork(context);
    const page = await context.newPage();
    x.fail('not-enrolled', ['tweets']);
    try {
      await openSignedIn(page, running, `${running.baseUrl}/admin/articles/${story!.id}/live`);
      await composer(page).click();
      await page.keyboard.type('The goat demands a recount.');
      await page.getByRole('checkbox', { name: 'Key event' }).check();
      await page.getByRole('checkbox', { name: 'Post to X' }).check();
      await page.keyboard.press('Control+Enter');
      await expect.poll(() => entryTexts(page)).toEqual(['The goat demands a recount.']);
      const [entry] = await listEntries(story!.id);
      // The console says so under the entry, with X's reason.
      const posts = page.getByRole('list', { name: /^Posts of the entry of / });
      await posts.getByText('X: Failed').waitFor({ timeout: 15_000 });
      expect(await posts.textContent()).toContain('client-not-enrolled');

      // The dashboard: the failed post, said to be the live coverage's, its headline leading to the console.
      const row = page.getByTestId('failed-share').filter({ hasText: 'Goat Refused By X' });
      await expect
        .poll(
          async () => {
            await page.goto(`${running.baseUrl}/admin`);
            await page.locator('section.shares-failed[aria-busy="false"]').waitFor();
            return row.count();
          },
          { timeout: 15_000 },
        )
        .toBe(1);
      expect(await row.textContent()).toContain('A key event of the live coverage');
      expect(await row.textContent()).toContain('X: Failed');
      expect(await row.getByRole('link', { name: 'Goat Refused By X' }).getAttribute('href')).toBe(
        `/admin/articles/${story!.id}/live`,
      );
      x.fail(null);
      await row.getByRole('button', { name: 'Retry the X post of a key event of Goat Refused By X' }).focus();
      await page.keyboard.press('Enter');
      const link = `/article/${story!.slug}#entry-${entry!.id}`;
      await expect.poll(() => x.posts.filter((p) => p.text.includes(link)).length, { timeout: 15_000 }).toBe(1);
      // The list is asked again after Retry: the post is no longer a failed one.
      await row.waitFor({ state: 'detached' });
      await page.getByText('No post failed in the last 7 days.').waitFor();
      // Back in the console (the dashboard's link), the entry's post is there, with its link.
      await page.goto(`${running.baseUrl}/admin/articles/${story!.id}/live`);
      await posts.getByText('X: Posted').waitFor();
      expect(await posts.getByRole('link', { name: 'View post on X' }).getAttribute('href')).toMatch(/^https?:\/\//);

      // Deleting the entry, the editor chooses to delete its post on X too: both are gone.
      const postId = x.posts.find((p) => p.text.includes(link))!.id;
      await entries(page)
        .first()
        .getByRole('button', { name: /^Delete the entry of/ })
        .click();
      const dialog = page.getByRole('alertdialog', { name: 'Delete this entry?' });
      await dialog.getByRole('checkbox', { name: 'Also delete its post on X' }).check();
      await dialog.getByRole('button', { name: 'Delete' }).click();
      await page.getByText('No entries yet.').waitFor();
      expect(x.deleted).toContain(postId);
    } finally {
      x.fail(null);
      await context.close();
    }
  });

  it("unpublishing a live story, the editor deletes its post and its key event's on X too", async () => {
    const [story] = await insertArticles(running.database, running.app, [
      { headline: 'Goat Withdrawn From Race', published_at: null },
    ]);
    await api('POST', `/api/admin/articles/${story!.id}/live/start`);
    // Published: its own post goes to X (connected); then a key event posted to X.
    await api('POST', `/api/admin/articles/${story!.id}/publish`);
    const entry = await api<AdminLiveEntry>('POST', `/api/admin/articles/${story!.id}/live/entries`, {
      body: { type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text: 'The goat withdraws.' }] }] },
      keyEvent: true,
      shareToX: true,
    });
    const own = `/article/${story!.slug}`;
    const ofEntry = `${own}#entry-${entry.id}`;
    const postOf = (link: string) => x.posts.find((p) => p.text.endsWith(link))?.id;
    await expect.poll(() => [postOf(own), postOf(ofEntry)].every(Boolean), { timeout: 15_000 }).toBe(true);
    // The share rows say 'posted' once the worker has recorded the provider's answer.
    await expect
      .poll(async () => (await listEntries(story!.id))[0]!.posts.map((p) => p.state), { timeout: 15_000 })
      .toEqual(['posted']);

    const context = await web.newContext();
    context.setDefaultTimeout(ACTION_TIMEOUT_MS);
    await guardNetwork(context);
    const page = await context.newPage();
    try {
      await openSignedIn(page, running, `${running.baseUrl}/admin/articles/${story!.id}`);
      const ownOnX = page.getByTestId('share-x').first();
      await expect.poll(() => ownOnX.getAttribute('data-state')).toBe('posted');
      await page.getByRole('button', { name: 'Unpublish', exact: true }).click();
      const ask = page.getByRole('alertdialog', { name: 'Unpublish this article?' });
      await ask.getByRole('checkbox', { name: "Also delete its 2 posts on X (the story's and a key event's)" }).check();
      await ask.getByRole('button', { name: 'Unpublish' }).click();
      await page.getByRole('button', { name: 'Publish', exact: true }).waitFor();
      expect(x.deleted).toEqual(expect.arrayContaining([postOf(own), postOf(ofEntry)]));
      await expect.poll(() => ownOnX.getAttribute('data-state')).toBe('deleted');

      // The console says so under the key event.
      await page.goto(`${running.baseUrl}/admin/articles/${story!.id}/live`);
      const posts = page.getByRole('list', { name: /^Posts of the entry of / });
      await posts.getByText('X: Post deleted').waitFor();
      expect(await posts.getByRole('link', { name: 'View post on X' }).count()).toBe(0);
    } finally {
      await context.close();
    }
  });

  it('at 390 px, from the keyboard alone: post a key event, then delete it; nothing scrolls sideways', async () => {
    const [story] = await insertArticles(running.database, running.app, [{ headline: 'Goat Keyboard Coverage' }]);
    await api('POST', `/api/admin/articles/${story!.id}/live/start`);
    const context = await web.newContext(PHONE);
    context.setDefaultTimeout(ACTION_TIMEOUT_MS);
    await guardNetwork(context);
    const page = await context.newPage();
    await openSignedIn(page, running, `${running.baseUrl}/admin/articles/${story!.id}/live`);
    const focused = () =>
      page.evaluate(() => {
        const el = document.activeElement as HTMLElement | null;
        if (el?.getAttribute('role') === 'textbox') return 'textbox';
        return ((el as HTMLInputElement | null)?.labels?.[0]?.textContent ?? el?.textContent ?? '').trim();
      });
    await composer(page).waitFor();
    // The composer goes on below the window, and Post is in view at its foot (a phone has no Ctrl+Enter).
    const post = page.getByRole('button', { name: 'Post', exact: true });
    const bar = post.locator('..');
    const postBox = (await post.boundingBox())!;
    expect(postBox.y + postBox.height).toBeLessThanOrEqual(PHONE.height);
    expect(postBox.y).toBeGreaterThan(PHONE.height - 100);
    expect(await bar.evaluate((el) => el.closest('form')!.getBoundingClientRect().bottom)).toBeGreaterThan(
      PHONE.height + 50,
    );
    await page.getByRole('button', { name: 'End coverage' }).focus();
    await page.keyboard.press('Tab'); // the toolbar: one tab stop
    expect(await page.evaluate(() => document.activeElement?.closest('[role="toolbar"]') !== null)).toBe(true);
    // On a phone the toolbar is one row that scrolls sideways: End reaches its last button, brought into
    // view inside the row; Home goes back to the first.
    const toolbar = page.getByRole('toolbar', { name: 'Formatting' });
    const tops = await toolbar
      .getByRole('button')
      .evaluateAll((els) => els.map((el) => el.getBoundingClientRect().top));
    expect(new Set(tops).size).toBe(1);
    await page.keyboard.press('End');
    expect(await focused()).toBe('Redo');
    const [row, redo] = [
      await toolbar.boundingBox(),
      await toolbar.getByRole('button', { name: 'Redo' }).boundingBox(),
    ];
    expect(redo!.x).toBeGreaterThanOrEqual(row!.x);
    expect(redo!.x + redo!.width).toBeLessThanOrEqual(row!.x + row!.width);
    await page.keyboard.press('Home');
    expect(await focused()).toBe('Bold');
    await page.keyboard.press('Tab');
    expect(await focused()).toBe('textbox');
    await page.keyboard.type('Goat keyboard entry.');
    await page.keyboard.press('Tab');
    expect(await focused()).toBe('Key event');
    await page.keyboard.press('Space');
    await page.keyboard.press('Tab');
    expect(await focused()).toBe('Post to X');
    // Reached by Tab, the box stops above the Post bar, not under it.
    const [boxBottom, barTop] = await Promise.all([
      page.evaluate(() => document.activeElement!.getBoundingClientRect().bottom),
      bar.evaluate((el) => el.getBoundingClientRect().top),
    ]);
    expect(boxBottom).toBeLessThanOrEqual(barTop);
    // Ctrl+Enter from anywhere in the composer posts.
    await page.keyboard.press('Control+Enter');
    await expect.poll(() => entryTexts(page)).toEqual(['Goat keyboard entry.']);
    expect((await listEntries(story!.id))[0]!.keyEvent).toBe(true);
    const del = entries(page)
      .first()
      .getByRole('button', { name: /^Delete the entry of/ });
    await del.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('alertdialog', { name: 'Delete this entry?' });
    await dialog.waitFor();
    expect(await focused()).toBe('Cancel');
    await page.keyboard.press('Tab');
    expect(await focused()).toBe('Delete');
    await page.keyboard.press('Enter');
    await page.getByText('No entries yet.').waitFor();
    expect(await focused()).toMatch(/^Entries/);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  });
});

/** The text of a rendered entry (one paragraph in these tests). */
function textOf(html: string): string {
  return html
    .replace(/<[^>]+>/g, '')
    .replace(/&amp;/g, '&')
    .trim();
}
