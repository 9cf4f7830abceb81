// @vitest-environment happy-dom
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Editor } from '@tiptap/core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { article, entry, fakeLiveApi, json, paragraph, problem, renderInAdmin } from '../testing/fake-live-api.tsx';
import { LiveConsole } from './live-console.tsx';
import { recordToasts } from '@/testing/record-toasts';
import { FakeEventSource } from '@/testing/fake-event-source';

const toasts = recordToasts();

afterEach(() => {
  cleanup();
  sessionStorage.clear();
});

const live = article({ liveStartedAt: '2026-11-27T10:00:00.000Z' });

async function editorOf(name: string | RegExp, root: HTMLElement = document.body) {
  const text = await within(root).findByRole('textbox', { name }, { timeout: 5000 });
  return { text, editor: (text as unknown as { editor: Editor }).editor };
}

function type(editor: Editor, words: string) {
  act(() => void editor.commands.insertContent(words));
}

/**
 * The console of a live story (entries asked for every `pollMs`), `words` typed in its composer; a
 * colleague then puts the story in the Trash, and Ctrl+Enter is pressed.
 */
async function postedAfterTrash(pollMs: number, words: string) {
  const api = fakeLiveApi({ article: live, entries: [entry(1, 'Polls open.')] });
  renderInAdmin(<LiveConsole articleId={7} articleHref="/admin/articles/7" pollMs={pollMs} />, api.client);
  const { text, editor } = await editorOf('Entry');
  type(editor, words);
  api.state.article = { ...live, deletedAt: '2026-11-27T11:00:00.000Z' };
  fireEvent.keyDown(text, { key: 'Enter', ctrlKey: true });
  return api;
}

