import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { EditorsRepository } from '../server/src/repositories/editors-repository.ts';
import { startApp, type RunningApp } from './support/app.ts';
import { insertArticles } from './support/articles.ts';
import { axeViolations } from './support/axe.ts';
import { DESKTOP, useBrowser } from './support/browser.ts';
import { openSignedIn, signInAgain } from './support/signed-in.ts';
import { EDITOR, signOutClosingPopup } from './support/sign-in.ts';
import { PRESENCE_HEARTBEAT_SECONDS } from '../common/presence-contract.ts';

// Notes on an article (decision 058), walked in headless Chromium against the real app: an editor adds a
// note from the keyboard alone, sees it, reloads and still sees it, and deletes it (a colleague's note
// offers no Delete note); an article in the Trash shows its notes read-only.

const HEADLINE = 'Council Votes To Replace Potholes With Ponds';
const TEXT = 'Check the quote with legal before 6pm.';

/** The focused element's tag, label or text, and outline (a visible ring: a style and a width). */
const focused = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement as HTMLElement;
    const s = getComputedStyle(el);
    const label = el.id ? document.querySelector(`label[for="${CSS.escape(el.id)}"]`)?.textContent : undefined;
    return {
      tag: el.tagName,
      name: label ?? el.textContent?.trim() ?? '',
      style: s.outlineStyle,
      width: parseFloat(s.outlineWidth),
    };
  });