describe('LiveConsole', () => {
  it('shows the headline, the state and the entries newest first with time, author and the key-event mark', async () => {
    const { client } = fakeLiveApi({
      article: live,
      entries: [
        entry(1, 'Polls open.'),
        entry(3, 'Goat leads.', { keyEvent: true, author: 'Ann' }),
        entry(2, 'Turnout high.'),
      ],
    });
    renderInAdmin(<LiveConsole articleId={7} articleHref="/admin/articles/7" pollMs={0} />, client);
    expect(await screen.findByRole('heading', { level: 1, name: 'Goat Elected Mayor' })).toBeTruthy();
    expect(screen.getByText('Live')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'End coverage' })).toBeTruthy();
    const list = await screen.findByRole('list', { name: 'Entries, newest first' });
    const items = within(list).getAllByRole('listitem');
    expect(items.map((li) => li.querySelector('.admin-live-entry__body')!.textContent)).toEqual([
      'Goat leads.',
      'Turnout high.',
      'Polls open.',
    ]);
    expect(within(items[0]!).getByText('Key event')).toBeTruthy();
    expect(within(items[0]!).getByText('Ann')).toBeTruthy();
    const time = items[0]!.querySelector('time')!;
    expect(time.getAttribute('datetime')).toBe(entry(3, '').postedAt);
    expect(time.textContent).toMatch(/\d\d:\d\d/);
    expect(within(items[1]!).queryByText('Key event')).toBeNull();
    expect(screen.queryByText(/not published/)).toBeNull();
  });

  it('warns when the story is not published, and offers Start before any composer', async () => {
    const { client, sent } = fakeLiveApi({ article: article({ publishedAt: null, status: 'draft' }) });
    renderInAdmin(<LiveConsole articleId={7} articleHref="/admin/articles/7" pollMs={0} />, client);
    expect(await screen.findByText(/This story is not published/)).toBeTruthy();
    expect(screen.getByText('Start live coverage to post entries.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Start live coverage' }));
    await editorOf('Entry');
    expect(sent.some((r) => r.method === 'POST' && r.url.endsWith('/live/start'))).toBe(true);
    expect(screen.getByText('Live')).toBeTruthy();
    expect(toasts.at(-1)?.title).toBe('Live coverage started');
  });

  it('posts with Ctrl+Enter (no line break), the entry on top, the composer empty and focused again', async () => {
    const { client, sent } = fakeLiveApi({ article: live, entries: [entry(1, 'Polls open.')] });
    renderInAdmin(<LiveConsole articleId={7} articleHref="/admin/articles/7" pollMs={0} />, client);
    const { text, editor } = await editorOf('Entry');
    type(editor, 'The goat concedes nothing.');
    fireEvent.keyDown(text, { key: 'Enter', ctrlKey: true });
    await waitFor(() => expect(sent.filter((r) => r.method === 'POST')).toHaveLength(1));
    const post = sent.find((r) => r.method === 'POST')!;
    expect(post.url).toBe('/api/admin/articles/7/live/entries');
    expect(post.body).toEqual({
      body: {
        type: 'doc',
        content: [{ type: 'paragraph', content: [{ type: 'text', text: 'The goat concedes nothing.' }] }],
      },
      keyEvent: false,
      shareToX: false,
      shareToFacebook: false,
    });
    const list = await screen.findByRole('list', { name: 'Entries, newest first' });
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(2));
    expect(within(list).getAllByRole('listitem')[0]!.textContent).toContain('posted entry');
    const fresh = await editorOf('Entry');
    expect(fresh.editor.getText()).toBe('');
    await waitFor(() => expect(document.activeElement).toBe(fresh.text));
  });

  it('Cmd+Enter posts too; an empty entry is refused without a request', async () => {
    const { client, sent } = fakeLiveApi({ article: live });
    renderInAdmin(<LiveConsole articleId={7} articleHref="/admin/articles/7" pollMs={0} />, client);
    const { text, editor } = await editorOf('Entry');
    fireEvent.keyDown(text, { key: 'Enter', metaKey: true });
    expect((await screen.findByRole('alert')).textContent).toBe('Write the entry before posting it.');
    expect(sent.some((r) => r.method === 'POST')).toBe(false);
    type(editor, 'Now with words.');
    expect(screen.queryByRole('alert')).toBeNull();
    fireEvent.keyDown(text, { key: 'Enter', metaKey: true });
    await waitFor(() => expect(sent.filter((r) => r.method === 'POST')).toHaveLength(1));
  });

  it('keeps an entry not yet posted in the tab: the composer opens with it, its Key event and share box, until it is posted', async () => {
    const { client, sent } = fakeLiveApi({ article: live, connected: { x: true, facebook: false } });
    renderInAdmin(<LiveConsole articleId={7} articleHref="/admin/articles/7" pollMs={0} />, client);
    const first = await editorOf('Entry');
    type(first.editor, 'The goat takes the oath.');
    fireEvent.click(screen.getByRole('checkbox', { name: 'Key event' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Post to X' }));
    // A reload, or another screen and back: the console is drawn again.
    cleanup();
    renderInAdmin(<LiveConsole articleId={7} articleHref="/admin/articles/7" pollMs={0} />, client);
    const again = await editorOf('Entry');
    await waitFor(() => expect(again.editor.getText()).toBe('The goat takes the oath.'));
    expect(screen.getByRole<HTMLInputElement>('checkbox', { name: 'Key event' }).checked).toBe(true);
    expect(screen.getByRole<HTMLInputElement>('checkbox', { name: 'Post to X' }).checked).toBe(true);
    expect(sent.some((r) => r.method === 'POST')).toBe(false);
    // Another story's console has none of it.
    cleanup();
    renderInAdmin(
      <LiveConsole articleId={8} articleHref="/admin/articles/8" pollMs={0} />,
      fakeLiveApi({ article: { ...live, id: 8 } }).client,
    );
    expect((await editorOf('Entry')).editor.getText()).toBe('');
    cleanup();
    // Posted, it is no longer kept.
    renderInAdmin(<LiveConsole articleId={7} articleHref="/admin/articles/7" pollMs={0} />, client);
    const third = await editorOf('Entry');
    await waitFor(() => expect(third.editor.getText()).toBe('The goat takes the oath.'));
    fireEvent.keyDown(third.text, { key: 'Enter', ctrlKey: true });
    await waitFor(() => expect(sent.filter((r) => r.method === 'POST')).toHaveLength(1));
    expect(sent.find((r) => r.method === 'POST')!.body).toMatchObject({ keyEvent: true, shareToX: true });
    await waitFor(() =>
      expect(screen.getByRole<HTMLInputElement>('checkbox', { name: 'Key event' }).checked).toBe(false),
    );
    cleanup();
    renderInAdmin(<LiveConsole articleId={7} articleHref="/admin/articles/7" pollMs={0} />, client);
    expect((await editorOf('Entry')).editor.getText()).toBe('');
    expect(screen.getByRole<HTMLInputElement>('checkbox', { name: 'Key event' }).checked).toBe(false);
  });

  it('share boxes: off by default, enabled only for a key event on a connected network', async () => {
    const { client, sent } = fakeLiveApi({ article: live, connected: { x: true, facebook: false } });
    renderInAdmin(<LiveConsole articleId={7} articleHref="/admin/articles/7" pollMs={0} />, client);
    const { editor } = await editorOf('Entry');
    const x = screen.getByRole<HTMLInputElement>('checkbox', { name: 'Post to X' });
    const fb = screen.getByRole<HTMLInputElement>('checkbox', { name: 'Post to Facebook' });
    await waitFor(() => expect(x.getAttribute('aria-describedby')).toBeTruthy());
    expect([x.checked, x.disabled, fb.checked, fb.disabled]).toEqual([false, true, false, true]);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Key event' }));
    expect(x.disabled).toBe(false);
    expect(fb.disabled).toBe(true);
    expect(document.getElementById(fb.getAttribute('aria-describedby')!)!.textContent).toContain('not connected');
    fireEvent.click(x);
    type(editor, 'Goat sworn in.');
    fireEvent.click(screen.getByRole('button', { name: 'Post' }));
    await waitFor(() => expect(sent.filter((r) => r.method === 'POST')).toHaveLength(1));
    expect(sent.find((r) => r.method === 'POST')!.body).toMatchObject({
      keyEvent: true,
      shareToX: true,
      shareToFacebook: false,
    });
    // The composer starts again with every box off.
    await waitFor(() =>
      expect(screen.getByRole<HTMLInputElement>('checkbox', { name: 'Key event' }).checked).toBe(false),
    );
  });

  it('a refused post shows the problem title and detail, and keeps the text', async () => {
    const { client } = fakeLiveApi({
      article: live,
      override: (req) =>
        req.method === 'POST' && req.url.endsWith('/entries')
          ? problem(409, 'Conflict', 'Live coverage has ended.')
          : undefined,
    });
    renderInAdmin(<LiveConsole articleId={7} articleHref="/admin/articles/7" pollMs={0} />, client);
    const { text, editor } = await editorOf('Entry');
    type(editor, 'Too late.');
    fireEvent.keyDown(text, { key: 'Enter', ctrlKey: true });
    await waitFor(() => expect(toasts).toHaveLength(1));
    expect(toasts[0]).toEqual({
      title: 'Failed to post the entry',
      description: '409 Conflict: Live coverage has ended.',
      variant: 'destructive',
    });
    expect(editor.getText()).toBe('Too late.');
  });

  it('edits in place: Save sends the version; a 409 shows the other editor’s text and Save mine overrides it', async () => {
    const { client, sent, state } = fakeLiveApi({ article: live, entries: [entry(1, 'Polls open.')] });
    renderInAdmin(<LiveConsole articleId={7} articleHref="/admin/articles/7" pollMs={0} />, client);
    fireEvent.click(await screen.findByRole('button', { name: /^Edit the entry of/ }));
    const form = await screen.findByRole('form', { name: /^Edit the entry of/ });
    const { editor } = await editorOf('Entry text', form);
    act(() => void editor.commands.setContent('<p>Polls open at eight.</p>', { emitUpdate: true }));
    // Meanwhile another editor saves it.
    state.entries[0] = { ...state.entries[0]!, version: 2, bodyHtml: '<p>Polls open at nine.</p>' };
    fireEvent.click(within(form).getByRole('button', { name: 'Save' }));
    const alert = await within(form).findByRole('alert');
    expect(alert.textContent).toContain('Ann changed this entry while you were editing it');
    await waitFor(() => expect(alert.textContent).toContain('Polls open at nine.'));
    expect(sent.find((r) => r.method === 'PATCH')!.body).toMatchObject({ version: 1 });
    expect(toasts).toHaveLength(0);
    fireEvent.click(within(alert).getByRole('button', { name: 'Save mine' }));
    await waitFor(() => expect(screen.queryByRole('form', { name: /^Edit the entry of/ })).toBeNull());
    const patches = sent.filter((r) => r.method === 'PATCH');
    expect(patches).toHaveLength(2);
    expect(patches[1]!.body).toMatchObject({
      version: 2,
      body: {
        type: 'doc',
        content: [{ type: 'paragraph', content: [{ type: 'text', text: 'Polls open at eight.' }] }],
      },
    });
    expect(await screen.findByText('corrected')).toBeTruthy();
    expect(toasts.at(-1)?.title).toBe('Entry saved');
  });

  it('another refusal of an edit (coverage not running) is a toast, not a conflict', async () => {
    const { client } = fakeLiveApi({
      article: live,
      entries: [entry(1, 'Polls open.')],
      override: (req) => (req.method === 'PATCH' ? problem(409, 'Conflict', 'Article 7 is not live.') : undefined),
    });
    renderInAdmin(<LiveConsole articleId={7} articleHref="/admin/articles/7" pollMs={0} />, client);
    fireEvent.click(await screen.findByRole('button', { name: /^Edit the entry of/ }));
    const form = await screen.findByRole('form', { name: /^Edit the entry of/ });
    await editorOf('Entry text', form);
    fireEvent.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(toasts).toHaveLength(1));
    expect(toasts[0]).toMatchObject({
      title: 'Failed to save the entry',
      description: '409 Conflict: Article 7 is not live.',
    });
    expect(within(form).queryByRole('alert')).toBeNull();
  });

  it('after the end of coverage there is no composer, and Resume brings it back', async () => {
    const { client } = fakeLiveApi({
      article: article({ liveStartedAt: '2026-11-27T10:00:00.000Z', liveEndedAt: '2026-11-27T12:00:00.000Z' }),
    });
    renderInAdmin(<LiveConsole articleId={7} articleHref="/admin/articles/7" pollMs={0} />, client);
    expect(await screen.findByText('Coverage has ended: resume it to post entries.')).toBeTruthy();
    expect(screen.getByText('Ended')).toBeTruthy();
    expect(screen.queryByRole('textbox', { name: 'Entry' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Resume coverage' }));
    await editorOf('Entry');
  });

  it('Escape leaves an edit unchanged; Ctrl+Enter saves it', async () => {
    const { client, sent } = fakeLiveApi({ article: live, entries: [entry(1, 'Polls open.')] });
    renderInAdmin(<LiveConsole articleId={7} articleHref="/admin/articles/7" pollMs={0} />, client);
    fireEvent.click(await screen.findByRole('button', { name: /^Edit the entry of/ }));
    let form = await screen.findByRole('form', { name: /^Edit the entry of/ });
    let { text } = await editorOf('Entry text', form);
    fireEvent.keyDown(text, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('form', { name: /^Edit the entry of/ })).toBeNull());
    fireEvent.click(screen.getByRole('button', { name: /^Edit the entry of/ }));
    form = await screen.findByRole('form', { name: /^Edit the entry of/ });
    ({ text } = await editorOf('Entry text', form));
    fireEvent.click(within(form).getByRole('checkbox', { name: 'Key event' }));
    fireEvent.keyDown(text, { key: 'Enter', ctrlKey: true });
    await waitFor(() => expect(sent.filter((r) => r.method === 'PATCH')).toHaveLength(1));
    expect(sent.find((r) => r.method === 'PATCH')!.body).toMatchObject({ keyEvent: true, version: 1 });
  });

  it('keeps a correction not yet saved in the tab: the entry’s edit form opens with it again, a colleague’s save since is a conflict; Cancel, or the entry deleted, drops it', async () => {
    const { client, sent, state } = fakeLiveApi({
      article: live,
      entries: [entry(1, 'Polls open.'), entry(2, 'Turnout high.')],
    });
    const correctionKeys = () => Object.keys(sessionStorage).filter((k) => k.startsWith('smear.admin.live-draft.7.'));
    const open = () => renderInAdmin(<LiveConsole articleId={7} articleHref="/admin/articles/7" pollMs={0} />, client);
    open();
    // Opened but not changed, an edit is not kept.
    fireEvent.click((await screen.findAllByRole('button', { name: /^Edit the entry of/ }))[0]!);
    await screen.findByRole('form', { name: /^Edit the entry of/ });
    expect(correctionKeys()).toEqual([]);
    cleanup();
    open();
    const list = await screen.findByRole('list', { name: 'Entries, newest first' });
    expect(within(list).queryByRole('form')).toBeNull();
    const second = within(list).getAllByRole('listitem')[0]!;
    fireEvent.click(within(second).getByRole('button', { name: /^Edit the entry of/ }));
    let form = await within(second).findByRole('form', { name: /^Edit the entry of/ });
    const { editor } = await editorOf('Entry text', form);
    act(() => void editor.commands.setContent('<p>Turnout higher than ever.</p>', { emitUpdate: true }));
    fireEvent.click(within(form).getByRole('checkbox', { name: 'Key event' }));
    await waitFor(() => expect(correctionKeys()).toEqual(['smear.admin.live-draft.7.2']));
    // A reload: the entry's form is open again with the correction, the other entry's is not.
    cleanup();
    open();
    form = await screen.findByRole('form', { name: /^Edit the entry of/ });
    expect(screen.getAllByRole('form', { name: /^Edit the entry of/ })).toHaveLength(1);
    const again = await editorOf('Entry text', form);
    await waitFor(() => expect(again.editor.getText()).toBe('Turnout higher than ever.'));
    expect(within(form).getByRole<HTMLInputElement>('checkbox', { name: 'Key event' }).checked).toBe(true);
    expect(form.closest('li')!.id).toBe('entry-2');
    // A colleague saved the entry meanwhile: Save says so, against the version the correction began on.
    state.entries[1] = { ...state.entries[1]!, version: 2, bodyHtml: '<p>Turnout low.</p>' };
    fireEvent.click(within(form).getByRole('button', { name: 'Save' }));
    const alert = await within(form).findByRole('alert');
    await waitFor(() => expect(alert.textContent).toContain('Turnout low.'));
    expect(sent.filter((r) => r.method === 'PATCH').map((r) => (r.body as { version: number }).version)).toEqual([1]);
    // Cancel: the correction is dropped, and a reload opens no form.
    fireEvent.click(within(form).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(correctionKeys()).toEqual([]));
    cleanup();
    open();
    await screen.findByRole('list', { name: 'Entries, newest first' });
    expect(screen.queryByRole('form', { name: /^Edit the entry of/ })).toBeNull();
    // A correction begun on a version saved over since opens with their version shown at once.
    sessionStorage.setItem(
      'smear.admin.live-draft.7.2',
      JSON.stringify({ doc: paragraph('Turnout at a record.'), keyEvent: false, shares: {}, version: 1 }),
    );
    state.entries[1] = { ...state.entries[1]!, updatedAt: '2026-11-27T10:30:00.000Z', updatedBy: 'Ann Desk' };
    cleanup();
    open();
    form = await screen.findByRole('form', { name: /^Edit the entry of/ });
    const shown = within(form).getByRole('alert');
    expect(shown.textContent).toMatch(/^Ann Desk changed this entry while you were editing it \(.+\)\./);
    expect(shown.textContent).toContain('Turnout low.');
    fireEvent.click(within(shown).getByRole('button', { name: 'Save mine' }));
    await waitFor(() => expect(sent.filter((r) => r.method === 'PATCH')).toHaveLength(2));
    expect(sent.filter((r) => r.method === 'PATCH')[1]!.body).toMatchObject({ version: 2 });
    await waitFor(() => expect(correctionKeys()).toEqual([]));
    // A correction kept for an entry deleted since is dropped once the list has come.
    sessionStorage.setItem(
      'smear.admin.live-draft.7.9',
      JSON.stringify({ doc: paragraph('Gone.'), keyEvent: false, shares: {}, version: 1 }),
    );
    cleanup();
    open();
    await screen.findByRole('list', { name: 'Entries, newest first' });
    await waitFor(() => expect(correctionKeys()).toEqual([]));
  });

  it('a story moved to the Trash meanwhile: a post is refused, the console says so, the entry kept for its return', async () => {
    const { client, sent, state } = await postedAfterTrash(0, 'The goat resigns.');
    const heading = await screen.findByRole('heading', { level: 1, name: 'This story is in the Trash' });
    await waitFor(() => expect(document.activeElement).toBe(heading));
    expect(toasts.at(-1)).toMatchObject({
      description: '409 Conflict: The article is in the trash: restore it first.',
    });
    expect(screen.getByText(/^“Goat Elected Mayor” went to the trash on .+: restore it from its screen/)).toBeTruthy();
    expect(
      screen.getByText(
        'What you were writing here is kept in this browser tab: it comes back once the story is restored.',
      ),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: '← Article' }).getAttribute('href')).toBe('/admin/articles/7');
    expect(screen.getByRole('link', { name: 'Open the trash' }).getAttribute('href')).toMatch(/status=trash/);
    expect(screen.queryByRole('textbox', { name: 'Entry' })).toBeNull();
    expect(sent.filter((r) => r.method === 'POST')).toHaveLength(1);
    // Restored, the console opens with the entry.
    state.article = live;
    cleanup();
    renderInAdmin(<LiveConsole articleId={7} articleHref="/admin/articles/7" pollMs={0} />, client);
    const again = await editorOf('Entry');
    await waitFor(() => expect(again.editor.getText()).toBe('The goat resigns.'));
  });

  it('opened on a story in the Trash with nothing kept: the Trash screen without the kept line, the entries not asked for again', async () => {
    const { client, sent } = fakeLiveApi({ article: { ...live, deletedAt: '2026-11-27T11:00:00.000Z' } });
    renderInAdmin(<LiveConsole articleId={7} articleHref="/admin/articles/7" pollMs={25} />, client);
    await screen.findByRole('heading', { level: 1, name: 'This story is in the Trash' });
    expect(screen.queryByText(/kept in this browser tab/)).toBeNull();
    expect(screen.queryByRole('button', { name: 'Retry' })).toBeNull();
    // Polled every 25 ms, the list would have been asked for several times over.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(sent.filter((r) => r.method === 'GET' && r.url.endsWith('/live/entries')).length).toBeLessThanOrEqual(1);
  });

  it('put in the Trash by a colleague while nobody writes: the entries’ poll finds the story gone and the Trash screen shows', async () => {
    const draft = article({ publishedAt: null, status: 'draft', liveStartedAt: '2026-11-27T10:00:00.000Z' });
    const { client, state } = fakeLiveApi({ article: draft, entries: [entry(1, 'Polls open.')] });
    renderInAdmin(<LiveConsole articleId={7} articleHref="/admin/articles/7" pollMs={25} />, client);
    await screen.findByRole('list', { name: 'Entries, newest first' });
    state.article = { ...draft, deletedAt: '2026-11-27T11:00:00.000Z' };
    const heading = await screen.findByRole('heading', { level: 1, name: 'This story is in the Trash' });
    await waitFor(() => expect(document.activeElement).toBe(heading));
    expect(screen.queryByText(/the list may be out of date/)).toBeNull();
  });

  it('restored in another tab or by a colleague: the Trash screen gives way to the console, which says so, takes the focus and brings the kept entry back', async () => {
    const { sent, state } = await postedAfterTrash(25, 'The goat returns.');
    await screen.findByRole('heading', { level: 1, name: 'This story is in the Trash' });
    expect(screen.queryByText(/out of the Trash again/)).toBeNull();
    // Restored elsewhere: the article, asked for again while in the Trash, is back.
    state.article = live;
    const heading = await screen.findByRole('heading', { level: 1, name: 'Goat Elected Mayor' });
    await waitFor(() => expect(document.activeElement).toBe(heading));
    expect(screen.getByRole('status').textContent).toBe(
      'This story is out of the Trash again: live coverage goes on here.',
    );
    const again = await editorOf('Entry');
    await waitFor(() => expect(again.editor.getText()).toBe('The goat returns.'));
    expect(sent.filter((r) => r.method === 'POST')).toHaveLength(1);
  });

  it('deleted for good from the Trash by a colleague: says who and when, shows what the tab kept to copy, and Discard forgets it', async () => {
    const { sent, state } = await postedAfterTrash(25, 'The goat returns.');
    await screen.findByRole('heading', { level: 1, name: 'This story is in the Trash' });
    state.purged = { at: '2026-11-27T12:00:00.000Z', by: 'Petra Purge' };
    const heading = await screen.findByRole('heading', { level: 1, name: 'This article was deleted for good' });
    await waitFor(() => expect(document.activeElement).toBe(heading));
    expect(
      screen.getByText(/^“Goat Elected Mayor” was deleted for good by Petra Purge on .+: it cannot be restored\.$/),
    ).toBeTruthy();
    const kept = screen.getByRole('textbox', { name: 'Your entry not yet posted' }) as HTMLTextAreaElement;
    expect(kept.value).toBe('The goat returns.');
    expect(kept.readOnly).toBe(true);
    // Copy puts it on the clipboard and says so, in words and to a screen reader.
    const writes: string[] = [];
    Object.defineProperty(window, 'isSecureContext', { configurable: true, value: true });
    Object.defineProperty(navigator, 'clipboard', {
      configurable: true,
      value: { writeText: async (copied: string) => void writes.push(copied) },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Copy' }));
    await screen.findByRole('button', { name: 'Copied' });
    expect(writes).toEqual(['The goat returns.']);
    expect(screen.getByText('Your entry not yet posted: copied to the clipboard')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'All Articles' }).getAttribute('href')).toMatch(/^\/admin\/articles\?/);
    expect(screen.getByRole('link', { name: 'Deletions in the audit trail' }).getAttribute('href')).toBe(
      '/admin/audit?action=purge',
    );
    // Nothing is asked for any more: neither the article nor its entries.
    const asked = sent.length;
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(sent.length).toBe(asked);
    fireEvent.click(screen.getByRole('button', { name: 'Discard it' }));
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(document.activeElement).toBe(heading);
    expect(Object.keys(sessionStorage).filter((k) => k.startsWith('smear.admin.live-draft.7'))).toEqual([]);
  });

  it('deleted for good while open, a correction kept: the entries’ poll finds it gone; the 30-day purge names nobody', async () => {
    const { client, state } = fakeLiveApi({ article: live, entries: [entry(1, 'Polls open.')] });
    sessionStorage.setItem(
      'smear.admin.live-draft.7.1',
      JSON.stringify({ doc: paragraph('Polls open at nine.'), keyEvent: false, shares: {}, version: 1 }),
    );
    renderInAdmin(<LiveConsole articleId={7} articleHref="/admin/articles/7" pollMs={25} />, client);
    await screen.findByRole('list', { name: 'Entries, newest first' });
    state.purged = { at: '2026-11-27T12:00:00.000Z', by: null };
    await screen.findByRole('heading', { level: 1, name: 'This article was deleted for good' });
    expect(
      screen.getByText(/was deleted for good on .+, 30 days after it went to the trash: it cannot be restored\.$/),
    ).toBeTruthy();
    const kept = screen.getByRole('textbox', {
      name: 'Your correction to an entry, not yet saved',
    }) as HTMLTextAreaElement;
    expect(kept.value).toBe('Polls open at nine.');
    expect(screen.queryByText(/the list may be out of date/)).toBeNull();
  });

  it('a post refused because the story was deleted for good meanwhile: the console says so at once, the entry there to copy', async () => {
    const api = fakeLiveApi({ article: live, entries: [entry(1, 'Polls open.')] });
    renderInAdmin(<LiveConsole articleId={7} articleHref="/admin/articles/7" pollMs={0} />, api.client);
    const { text, editor } = await editorOf('Entry');
    type(editor, 'The goat appeals.');
    api.state.purged = { at: '2026-11-27T12:00:00.000Z', by: 'Petra Purge' };
    fireEvent.keyDown(text, { key: 'Enter', ctrlKey: true });
    // No poll runs (pollMs 0): the refused post itself has the story read again.
    await screen.findByRole('heading', { level: 1, name: 'This article was deleted for good' });
    const kept = screen.getByRole('textbox', { name: 'Your entry not yet posted' }) as HTMLTextAreaElement;
    expect(kept.value).toBe('The goat appeals.');
  });

  it('Delete asks first, then removes the entry', async () => {
    const { client, sent } = fakeLiveApi({ article: live, entries: [entry(1, 'Polls open.'), entry(2, 'Oops.')] });
    renderInAdmin(<LiveConsole articleId={7} articleHref="/admin/articles/7" pollMs={0} />, client);
    const list = await screen.findByRole('list', { name: 'Entries, newest first' });
    const first = within(list).getAllByRole('listitem')[0]!;
    fireEvent.click(within(first).getByRole('button', { name: /^Delete the entry of/ }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete this entry?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(sent.some((r) => r.method === 'DELETE')).toBe(false);
    fireEvent.click(within(first).getByRole('button', { name: /^Delete the entry of/ }));
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(1));
    expect(sent.find((r) => r.method === 'DELETE')!.url).toBe('/api/admin/articles/7/live/entries/2');
    expect(within(list).getByText('Polls open.')).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('heading', { name: /^Entries/ })));
  });

  it('Delete of a key event posted to X offers to delete the post first; a refusal keeps the entry, with the reason', async () => {
    let refuse = true;
    const onX = {
      platform: 'x' as const,
      state: 'posted' as const,
      postUrl: 'https://x.com/i/web/status/9',
      reason: null,
    };
    const { client, sent } = fakeLiveApi({
      article: live,
      entries: [entry(1, 'Polls open.'), entry(2, 'Goat wins.', { keyEvent: true, posts: [onX] })],
      override: (req) =>
        req.method === 'DELETE' && req.url.endsWith('/live/entries/2/shares/x')
          ? refuse
            ? problem(502, 'X did not delete the post', 'X did not delete the post (status 503).')
            : json(200, { platform: 'x', state: 'deleted' })
          : undefined,
    });
    renderInAdmin(<LiveConsole articleId={7} articleHref="/admin/articles/7" pollMs={0} />, client);
    const list = await screen.findByRole('list', { name: 'Entries, newest first' });
    const first = list.querySelector<HTMLElement>(':scope > li')!;
    fireEvent.click(within(first).getByRole('button', { name: /^Delete the entry of/ }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete this entry?' });
    const also = within(dialog).getByRole('checkbox', { name: 'Also delete its post on X' }) as HTMLInputElement;
    expect(also.checked).toBe(false);
    fireEvent.click(also);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await within(dialog).findByText(/X did not delete the post \(status 503\)/)).toBeTruthy();
    expect(sent.filter((r) => r.method === 'DELETE').map((r) => r.url)).toEqual([
      '/api/admin/articles/7/live/entries/2/shares/x',
    ]);
    expect(list.querySelectorAll(':scope > li')).toHaveLength(2);
    // X answers again: the post goes first, then the entry; a double-click sends each request once.
    refuse = false;
    const confirm = within(dialog).getByRole('button', { name: 'Delete' });
    act(() => {
      fireEvent.click(confirm);
      fireEvent.click(confirm);
    });
    await waitFor(() => expect(list.querySelectorAll(':scope > li')).toHaveLength(1));
    expect(sent.filter((r) => r.method === 'DELETE').map((r) => r.url)).toEqual([
      '/api/admin/articles/7/live/entries/2/shares/x',
      '/api/admin/articles/7/live/entries/2/shares/x',
      '/api/admin/articles/7/live/entries/2',
    ]);
  });

  it('History lists the entry’s versions', async () => {
    const { client } = fakeLiveApi({ article: live, entries: [entry(1, 'Polls open.')] });
    renderInAdmin(<LiveConsole articleId={7} articleHref="/admin/articles/7" pollMs={0} />, client);
    const toggle = await screen.findByRole('button', { name: /^History of the entry/ });
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    const versions = await screen.findByRole('list', { name: 'Versions of the entry' });
    expect(
      within(versions)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([expect.stringContaining('Edited by Ann'), expect.stringContaining('first words')]);
  });

  it('shows entries other editors post (the list is asked again every few seconds)', async () => {
    const { client, state } = fakeLiveApi({ article: live, entries: [entry(1, 'Polls open.')] });
    renderInAdmin(<LiveConsole articleId={7} articleHref="/admin/articles/7" pollMs={50} />, client);
    const list = await screen.findByRole('list', { name: 'Entries, newest first' });
    state.entries.push(entry(5, 'From another editor.', { author: 'Ann' }));
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(2));
    expect(within(list).getAllByRole('listitem')[0]!.textContent).toContain('From another editor.');
  });

  it("shows another editor's entry, correction and deletion at once through the readers' live stream", async () => {
    FakeEventSource.opened = [];
    vi.stubGlobal('EventSource', FakeEventSource);
    try {
      const { client, state, sent } = fakeLiveApi({ article: live, entries: [entry(1, 'Polls open.')] });
      // No polling: what changes on screen came through the stream.
      const { unmount } = renderInAdmin(
        <LiveConsole articleId={7} articleHref="/admin/articles/7" pollMs={0} />,
        client,
      );
      const list = await screen.findByRole('list', { name: 'Entries, newest first' });
      const stream = FakeEventSource.latest();
      expect(stream.url).toBe('/live/stream?article=7');
      const entryReads = () => sent.filter((r) => r.method === 'GET' && r.url.endsWith('/live/entries')).length;
      const before = entryReads();

      // Another story's entry asks for nothing.
      stream.send('entry-added', { entry: { ...entry(9, 'Elsewhere.'), articleId: 8 } });
      const added = entry(5, 'From another editor.', { author: 'Ann' });
      state.entries.push(added);
      stream.send('entry-added', { entry: added });
      await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(2));
      expect(within(list).getAllByRole('listitem')[0]!.textContent).toContain('From another editor.');
      expect(entryReads()).toBe(before + 1);

      state.entries[state.entries.length - 1] = {
        ...added,
        body: paragraph('Corrected by Ann.'),
        bodyHtml: '<p>Corrected by Ann.</p>',
        version: 2,
      };
      stream.send('entry-updated', { entry: state.entries.at(-1)! });
      await within(list).findByText('Corrected by Ann.');
      state.entries.splice(0, 1);
      stream.send('entry-deleted', { id: 1, articleId: 7 });
      await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(1));

      // Coverage ended in another tab: the console says so.
      state.article = { ...state.article, liveEndedAt: '2026-11-27T12:00:00.000Z' };
      stream.send('coverage-changed', {
        articleId: 7,
        coverageStartTime: '2026-11-27T10:00:00.000Z',
        coverageEndTime: '2026-11-27T12:00:00.000Z',
      });
      expect(await screen.findByText('Coverage has ended: resume it to post entries.')).toBeTruthy();
      unmount();
      expect(stream.closed).toBe(true);
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it("shows a key event's posts: the link once posted, the reason and Retry when one failed", async () => {
    const failedPost = {
      platform: 'x' as const,
      state: 'failed' as const,
      postUrl: null,
      reason: 'X refused the call.',
    };
    const posted = {
      platform: 'facebook' as const,
      state: 'posted' as const,
      postUrl: 'https://www.facebook.com/1_2',
      reason: null,
    };
    const { client, state, sent } = fakeLiveApi({
      article: live,
      entries: [
        entry(4, 'Goat concedes.', {
          keyEvent: true,
          shareToX: true,
          shareToFacebook: true,
          posts: [failedPost, posted],
        }),
        entry(3, 'Quiet.'),
      ],
      override: (req) => {
        if (req.method !== 'POST' || !req.url.endsWith('/live/entries/4/shares/x/retry')) return undefined;
        state.entries[0] = { ...state.entries[0]!, posts: [{ ...failedPost, state: 'queued', reason: null }, posted] };
        return json(202, { platform: 'x', state: 'queued' });
      },
    });
    renderInAdmin(<LiveConsole articleId={7} articleHref="/admin/articles/7" pollMs={0} />, client);
    const posts = await screen.findByRole('list', { name: /^Posts of the entry of / });
    expect(within(posts).getByText('X: Failed')).toBeTruthy();
    expect(within(posts).getByText('X refused the call.')).toBeTruthy();
    expect(within(posts).getByRole('link', { name: 'View post on Facebook' }).getAttribute('href')).toBe(
      'https://www.facebook.com/1_2',
    );
    // An entry never posted says nothing of posts.
    expect(screen.getAllByRole('list', { name: /^Posts of the entry of / })).toHaveLength(1);
    fireEvent.click(within(posts).getByRole('button', { name: /^Retry the X post of the entry of / }));
    await within(posts).findByText('X: Queued');
    expect(within(posts).queryByRole('button', { name: /^Retry/ })).toBeNull();
    expect(sent.filter((r) => r.method === 'POST').map((r) => r.url)).toEqual([
      '/api/admin/articles/7/live/entries/4/shares/x/retry',
    ]);
  });

  it('a withdrawn post says why; Retry sends it once the story is published again, and only for a key event with its box ticked', async () => {
    const withdrawn = {
      platform: 'x' as const,
      state: 'withdrawn' as const,
      postUrl: null,
      reason: 'The article was unpublished before it was posted.',
    };
    const noLonger = { ...withdrawn, reason: 'The entry stopped being a key event before it was posted.' };
    const unticked = { ...withdrawn, reason: 'Post to X was turned off before it was posted.' };
    const entries = () => [
      entry(5, 'Goat concedes.', { keyEvent: true, shareToX: true, posts: [withdrawn] }),
      entry(4, 'Goat sulks.', { posts: [noLonger] }),
      entry(3, 'Goat naps.', { keyEvent: true, shareToX: false, posts: [unticked] }),
    ];
    // The story is still unpublished: the post says why it was withdrawn, and there is nothing to retry yet.
    const unpublished = fakeLiveApi({
      article: article({ liveStartedAt: live.liveStartedAt, publishedAt: null, status: 'draft' }),
      entries: entries(),
    });
    const first = renderInAdmin(
      <LiveConsole articleId={7} articleHref="/admin/articles/7" pollMs={0} />,
      unpublished.client,
    );
    let lists = await screen.findAllByRole('list', { name: /^Posts of the entry of / });
    expect(lists).toHaveLength(3);
    expect(within(lists[0]!).getByText('X: Withdrawn')).toBeTruthy();
    expect(within(lists[0]!).getByText('The article was unpublished before it was posted.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^Retry/ })).toBeNull();
    first.unmount();

    // Published again: the key event's withdrawn post has Retry; the entry that is no longer a key event has none.
    let refuse = true;
    const { client, state, sent } = fakeLiveApi({
      article: live,
      entries: entries(),
      override: (req) => {
        if (req.method !== 'POST' || !req.url.endsWith('/live/entries/5/shares/x/retry')) return undefined;
        // The first time the server has it unpublished again meanwhile (another editor): its reason is shown.
        if (refuse) {
          refuse = false;
          return problem(409, 'Conflict', 'The article is not published: publish it again to retry its X post.');
        }
        state.entries[0] = { ...state.entries[0]!, posts: [{ ...withdrawn, state: 'queued', reason: null }] };
        return json(202, { platform: 'x', state: 'queued' });
      },
    });
    renderInAdmin(<LiveConsole articleId={7} articleHref="/admin/articles/7" pollMs={0} />, client);
    lists = await screen.findAllByRole('list', { name: /^Posts of the entry of / });
    expect(within(lists[1]!).getByText('The entry stopped being a key event before it was posted.')).toBeTruthy();
    expect(within(lists[1]!).queryByRole('button', { name: /^Retry/ })).toBeNull();
    // A key event whose box for X was unticked: why, and no Retry until it is ticked again.
    expect(within(lists[2]!).getByText('X: Withdrawn')).toBeTruthy();
    expect(within(lists[2]!).getByText('Post to X was turned off before it was posted.')).toBeTruthy();
    expect(within(lists[2]!).queryByRole('button', { name: /^Retry/ })).toBeNull();
    const retry = within(lists[0]!).getByRole('button', { name: /^Retry the X post of the entry of / });
    fireEvent.click(retry);
    expect((await within(lists[0]!).findByRole('alert')).textContent).toBe(
      'The article is not published: publish it again to retry its X post.',
    );
    fireEvent.click(retry);
    await within(lists[0]!).findByText('X: Queued');
    expect(screen.queryByRole('button', { name: /^Retry/ })).toBeNull();
    expect(sent.filter((r) => r.method === 'POST').map((r) => r.url)).toEqual([
      '/api/admin/articles/7/live/entries/5/shares/x/retry',
      '/api/admin/articles/7/live/entries/5/shares/x/retry',
    ]);
  });

  it('a failed load shows the error screen with the problem detail', async () => {
    const { client } = fakeLiveApi({
      override: (req) =>
        req.method === 'GET' && req.url === '/api/admin/articles/7'
          ? problem(404, 'Not Found', 'No article 7.')
          : undefined,
    });
    renderInAdmin(<LiveConsole articleId={7} articleHref="/admin/articles/7" pollMs={0} />, client);
    expect(await screen.findByText('Failed to load article details')).toBeTruthy();
    expect(screen.getByText(/No article 7\./)).toBeTruthy();
  });
});