describe('notes on an article', () => {
  let running: RunningApp;
  let id = 0;
  let trashedId = 0;
  const web = useBrowser();

  beforeAll(async () => {
    running = await startApp();
    const [row, trashed] = await insertArticles(running.database, running.app, [
      { headline: HEADLINE, published_at: new Date(Date.now() - 3_600_000).toISOString() },
      { headline: 'A Story In The Trash', deleted_at: new Date(Date.now() - 60_000).toISOString() },
    ]);
    id = row!.id;
    trashedId = trashed!.id;
    // A colleague's note, older than the one the test adds.
    await running.database.db
      .insertInto('article_notes')
      .values(
        [id, trashedId].map((article_id) => ({
          article_id,
          text: 'Picture rights cleared.\nCredit: the pond society',
          created_at: new Date(Date.now() - 600_000).toISOString(),
          author_subject: 'colleague',
          author_name: 'Otto Other',
        })),
      )
      .execute();
  });
  afterAll(async () => {
    await running?.close();
  });

  /** A story published two hours ago with a colleague's note (Otto Other's, five minutes old): its id. */
  const storyWithNote = async (headline: string, text: string) => {
    const [story] = await insertArticles(running.database, running.app, [
      { headline, published_at: new Date(Date.now() - 7_200_000).toISOString() },
    ]);
    await running.database.db
      .insertInto('article_notes')
      .values({
        article_id: story!.id,
        text,
        created_at: new Date(Date.now() - 300_000).toISOString(),
        author_subject: 'colleague',
        author_name: 'Otto Other',
      })
      .execute();
    return story!.id;
  };
  /** The story's screen, signed in: its Notes panel and Add a note. */
  const openNotes = async (storyId: number) => {
    const page = await web.newPage(DESKTOP);
    await openSignedIn(page, running, `${running.baseUrl}/admin/articles/${storyId}`);
    const panel = page.getByRole('region', { name: /^Notes/ });
    return { page, panel, top: panel.getByRole('textbox', { name: 'Add a note' }) };
  };

  it('an editor adds one by keyboard, sees it after a reload, and deletes it; a colleague’s note has no Delete note, and is resolved, reopened and answered; one’s own is edited', async () => {
    const page = await web.newPage(DESKTOP);
    await openSignedIn(page, running, `${running.baseUrl}/admin/articles/${id}`);
    const panel = page.getByRole('region', { name: /^Notes/ });
    await panel.getByRole('heading', { name: 'Notes (1)' }).waitFor();
    const colleague = panel.getByRole('listitem').filter({ hasText: 'Otto Other' });
    expect(await colleague.innerText()).toContain('Picture rights cleared.\nCredit: the pond society');
    // Anyone may answer or resolve a colleague's note; only its author may delete it.
    expect((await colleague.getByRole('button').allInnerTexts()).map((t) => t.split(/\s/)[0])).toEqual([
      'Reply',
      'Resolve',
    ]);

    // Keyboard only: Tab from the top of the page reaches 'Add a note' (its focus ring visible).
    await page.locator('body').focus();
    let reached = false;
    for (let i = 0; i < 80 && !reached; i++) {
      await page.keyboard.press('Tab');
      reached = (await focused(page)).name === 'Add a note';
    }
    expect(reached).toBe(true);
    expect(await focused(page)).toMatchObject({ tag: 'TEXTAREA', style: 'solid' });
    expect((await focused(page)).width).toBeGreaterThan(0);
    // Empty: refused by the field, nothing sent.
    await page.keyboard.press('ControlOrMeta+Enter');
    expect(await panel.getByRole('alert').innerText()).toBe('The note must not be empty.');
    await page.keyboard.type(TEXT);
    await page.keyboard.press('Enter');
    await page.keyboard.type('Then tell the desk.');
    expect(await panel.getByText('58 / 1,000').count()).toBe(1);
    await page.keyboard.press('ControlOrMeta+Enter');
    await panel.getByRole('heading', { name: 'Notes (2)' }).waitFor();
    const items = panel.getByRole('listitem');
    expect(await items.first().innerText()).toContain(`${TEXT}\nThen tell the desk.`);
    expect(await items.first().innerText()).toContain('e2e.editor');
    expect(await panel.getByRole('textbox', { name: 'Add a note' }).inputValue()).toBe('');
    expect(await focused(page)).toMatchObject({ tag: 'TEXTAREA', name: 'Add a note' });
    expect(await axeViolations(page)).toEqual([]);

    await page.reload();
    await panel.getByRole('heading', { name: 'Notes (2)' }).waitFor();
    expect(await items.first().innerText()).toContain(TEXT);

    // The colleague's note is dealt with: Resolve by keyboard, the focus staying on the button, now Reopen.
    await colleague.getByRole('button', { name: /^Resolve note of/ }).focus();
    await page.keyboard.press('Enter');
    await colleague.getByText(/^Resolved by e2e\.editor, /).waitFor();
    await expect.poll(async () => (await focused(page)).name).toMatch(/^Reopen note of/);
    expect(await axeViolations(page)).toEqual([]);
    await page.reload();
    await colleague.getByText(/^Resolved by e2e\.editor, /).waitFor();
    await colleague.getByRole('button', { name: /^Reopen note of/ }).click();
    await colleague.getByRole('button', { name: /^Resolve note of/ }).waitFor();
    expect(await colleague.getByText(/^Resolved by/).count()).toBe(0);

    // Answered by keyboard: Reply opens its field with the focus, Ctrl+Enter sends, the reply sits under
    // the note and the focus is back on Reply.
    await colleague.getByRole('button', { name: /^Reply to the note of/ }).focus();
    await page.keyboard.press('Enter');
    await expect.poll(async () => (await focused(page)).name).toBe('Reply to Otto Other');
    await page.keyboard.type('Credit added to the caption.');
    await page.keyboard.press('ControlOrMeta+Enter');
    const replies = colleague.getByRole('list', { name: 'Replies to Otto Other, oldest first' });
    await replies.getByText('Credit added to the caption.').waitFor();
    expect(await replies.getByRole('listitem').innerText()).toContain('e2e.editor');
    await expect.poll(async () => (await focused(page)).name).toMatch(/^Reply to the note of/);
    expect(await axeViolations(page)).toEqual([]);
    await page.reload();
    await replies.getByText('Credit added to the caption.').waitFor();
    // The heading counts notes, not replies.
    await panel.getByRole('heading', { name: 'Notes (2)' }).waitFor();

    // The editor's own note, edited by keyboard: Edit opens its text in a field, Ctrl+Enter saves, and
    // 'edited' stands beside its time.
    const own = items.first();
    await own.getByRole('button', { name: /^Edit note of/ }).focus();
    await page.keyboard.press('Enter');
    await expect.poll(async () => (await focused(page)).name).toBe('Edit your note');
    // The caret opens after the text: typing goes on from there.
    await page.keyboard.type(' By 5pm.');
    await page.keyboard.press('ControlOrMeta+Enter');
    await own.getByText(/Then tell the desk\. By 5pm\./).waitFor();
    expect(await own.locator('.admin-notes__edited').innerText()).toMatch(/^edited/);
    await expect.poll(async () => (await focused(page)).name).toMatch(/^Edit note of/);
    expect(await axeViolations(page)).toEqual([]);

    await items
      .first()
      .getByRole('button', { name: /^Delete note/ })
      .click();
    const dialog = page.getByRole('alertdialog', { name: 'Delete this note?' });
    await dialog.getByRole('button', { name: 'Delete note' }).click();
    await panel.getByRole('heading', { name: 'Notes (1)' }).waitFor();
    expect(await panel.getByText(TEXT).count()).toBe(0);
    await expect.poll(async () => (await focused(page)).name).toBe('Notes (1)');
  });

  it('an article in the Trash shows its notes, with nothing to add or delete (dark appearance, axe)', async () => {
    const page = await web.newPage({ ...DESKTOP, colorScheme: 'dark' });
    await openSignedIn(page, running, `${running.baseUrl}/admin/articles/${trashedId}`);
    await page.getByRole('heading', { name: 'This article was deleted' }).waitFor();
    const panel = page.getByRole('region', { name: /^Notes/ });
    await panel.getByText('Picture rights cleared.').waitFor();
    expect(await panel.getByRole('textbox').count()).toBe(0);
    expect(await panel.getByRole('button').count()).toBe(0);
    expect(await page.evaluate(() => document.documentElement.getAttribute('data-admin-theme'))).toBe('dark');
    expect(await axeViolations(page)).toEqual([]);
  });

  it('the Dashboard lists a note added through the API first, cut to 100 characters; its headline opens the story with its Notes, as All Articles’ count of open notes does; its link to all stories with open notes filters All Articles', async () => {
    const [story] = await insertArticles(running.database, running.app, [
      { headline: 'Swan Elected Chair Of The Pond Council', published_at: null },
      { headline: 'Heron Keeps Quiet', published_at: null },
    ]);
    const text =
      `Call the pond society back about the swan’s statement before it goes out; ${'they asked twice. '.repeat(4)}`.trim();
    const res = await fetch(`${running.baseUrl}/api/admin/articles/${story!.id}/notes`, {
      method: 'POST',
      headers: {
        authorization: await running.bearer({ sub: 'colleague-dana', name: 'Dana Desk' }),
        'content-type': 'application/json',
      },
      body: JSON.stringify({ text }),
    });
    expect(res.status, await res.clone().text()).toBe(201);

    const page = await web.newPage();
    await openSignedIn(page, running, `${running.baseUrl}/admin`);
    const first = page.getByRole('region', { name: 'Latest notes' }).getByRole('listitem').first();
    await first.getByText('Dana Desk').waitFor();
    expect(await first.innerText()).toContain(`${Array.from(text).slice(0, 100).join('')}...`);
    expect(await first.innerText()).not.toContain(text);
    // On a phone, where the Notes panel is far down the story's screen.
    await page.setViewportSize({ width: 390, height: 844 });
    await first.getByRole('link', { name: 'Swan Elected Chair Of The Pond Council' }).click();
    await page.waitForURL(new RegExp(`/admin/articles/${story!.id}#notes$`));
    await page.getByRole('heading', { level: 1, name: 'Swan Elected Chair Of The Pond Council' }).waitFor();
    await page.getByRole('region', { name: 'Notes (1)' }).getByText(text).waitFor();
    // It lands on the Notes panel: its heading has the focus and is in view (on a phone it is far down).
    const notesHeading = page.getByRole('heading', { level: 2, name: 'Notes (1)' });
    await expect.poll(() => notesHeading.evaluate((el) => el === document.activeElement)).toBe(true);
    await expect
      .poll(() =>
        notesHeading.evaluate((el) => {
          const box = el.getBoundingClientRect();
          // Scrolled to the top of the view (sub-pixel positions round either way).
          return box.bottom > 0 && box.top < window.innerHeight / 2;
        }),
      )
      .toBe(true);

    // The Dashboard's 'See all stories with open notes' opens All Articles filtered to them: the story
    // without notes is left out until the filter is cleared.
    await page.goto(`${running.baseUrl}/admin`);
    await page.getByRole('link', { name: 'See all stories with open notes' }).click();
    await page.waitForURL(/\/admin\/articles\?.*notes=open/);
    const onlyOpen = page.getByRole('checkbox', { name: 'Open notes only' });
    await page.getByRole('link', { name: 'Swan Elected Chair Of The Pond Council' }).first().waitFor();
    expect(await onlyOpen.isChecked()).toBe(true);
    expect(await page.getByRole('link', { name: 'Heron Keeps Quiet' }).count()).toBe(0);
    expect(await axeViolations(page)).toEqual([]);
    await onlyOpen.focus();
    await page.keyboard.press('Space');
    await page.getByRole('link', { name: 'Heron Keeps Quiet' }).first().waitFor();
    expect(page.url()).not.toMatch(/notes=open/);

    // All Articles says how many notes are open on the story, a link to them as well.
    const openNotes = page.getByRole('link', { name: '1 open note on Swan Elected Chair Of The Pond Council' });
    await openNotes.waitFor();
    expect(await openNotes.innerText()).toBe('1 open note');
    expect(await axeViolations(page)).toEqual([]);
    await openNotes.click();
    await page.waitForURL(new RegExp(`/admin/articles/${story!.id}#notes$`));
    await expect.poll(() => notesHeading.evaluate((el) => el === document.activeElement)).toBe(true);
  });

  it('at 390 px by keyboard, @ offers colleagues and Enter mentions one; the note marks the mention, the header counts it new and it is on their Dashboard under Notes for you until they open the story or mark all read', async () => {
    const [story] = await insertArticles(running.database, running.app, [
      { headline: 'Heron Appointed Harbour Master', published_at: null },
    ]);
    const sam = { username: 'sam.editor', name: 'Sam Editor', subject: 'colleague-sam' };
    // A new colleague's account of the built-in sign-in, never signed in yet.
    await new EditorsRepository(running.database).create({
      username: 'lou.local',
      displayName: 'Lou Local',
      password: 'lou-correct-horse-battery',
    });
    // Sam has used the newsroom (their Dashboard open, nothing for them yet): a colleague to mention.
    const samsPage = await web.newPage({ width: 390, height: 844 });
    await openSignedIn(samsPage, running, `${running.baseUrl}/admin`, sam);
    const forSam = samsPage.getByRole('region', { name: 'Notes for you' });
    await forSam.getByText(/No note mentions you yet/).waitFor();

    const page = await web.newPage({ width: 390, height: 844 });
    await openSignedIn(page, running, `${running.baseUrl}/admin/articles/${story!.id}`);
    const panel = page.getByRole('region', { name: /^Notes/ });
    const field = panel.getByRole('textbox', { name: 'Add a note' });
    await field.focus();
    const list = panel.getByRole('listbox', { name: 'Mention a colleague' });
    // Back inside the text, after an '@' and a start: the list offers Sam; Enter puts the mention there
    // (one space after it, the one that followed taken in) and what is typed at once goes after it.
    await page.keyboard.type('Over to @sa and legal');
    await list.waitFor({ state: 'hidden' });
    for (let i = 0; i < ' and legal'.length; i++) await page.keyboard.press('ArrowLeft');
    await list.waitFor();
    // Enter, and text typed in the same moment (no frame drawn between them, as a fast typist's keys come).
    await field.evaluate(async (el) => {
      el.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true, cancelable: true }));
      // The next key is the next task.
      await new Promise((resolve) => setTimeout(resolve, 0));
      document.execCommand('insertText', false, 'please ');
    });
    expect(await field.inputValue()).toBe('Over to @sam.editor please and legal');
    await field.fill('');

    await page.keyboard.type('Legal cleared it. Over to @sa');
    await list.waitFor();
    const options = list.getByRole('option');
    expect(await options.allInnerTexts()).toEqual(['Sam Editor @sam.editor']);
    expect(await options.first().getAttribute('aria-selected')).toBe('true');
    expect(await field.getAttribute('aria-activedescendant')).toBe(await options.first().getAttribute('id'));
    expect(await panel.getByRole('status').filter({ hasText: 'to mention' }).innerText()).toBe(
      '1 colleague to mention: Up and Down to choose, Enter to mention.',
    );
    expect(await axeViolations(page)).toEqual([]);

    // Enter takes it: the username in place of what was typed, the caret after it, the list gone.
    await page.keyboard.press('Enter');
    expect(await field.inputValue()).toBe('Legal cleared it. Over to @sam.editor ');
    await list.waitFor({ state: 'hidden' });
    await page.keyboard.type('for the headline.');
    expect(await field.inputValue()).toBe('Legal cleared it. Over to @sam.editor for the headline.');

    // Another @ lists everyone seen in the newsroom; Escape closes the list and keeps the text.
    await page.keyboard.type(' cc @');
    await list.waitFor();
    expect((await options.allInnerTexts()).length).toBeGreaterThanOrEqual(2);
    await page.keyboard.press('ArrowDown');
    expect(await options.nth(1).getAttribute('aria-selected')).toBe('true');
    await page.keyboard.press('Escape');
    await list.waitFor({ state: 'hidden' });
    expect(await field.inputValue()).toBe('Legal cleared it. Over to @sam.editor for the headline. cc @');
    expect(await field.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.press('Backspace');
    await page.keyboard.press('Backspace');
    await page.keyboard.press('Backspace');
    await page.keyboard.press('Backspace');
    await page.keyboard.press('Control+Enter');

    // The note marks the mention; a screen reader hears the name after it.
    const note = panel.getByRole('listitem').filter({ hasText: 'for the headline' });
    const mention = note.locator('strong.admin-mention');
    await mention.waitFor();
    expect(await mention.textContent()).toBe('@sam.editor (Sam Editor)');
    expect(await mention.locator('.admin-sr-only').textContent()).toBe(' (Sam Editor)');

    // Sam's Dashboard lists it, new to them, and the header counts it on every screen at this width.
    await samsPage.reload();
    const item = forSam.getByRole('listitem').first();
    await item.getByText('Legal cleared it. Over to @sam.editor for the headline.').waitFor();
    expect(await item.innerText()).toContain(EDITOR.username);
    await item.getByText('New', { exact: true }).waitFor();
    await forSam.getByText('1 new mention: each stays new until you open its story.').waitFor();
    const badge = samsPage.getByRole('banner').getByRole('link', { name: '1 new mention' });
    await badge.waitFor();
    expect(await badge.locator('[aria-hidden="true"]').innerText()).toBe('@ 1');
    expect(await axeViolations(samsPage)).toEqual([]);
    // The count leads to Notes for you, its heading taking the focus.
    await badge.click();
    await samsPage.waitForURL(/\/admin#notes-for-you$/);
    await expect.poll(() => samsPage.evaluate(() => document.activeElement?.textContent)).toBe('Notes for you');
    // Its headline opens the story on its Notes: the note says it is for Sam and new, and it is new no more.
    await item.getByRole('link', { name: 'Heron Appointed Harbour Master' }).click();
    await samsPage.waitForURL(new RegExp(`/admin/articles/${story!.id}#notes$`));
    const samsNote = samsPage.getByRole('region', { name: 'Notes (1)' }).getByRole('listitem');
    await samsNote.locator('strong.admin-mention').waitFor();
    await samsNote.getByText('For you', { exact: true }).waitFor();
    await samsNote.getByText('New', { exact: true }).waitFor();
    await badge.waitFor({ state: 'detached' });

    // A second mention, then 'Mark all read' on the Dashboard: the count and the mark go.
    await field.fill('One more for @sam.editor');
    await page.keyboard.press('Control+Enter');
    await panel.getByRole('listitem').filter({ hasText: 'One more for' }).waitFor();
    await samsPage.getByRole('link', { name: /Admin$/ }).click();
    const again = forSam.getByRole('listitem').first();
    await again.getByText('One more for @sam.editor').waitFor();
    await again.getByText('New', { exact: true }).waitFor();
    await badge.waitFor();
    await forSam.getByRole('button', { name: 'Mark all read' }).click();
    await badge.waitFor({ state: 'detached' });
    await again.getByText('New', { exact: true }).waitFor({ state: 'detached' });
    expect(await forSam.getByRole('button', { name: 'Mark all read' }).count()).toBe(0);
    expect(await samsPage.evaluate(() => document.activeElement?.textContent)).toBe('Notes for you');
    // The account that has never signed in is offered as well.
    await field.fill('');
    await field.focus();
    await page.keyboard.type('Welcome aboard, @lo');
    await list.waitFor();
    expect(await options.allInnerTexts()).toEqual(['Lou Local @lou.local']);
    await page.keyboard.press('Escape');
    await field.fill('');
    // Their own notes are not for the author: their Dashboard has nothing for them.
    const mine = await web.newPage(DESKTOP);
    await openSignedIn(mine, running, `${running.baseUrl}/admin`);
    const forMe = mine.getByRole('region', { name: 'Notes for you' });
    await forMe.getByText(/No note mentions you yet/).waitFor();

    // Sam answers the note on the story: the reply is for its author, new on their Dashboard and header.
    await samsPage.goto(`${running.baseUrl}/admin/articles/${story!.id}`);
    const asked = samsPage
      .getByRole('region', { name: /^Notes/ })
      .getByRole('listitem')
      .filter({ hasText: 'One more for' });
    await asked.getByRole('button', { name: /^Reply to the note of/ }).click();
    await samsPage.keyboard.type('On it: checking the harbour minutes.');
    await samsPage.keyboard.press('ControlOrMeta+Enter');
    await asked
      .getByRole('list', { name: /^Replies to/ })
      .getByText('On it: checking the harbour minutes.')
      .waitFor();
    await mine.reload();
    const answer = forMe.getByRole('listitem').first();
    await answer.getByText('On it: checking the harbour minutes.').waitFor();
    expect(await answer.innerText()).toMatch(
      new RegExp(`Sam Editor\\s+replying to ${EDITOR.username.replace('.', '\\.')}`),
    );
    await answer.getByText('New', { exact: true }).waitFor();
    await mine.getByRole('banner').getByRole('link', { name: '1 new mention' }).waitFor();
  });

  it('a reply being written while another tab resolves the note keeps its text and says why; Reopen, and it goes', async () => {
    const [note] = await running.database.db
      .insertInto('article_notes')
      .values({
        article_id: id,
        text: 'Who took the pond photo?',
        created_at: new Date(Date.now() - 300_000).toISOString(),
        author_subject: 'colleague',
        author_name: 'Otto Other',
      })
      .returning('id')
      .execute();
    try {
      const writer = await web.newPage(DESKTOP);
      const other = await web.newPage(DESKTOP);
      await openSignedIn(writer, running, `${running.baseUrl}/admin/articles/${id}`);
      await openSignedIn(other, running, `${running.baseUrl}/admin/articles/${id}`);
      const thread = (page: Page) =>
        page
          .getByRole('region', { name: /^Notes/ })
          .getByRole('listitem')
          .filter({ hasText: 'Who took the pond photo?' });
      await thread(writer)
        .getByRole('button', { name: /^Reply to the note of/ })
        .click();
      await writer.keyboard.type('Ann Photo, for the pond society.');
      // The other tab resolves it first.
      await thread(other)
        .getByRole('button', { name: /^Resolve note of/ })
        .click();
      await thread(other)
        .getByText(/^Resolved by/)
        .waitFor();
      await writer.keyboard.press('ControlOrMeta+Enter');
      await writer.getByText(`Note ${note!.id} is resolved: reopen it to reply.`, { exact: false }).waitFor();
      const mine = thread(writer);
      await mine.getByText(/^Resolved by e2e\.editor/).waitFor();
      const field = mine.getByRole('textbox', { name: 'Reply to Otto Other' });
      expect(await field.inputValue()).toBe('Ann Photo, for the pond society.');
      expect(await mine.getByRole('alert').innerText()).toBe(
        `${EDITOR.username} resolved this note: reopen it to send your reply.`,
      );
      expect(await axeViolations(writer)).toEqual([]);
      // Reopen, and the same text goes.
      await mine.getByRole('button', { name: /^Reopen note of/ }).click();
      await mine.getByRole('alert').waitFor({ state: 'detached' });
      await field.focus();
      await writer.keyboard.press('ControlOrMeta+Enter');
      await mine
        .getByRole('list', { name: 'Replies to Otto Other, oldest first' })
        .getByText('Ann Photo, for the pond society.')
        .waitFor();
      await field.waitFor({ state: 'detached' });
    } finally {
      await running.database.db.deleteFrom('article_notes').where('id', '=', note!.id).execute();
    }
  });

  it('a colleague’s note shows on the open story within the heartbeat’s period, announced to a screen reader; a reply to it outlives its deletion', async () => {
    const page = await web.newPage(DESKTOP);
    // The notes are asked for again on the page's clock, moved on below rather than waited out.
    await page.clock.install();
    await openSignedIn(page, running, `${running.baseUrl}/admin/articles/${id}`);
    const panel = page.getByRole('region', { name: /^Notes/ });
    await panel.getByText('Picture rights cleared.').waitFor();
    const res = await fetch(`${running.baseUrl}/api/admin/articles/${id}/notes`, {
      method: 'POST',
      headers: {
        authorization: await running.bearer({ sub: 'colleague-dana', name: 'Dana Desk' }),
        'content-type': 'application/json',
      },
      body: JSON.stringify({ text: 'Legal cleared the pond pun.' }),
    });
    expect(res.status, await res.clone().text()).toBe(201);
    const added = (await res.json()) as { id: number };
    try {
      expect(await panel.getByText('Legal cleared the pond pun.').count()).toBe(0);
      await page.clock.fastForward(PRESENCE_HEARTBEAT_SECONDS * 1000);
      await panel.getByText('Legal cleared the pond pun.').waitFor();
      expect(await page.getByTestId('notes-arrivals').innerText()).toBe('Dana Desk added a note.');
      expect(await page.getByTestId('notes-arrivals').getAttribute('role')).toBe('status');

      // The editor starts a reply; Dana deletes her note meanwhile: the reply is not lost with it.
      const danas = panel.getByRole('listitem').filter({ hasText: 'Legal cleared the pond pun.' });
      await danas.getByRole('button', { name: /^Reply to the note of/ }).click();
      await page.keyboard.type('Which lawyer?');
      const gone = await fetch(`${running.baseUrl}/api/admin/articles/${id}/notes/${added.id}`, {
        method: 'DELETE',
        headers: { authorization: await running.bearer({ sub: 'colleague-dana', name: 'Dana Desk' }) },
      });
      expect(gone.status).toBe(204);
      await page.clock.fastForward(PRESENCE_HEARTBEAT_SECONDS * 1000);
      await panel.getByText('Legal cleared the pond pun.').waitFor({ state: 'detached' });
      expect(await panel.getByRole('alert').innerText()).toBe(
        'Dana Desk’s note was deleted while you were replying to it: your reply is in Add a note, to send as a note of its own.',
      );
      const top = panel.getByRole('textbox', { name: 'Add a note' });
      // The rescued text lands in the form on its next render, after the line above.
      await expect.poll(() => top.inputValue()).toBe('Which lawyer?');
      await expect.poll(() => top.evaluate((el) => el === document.activeElement)).toBe(true);
      expect(await axeViolations(page)).toEqual([]);
      await top.fill('');
    } finally {
      await running.database.db.deleteFrom('article_notes').where('id', '=', added.id).execute();
    }
  });
  it('a note and a reply left unsent come back after the story’s edit form and a reload; the story trashed from another tab keeps them waiting, and restored they go', async () => {
    const storyId = await storyWithNote('Pond Photographer Unmasked', 'Who shot the pond?');
    try {
      const { page, panel, top } = await openNotes(storyId);
      const reply = panel.getByRole('textbox', { name: 'Reply to Otto Other' });
      await top.fill('Headline agreed with the desk.');
      await panel.getByRole('button', { name: /^Reply to the note of/ }).click();
      await page.keyboard.type('Ann Photo, from the bank.');
      const kept = async () => {
        await panel.getByText('Who shot the pond?').waitFor();
        return [await top.inputValue(), await reply.inputValue()];
      };
      // The story's edit form replaces the screen, notes and all; Cancel, and they are back.
      await page.getByRole('button', { name: 'Edit', exact: true }).click();
      await page.getByRole('button', { name: 'Cancel', exact: true }).click();
      expect(await kept()).toEqual(['Headline agreed with the desk.', 'Ann Photo, from the bank.']);
      await page.reload();
      expect(await kept()).toEqual(['Headline agreed with the desk.', 'Ann Photo, from the bank.']);

      // A colleague puts the story in the Trash; the reply, sent, is refused, and the screen says so.
      const trashed = await fetch(`${running.baseUrl}/api/admin/articles/${storyId}`, {
        method: 'DELETE',
        headers: { authorization: await running.bearer({ sub: 'colleague-dana', name: 'Dana Desk' }) },
      });
      expect(trashed.status).toBeLessThan(300);
      await reply.focus();
      await page.keyboard.press('ControlOrMeta+Enter');
      await page.getByRole('heading', { name: 'This article was deleted' }).waitFor();
      expect(await kept()).toEqual(['Headline agreed with the desk.', 'Ann Photo, from the bank.']);
      expect(await panel.getByRole('alert').allInnerTexts()).toEqual([
        'This story is in the Trash: restore it to add your note.',
        'This story is in the Trash: restore it to send your reply.',
      ]);
      expect(await axeViolations(page)).toEqual([]);

      // Restored, the note and the reply go.
      await page.getByRole('button', { name: 'Restore', exact: true }).click();
      await page.getByRole('heading', { name: 'Pond Photographer Unmasked' }).waitFor();
      expect(await kept()).toEqual(['Headline agreed with the desk.', 'Ann Photo, from the bank.']);
      expect(await panel.getByRole('alert').count()).toBe(0);
      await reply.focus();
      await page.keyboard.press('ControlOrMeta+Enter');
      await panel
        .getByRole('list', { name: 'Replies to Otto Other, oldest first' })
        .getByText('Ann Photo, from the bank.')
        .waitFor();
      await top.focus();
      await page.keyboard.press('ControlOrMeta+Enter');
      await panel.getByRole('listitem').filter({ hasText: 'Headline agreed with the desk.' }).waitFor();
      expect(await top.inputValue()).toBe('');
      // Sent, they are not kept: a reload opens an empty field and no reply form.
      await page.reload();
      await panel.getByText('Headline agreed with the desk.').waitFor();
      expect(await top.inputValue()).toBe('');
      expect(await reply.count()).toBe(0);
    } finally {
      await running.database.db.deleteFrom('article_notes').where('article_id', '=', storyId).execute();
    }
  });

  it('an unsent note is the editor’s: signed out and in again it is there; another editor signing in in the tab neither sees nor sends it', async () => {
    const storyId = await storyWithNote('Pond Photographer Signs Off', 'Headline agreed with the desk.');
    try {
      const { page, panel, top } = await openNotes(storyId);
      await panel.getByText('Headline agreed with the desk.').waitFor();
      // A session that ran out, or Sign Out and back: the same editor finds the note where it was.
      await top.fill('Half a thought.');
      const keptKeys = () =>
        page.evaluate(() => Object.keys(sessionStorage).filter((k) => k.startsWith('smear.admin.note-draft.')));
      await expect.poll(keptKeys).toHaveLength(1);
      const signOut = () => signOutClosingPopup(page);
      await signOut();
      await signInAgain(page, running);
      await panel.getByText('Headline agreed with the desk.').waitFor();
      expect(await top.inputValue()).toBe('Half a thought.');
      await signOut();
      await signInAgain(page, running, { username: 'alex', name: 'Alex Other', subject: '2' });
      await panel.getByText('Headline agreed with the desk.').waitFor();
      expect(await top.inputValue()).toBe('');
      expect(await keptKeys()).toEqual([]);
    } finally {
      await running.database.db.deleteFrom('article_notes').where('article_id', '=', storyId).execute();
    }
  });
});
