// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { act } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Note } from '@common/notes-contract';
import { fakeApi, json, problem } from '@/testing/fake-admin-api';
import { recordToasts } from '@/testing/record-toasts';
import { renderInAdmin } from '@/testing/render-in-admin';
import { NOTES_REFRESH_MS } from '../api/notes.ts';
import { formatAdminDate } from '../lib/format-date.ts';
import { NotesPanel } from './notes-panel.tsx';

const toasts = recordToasts();
afterEach(() => {
  cleanup();
  sessionStorage.clear();
});

const note = (id: number, text: string, over: Partial<Note> = {}): Note => ({
  id,
  text,
  createdAt: `2026-03-0${id}T10:00:00.000Z`,
  createdBy: 'Nora Notes',
  mine: true,
  mentions: [],
  forYou: false,
  unread: false,
  resolved: null,
  replyTo: null,
  editedAt: null,
  replies: [],
  ...over,
});

/**
 * Article 7's notes on a fake server: POST adds (newest first), DELETE removes one's own (else 403); a reply
 * to, or an edit in, a resolved thread is refused (409). `resolveElsewhere` is another editor resolving a
 * note from their own screen.
 */
function notesApi(initial: Note[] = []) {
  let list = [...initial];
  let next = 10;
  const resolvedNote = (id: number) => list.find((n) => n.id === id && n.resolved);
  const api = fakeApi((req) => {
    if (req.url === '/api/admin/mentions/read') return json(200, { unread: 0 });
    const m = /\/api\/admin\/articles\/7\/notes(?:\/(\d+))?$/.exec(req.url);
    if (!m) return json(200, {});
    const body = req.body as { text?: string } | undefined;
    if (req.method === 'GET') return json(200, { notes: list });
    if (req.method === 'POST') {
      if (body!.text === 'The server refuses this') {
        return problem(400, 'Bad Request', 'body/text', {
          errors: [{ in: 'body', name: 'text', message: 'must not contain control characters (found U+0007)' }],
        });
      }
      const replyTo = (req.body as { replyTo?: number }).replyTo;
      if (replyTo !== undefined && resolvedNote(replyTo)) {
        return problem(409, 'Conflict', `Note ${replyTo} is resolved: reopen it to reply.`);
      }
      const made = note(9, body!.text!, { id: next++, replyTo: replyTo ?? null });
      if (replyTo === undefined) list = [made, ...list];
      else list = list.map((n) => (n.id === replyTo ? { ...n, replies: [...n.replies, made] } : n));
      return json(201, made);
    }
    const reply = list.flatMap((n) => n.replies).find((r) => r.id === Number(m[1]));
    if (reply && req.method === 'DELETE') {
      list = list.map((n) => ({ ...n, replies: n.replies.filter((r) => r !== reply) }));
      return json(204, null);
    }
    const target = list.find((n) => n.id === Number(m[1]));
    if (!target) return problem(404, 'Not Found');
    if (req.method === 'PATCH') {
      const { resolved, text } = req.body as { resolved?: boolean; text?: string };
      if (text !== undefined && target.resolved) {
        return problem(409, 'Conflict', `Note ${target.id} is resolved: reopen it to edit.`);
      }
      const changed: Note =
        text !== undefined
          ? { ...target, text, editedAt: '2026-03-06T08:00:00.000Z' }
          : { ...target, resolved: resolved ? { at: '2026-03-05T16:30:00.000Z', by: 'Nora Notes' } : null };
      list = list.map((n) => (n === target ? changed : n));
      return json(200, changed);
    }
    if (!target.mine) return problem(403, 'Forbidden', 'Only the editor who added a note can delete it.');
    list = list.filter((n) => n !== target);
    return json(204, null);
  });
  const resolveElsewhere = (id: number) => {
    list = list.map((n) =>
      n.id === id ? { ...n, resolved: { at: '2026-03-05T16:30:00.000Z', by: 'Otto Other' } } : n,
    );
  };
  /** A colleague's note (or, with replyTo, reply) added from their own screen. */
  const addElsewhere = (made: Note) => {
    if (made.replyTo === null) list = [made, ...list];
    else list = list.map((n) => (n.id === made.replyTo ? { ...n, replies: [...n.replies, made] } : n));
  };
  const deleteElsewhere = (id: number) => {
    list = list.filter((n) => n.id !== id);
  };
  return { ...api, resolveElsewhere, addElsewhere, deleteElsewhere };
}

const panel = () => within(screen.getByRole('region', { name: /^Notes/ }));
const posts = (api: ReturnType<typeof notesApi>) => api.sent.filter((r) => r.method === 'POST');

/** Otto's note and the editor's own, each with a reply being written ('Credit: Ann Photo', 'Quote checked'). */
async function replyingToTwo() {
  const api = notesApi([
    note(2, 'Who took the photo?', { createdBy: 'Otto Other', mine: false }),
    note(1, 'Check the quote'),
  ]);
  renderInAdmin(<NotesPanel articleId={7} />, api.client);
  for (const [author, text] of [
    ['Otto Other', 'Credit: Ann Photo'],
    ['Nora Notes', 'Quote checked'],
  ] as const) {
    fireEvent.click((await panel().findAllByRole('button', { name: /^Reply to the note of/ }))[0]!);
    fireEvent.change(panel().getByRole('textbox', { name: `Reply to ${author}` }), { target: { value: text } });
  }
  return api;
}

/** After the next refresh, with no note left: the line saying why, and Add a note's text. */
async function expectRescued(message: string, text: string) {
  await act(() => vi.advanceTimersByTimeAsync(NOTES_REFRESH_MS));
  await panel().findByText('No notes yet.');
  expect(panel().getByRole('alert').textContent).toBe(message);
  await waitFor(() =>
    expect((panel().getByRole('textbox', { name: 'Add a note' }) as HTMLTextAreaElement).value).toBe(text),
  );
}

describe('NotesPanel', () => {
  it('lists the notes newest first with author, time and text (line breaks kept, links not clickable), counted in the heading', async () => {
    const api = notesApi([
      note(2, 'Picture rights cleared.\nSee https://example.com/rights', { createdBy: 'Otto Other', mine: false }),
      note(1, 'Check the quote with legal before 6pm'),
    ]);
    renderInAdmin(<NotesPanel articleId={7} />, api.client);
    expect(await screen.findByRole('heading', { name: 'Notes (2)' })).toBeTruthy();
    const items = panel().getAllByRole('listitem');
    expect(items.map((li) => li.querySelector('strong')?.textContent)).toEqual(['Otto Other', 'Nora Notes']);
    const time = items[0]!.querySelector('time')!;
    expect(time.getAttribute('datetime')).toBe('2026-03-02T10:00:00.000Z');
    expect(time.textContent).toBe(formatAdminDate('2026-03-02T10:00:00.000Z'));
    const text = within(items[0]!).getByText(/Picture rights cleared/);
    expect(text.textContent).toBe('Picture rights cleared.\nSee https://example.com/rights');
    expect(text.className).toContain('admin-pre');
    expect(panel().queryByRole('link')).toBeNull();
    // Only one's own note can be deleted.
    expect(within(items[0]!).queryByRole('button', { name: /Delete note/ })).toBeNull();
    expect(within(items[1]!).getByRole('button', { name: /^Delete note/ })).toBeTruthy();
  });

  it("says 'For you' on a colleague's note that mentions the editor, 'New' the first time, and has its mentions marked read once", async () => {
    const sam = { username: 'sam.editor', name: 'Sam Editor' };
    const api = notesApi([
      note(3, '@sam.editor and again', {
        createdBy: 'Otto Other',
        mine: false,
        mentions: [sam],
        forYou: true,
        unread: true,
      }),
      note(2, 'Earlier, @sam.editor', { createdBy: 'Otto Other', mine: false, mentions: [sam], forYou: true }),
      note(1, 'Nothing for Sam'),
    ]);
    renderInAdmin(<NotesPanel articleId={7} />, api.client);
    expect(await screen.findByRole('heading', { name: 'Notes (3)' })).toBeTruthy();
    const items = panel().getAllByRole('listitem');
    expect(within(items[0]!).getByText('For you')).toBeTruthy();
    expect(within(items[0]!).getByText('New')).toBeTruthy();
    expect(within(items[1]!).getByText('For you')).toBeTruthy();
    expect(within(items[1]!).queryByText('New')).toBeNull();
    expect(within(items[2]!).queryByText(/For you|New/)).toBeNull();
    await waitFor(() =>
      expect(posts(api).map((r) => [r.url, r.body])).toEqual([['/api/admin/mentions/read', { articleId: 7 }]]),
    );
    // Adding a note reloads the list: the same new note is not asked about again.
    fireEvent.change(panel().getByRole('textbox', { name: 'Add a note' }), { target: { value: 'Seen, thanks' } });
    fireEvent.keyDown(panel().getByRole('textbox', { name: 'Add a note' }), { key: 'Enter', ctrlKey: true });
    expect(await screen.findByRole('heading', { name: 'Notes (4)' })).toBeTruthy();
    expect(posts(api).map((r) => r.url)).toEqual(['/api/admin/mentions/read', '/api/admin/articles/7/notes']);
  });

  it("resolves a colleague's note and reopens it with one button that keeps the focus, saying who resolved it and when", async () => {
    const api = notesApi([note(2, 'Call the goose', { createdBy: 'Otto Other', mine: false })]);
    renderInAdmin(<NotesPanel articleId={7} />, api.client);
    const item = await panel().findByRole('listitem');
    const button = within(item).getByRole('button', {
      name: `Resolve note of ${formatAdminDate(note(2, '').createdAt)}`,
    });
    button.focus();
    fireEvent.click(button);
    await waitFor(() => expect(toasts.map((t) => t.title)).toContain('Note resolved'));
    expect(api.sent.filter((r) => r.method === 'PATCH').map((r) => [r.url, r.body])).toEqual([
      ['/api/admin/articles/7/notes/2', { resolved: true }],
    ]);
    const resolved = await within(item).findByText(/^Resolved by/);
    expect(resolved.textContent).toBe(`Resolved by Nora Notes, ${formatAdminDate('2026-03-05T16:30:00.000Z')}`);
    expect(item.className).toContain('admin-notes__item--resolved');
    const reopen = within(item).getByRole('button', { name: /^Reopen note of/ });
    expect(document.activeElement).toBe(reopen);
    fireEvent.click(reopen);
    await waitFor(() => expect(toasts.map((t) => t.title)).toContain('Note reopened'));
    await waitFor(() => expect(within(item).queryByText(/^Resolved by/)).toBeNull());
    expect(within(item).getByRole('button', { name: /^Resolve note of/ })).toBe(reopen);
  });

  it('offers no Resolve in the Trash (read-only)', async () => {
    renderInAdmin(<NotesPanel articleId={7} readOnly />, notesApi([note(1, 'Kept')]).client);
    const item = await panel().findByRole('listitem');
    expect(within(item).queryByRole('button')).toBeNull();
  });

  it('asks nothing to be marked read when no note is new to the editor', async () => {
    const api = notesApi([note(2, 'Earlier, @sam.editor', { mine: false, forYou: true }), note(1, 'Mine')]);
    renderInAdmin(<NotesPanel articleId={7} />, api.client);
    expect(await screen.findByRole('heading', { name: 'Notes (2)' })).toBeTruthy();
    expect(posts(api)).toEqual([]);
  });

  it('says No notes yet. when there are none', async () => {
    renderInAdmin(<NotesPanel articleId={7} />, notesApi().client);
    expect(await panel().findByText('No notes yet.')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Notes' })).toBeTruthy();
  });

  it('adds a note with Add note or Ctrl/Cmd+Enter; empty or too long is refused by the field and nothing is sent', async () => {
    const api = notesApi();
    renderInAdmin(<NotesPanel articleId={7} />, api.client);
    await panel().findByText('No notes yet.');
    const field = panel().getByRole('textbox', { name: 'Add a note' }) as HTMLTextAreaElement;
    expect(panel().getByText('0 / 1,000')).toBeTruthy();

    fireEvent.change(field, { target: { value: '   \n  ' } });
    fireEvent.click(panel().getByRole('button', { name: 'Add note' }));
    expect(panel().getByRole('alert').textContent).toBe('The note must not be empty.');
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(field);

    fireEvent.change(field, { target: { value: '👍🏽'.repeat(1001) } });
    expect(panel().getByText('1,001 / 1,000')).toBeTruthy();
    fireEvent.keyDown(field, { key: 'Enter', ctrlKey: true });
    expect(panel().getByRole('alert').textContent).toBe('The note must be at most 1,000 characters (it has 1,001).');
    expect(posts(api)).toEqual([]);

    fireEvent.change(field, { target: { value: '  Legal says yes.\nRun it.  ' } });
    expect(panel().queryByRole('alert')).toBeNull();
    expect(panel().getByText('23 / 1,000')).toBeTruthy();
    fireEvent.keyDown(field, { key: 'Enter', ctrlKey: true });
    await waitFor(() => expect(toasts.map((t) => t.title)).toContain('Note added'));
    expect(posts(api).map((r) => r.body)).toEqual([{ text: 'Legal says yes.\nRun it.' }]);
    expect(await screen.findByRole('heading', { name: 'Notes (1)' })).toBeTruthy();
    expect(panel().getByRole('listitem').textContent).toContain('Legal says yes.');
    expect(field.value).toBe('');
    expect(document.activeElement).toBe(field);

    // Cmd+Enter on a Mac; Shift+Enter or a plain Enter is a new line, not a send.
    fireEvent.change(field, { target: { value: 'Second' } });
    fireEvent.keyDown(field, { key: 'Enter' });
    fireEvent.keyDown(field, { key: 'Enter', ctrlKey: true, shiftKey: true });
    expect(posts(api)).toHaveLength(1);
    fireEvent.keyDown(field, { key: 'Enter', metaKey: true });
    await waitFor(() => expect(posts(api)).toHaveLength(2));
    await waitFor(() => expect(field.value).toBe(''));

    // Sent twice at once (Ctrl+Enter pressed twice, a double-click): one note, one request (the admin
    // mutation's own one-at-a-time rule).
    fireEvent.change(field, { target: { value: 'Only once' } });
    fireEvent.keyDown(field, { key: 'Enter', ctrlKey: true });
    fireEvent.click(panel().getByRole('button', { name: /Add note|Adding…/ }));
    fireEvent.keyDown(field, { key: 'Enter', ctrlKey: true });
    await waitFor(() => expect(field.value).toBe(''));
    expect(posts(api).map((r) => r.body)).toEqual([
      { text: 'Legal says yes.\nRun it.' },
      { text: 'Second' },
      { text: 'Only once' },
    ]);
  });

  it('shows a refusal of the server by the field, not in a toast', async () => {
    const api = notesApi();
    renderInAdmin(<NotesPanel articleId={7} />, api.client);
    await panel().findByText('No notes yet.');
    const field = panel().getByRole('textbox', { name: 'Add a note' });
    fireEvent.change(field, { target: { value: 'The server refuses this' } });
    fireEvent.click(panel().getByRole('button', { name: 'Add note' }));
    expect((await panel().findByRole('alert')).textContent).toBe(
      'The note must not contain control characters (found U+0007).',
    );
    expect(toasts).toEqual([]);
  });

  it('deletes one’s own note only after the confirm, the focus then on the heading', async () => {
    const api = notesApi([note(2, 'Keep me'), note(1, 'Delete me')]);
    renderInAdmin(<NotesPanel articleId={7} />, api.client);
    const items = await panel().findAllByRole('listitem');
    fireEvent.click(within(items[1]!).getByRole('button', { name: /^Delete note/ }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete this note?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(api.sent.filter((r) => r.method === 'DELETE')).toEqual([]);
    expect(panel().getAllByRole('listitem')).toHaveLength(2);

    fireEvent.click(within(panel().getAllByRole('listitem')[1]!).getByRole('button', { name: /^Delete note/ }));
    const again = await screen.findByRole('alertdialog', { name: 'Delete this note?' });
    fireEvent.click(within(again).getByRole('button', { name: 'Delete note' }));
    await waitFor(() => expect(panel().getAllByRole('listitem')).toHaveLength(1));
    expect(panel().queryByText('Delete me')).toBeNull();
    expect(api.sent.filter((r) => r.method === 'DELETE').map((r) => r.url)).toEqual([
      expect.stringMatching(/\/articles\/7\/notes\/1$/),
    ]);
    expect(toasts.map((t) => t.title)).toContain('Note deleted');
    await waitFor(() => expect(document.activeElement?.textContent).toBe('Notes (1)'));
  });

  it("lists a note's replies under it, oldest first; Reply opens a form that takes the focus, sends replyTo, and gives the focus back", async () => {
    const sam = { username: 'sam.editor', name: 'Sam Editor' };
    const api = notesApi([
      note(2, 'Who took the photo?', {
        createdBy: 'Otto Other',
        mine: false,
        replies: [
          { ...note(3, 'The pond society', { mine: false, createdBy: 'Pia Press', replyTo: 2 }) },
          {
            ...note(4, '@sam.editor can you credit them?', {
              mine: false,
              createdBy: 'Otto Other',
              replyTo: 2,
              mentions: [sam],
              forYou: true,
              unread: true,
            }),
          },
          { ...note(5, 'Done', { replyTo: 2 }) },
        ],
      }),
    ]);
    renderInAdmin(<NotesPanel articleId={7} />, api.client);
    // The heading counts notes, not replies.
    expect(await screen.findByRole('heading', { name: 'Notes (1)' })).toBeTruthy();
    const replies = within(panel().getByRole('list', { name: 'Replies to Otto Other, oldest first' }));
    const items = replies.getAllByRole('listitem');
    expect(items.map((li) => li.querySelector('.admin-notes__text')?.textContent)).toEqual([
      'The pond society',
      '@sam.editor (Sam Editor) can you credit them?',
      'Done',
    ]);
    expect(within(items[1]!).getByText('For you')).toBeTruthy();
    expect(within(items[1]!).getByText('New')).toBeTruthy();
    // A reply new to the editor is marked read as a note is.
    await waitFor(() => expect(posts(api).map((r) => r.url)).toEqual(['/api/admin/mentions/read']));
    // Edit and Delete reply on one's own only; no Resolve or Reply on a reply.
    expect(
      items.map((li) =>
        within(li)
          .queryAllByRole('button')
          .map((b) => b.textContent),
      ),
    ).toEqual([
      [],
      [],
      [
        `Edit reply of ${formatAdminDate(note(5, '').createdAt)}`,
        `Delete reply of ${formatAdminDate(note(5, '').createdAt)}`,
      ],
    ]);

    const replyButton = panel().getByRole('button', { name: /^Reply to the note of/ });
    fireEvent.click(replyButton);
    const field = panel().getByRole('textbox', { name: 'Reply to Otto Other' }) as HTMLTextAreaElement;
    expect(document.activeElement).toBe(field);
    expect(panel().queryByRole('button', { name: /^Reply to the note of/ })).toBeNull();
    // Empty: refused by the field, in its own words.
    fireEvent.keyDown(field, { key: 'Enter', ctrlKey: true });
    expect(panel().getByRole('alert').textContent).toBe('The reply must not be empty.');
    fireEvent.change(field, { target: { value: ' Credited. ' } });
    fireEvent.keyDown(field, { key: 'Enter', ctrlKey: true });
    await waitFor(() => expect(toasts.map((t) => t.title)).toContain('Reply added'));
    expect(
      posts(api)
        .slice(1)
        .map((r) => [r.url, r.body]),
    ).toEqual([['/api/admin/articles/7/notes', { text: 'Credited.', replyTo: 2 }]]);
    await waitFor(() => expect(replies.getAllByRole('listitem')).toHaveLength(4));
    expect(panel().queryByRole('textbox', { name: 'Reply to Otto Other' })).toBeNull();
    await waitFor(() => expect(document.activeElement?.textContent).toMatch(/^Reply to the note of/));

    // Escape in the field, or Cancel, closes the form with nothing sent.
    fireEvent.click(panel().getByRole('button', { name: /^Reply to the note of/ }));
    fireEvent.change(panel().getByRole('textbox', { name: 'Reply to Otto Other' }), {
      target: { value: 'Never mind' },
    });
    fireEvent.keyDown(panel().getByRole('textbox', { name: 'Reply to Otto Other' }), { key: 'Escape' });
    expect(panel().queryByRole('textbox', { name: 'Reply to Otto Other' })).toBeNull();
    fireEvent.click(panel().getByRole('button', { name: /^Reply to the note of/ }));
    fireEvent.click(panel().getByRole('button', { name: 'Cancel' }));
    expect(panel().queryByRole('textbox', { name: 'Reply to Otto Other' })).toBeNull();
    expect(posts(api)).toHaveLength(2);
  });

  it('offers no Reply on a resolved note nor in the Trash', async () => {
    const resolved = { at: '2026-03-05T16:30:00.000Z', by: 'Nora Notes' };
    const { client } = notesApi([note(1, 'Done and dusted', { resolved })]);
    renderInAdmin(<NotesPanel articleId={7} />, client);
    const item = await panel().findByRole('listitem');
    expect(within(item).queryByRole('button', { name: /^Reply/ })).toBeNull();
    expect(within(item).getByRole('button', { name: /^Reopen/ })).toBeTruthy();
    cleanup();
    renderInAdmin(
      <NotesPanel articleId={7} readOnly />,
      notesApi([note(1, 'Kept', { replies: [note(2, 'Answer', { replyTo: 1 })] })]).client,
    );
    expect(await panel().findByText('Answer')).toBeTruthy();
    expect(panel().queryByRole('button')).toBeNull();
  });

  it('deletes a reply after its own question; deleting a note says how many replies go with it', async () => {
    const api = notesApi([
      note(1, 'Who took the photo?', {
        replies: [note(2, 'Me', { replyTo: 1 }), note(3, 'Me too', { replyTo: 1, mine: false })],
      }),
    ]);
    renderInAdmin(<NotesPanel articleId={7} />, api.client);
    await panel().findByText('Me too');
    fireEvent.click(panel().getByRole('button', { name: /^Delete note/ }));
    const thread = await screen.findByRole('alertdialog', { name: 'Delete this note?' });
    expect(thread.textContent).toContain('It is deleted for every editor, with its 2 replies. This cannot be undone.');
    fireEvent.click(within(thread).getByRole('button', { name: 'Cancel' }));

    fireEvent.click(panel().getByRole('button', { name: /^Delete reply/ }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete this reply?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete reply' }));
    await waitFor(() => expect(panel().queryByText('Me')).toBeNull());
    expect(api.sent.filter((r) => r.method === 'DELETE').map((r) => r.url)).toEqual([
      expect.stringMatching(/\/articles\/7\/notes\/2$/),
    ]);
    expect(toasts.map((t) => t.title)).toContain('Reply deleted');
  });

  it("edits one's own note in place: Edit opens it filled and focused, Ctrl+Enter saves, 'edited' shows, the focus is back on Edit", async () => {
    const api = notesApi([
      note(2, 'Not mine', { createdBy: 'Otto Other', mine: false }),
      note(1, 'Chek the quote'),
      note(3, 'Done already', { resolved: { at: '2026-03-05T16:30:00.000Z', by: 'Otto Other' } }),
    ]);
    renderInAdmin(<NotesPanel articleId={7} />, api.client);
    const items = await panel().findAllByRole('listitem');
    // Only one's own open note has Edit.
    expect(within(items[0]!).queryByRole('button', { name: /^Edit/ })).toBeNull();
    expect(within(items[2]!).queryByRole('button', { name: /^Edit/ })).toBeNull();
    const edit = within(items[1]!).getByRole('button', {
      name: `Edit note of ${formatAdminDate(note(1, '').createdAt)}`,
    });
    fireEvent.click(edit);
    const field = within(items[1]!).getByRole('textbox', { name: 'Edit your note' }) as HTMLTextAreaElement;
    expect(field.value).toBe('Chek the quote');
    expect(document.activeElement).toBe(field);
    expect(within(items[1]!).queryByText('Chek the quote', { selector: 'p' })).toBeNull();
    // Escape: closed, nothing sent.
    fireEvent.keyDown(field, { key: 'Escape' });
    expect(within(items[1]!).queryByRole('textbox')).toBeNull();
    expect(api.sent.filter((r) => r.method === 'PATCH')).toEqual([]);

    fireEvent.click(within(items[1]!).getByRole('button', { name: /^Edit note of/ }));
    const again = within(items[1]!).getByRole('textbox', { name: 'Edit your note' });
    fireEvent.change(again, { target: { value: '' } });
    fireEvent.keyDown(again, { key: 'Enter', ctrlKey: true });
    expect(within(items[1]!).getByRole('alert').textContent).toBe('The note must not be empty.');
    fireEvent.change(again, { target: { value: ' Check the quote ' } });
    fireEvent.keyDown(again, { key: 'Enter', ctrlKey: true });
    await waitFor(() => expect(toasts.map((t) => t.title)).toContain('Note edited'));
    expect(api.sent.filter((r) => r.method === 'PATCH').map((r) => [r.url, r.body])).toEqual([
      ['/api/admin/articles/7/notes/1', { text: 'Check the quote' }],
    ]);
    await within(items[1]!).findByText('Check the quote');
    expect(items[1]!.querySelector('.admin-notes__edited')?.textContent).toBe(
      `edited ${formatAdminDate('2026-03-06T08:00:00.000Z')}`,
    );
    await waitFor(() => expect(document.activeElement?.textContent).toMatch(/^Edit note of/));
  });

  it('keeps a reply being written, and its text, when a colleague resolves the note meanwhile; Reopen, and it sends', async () => {
    const api = notesApi([note(2, 'Who took the photo?', { createdBy: 'Otto Other', mine: false })]);
    renderInAdmin(<NotesPanel articleId={7} />, api.client);
    fireEvent.click(await panel().findByRole('button', { name: /^Reply to the note of/ }));
    const field = panel().getByRole('textbox', { name: 'Reply to Otto Other' }) as HTMLTextAreaElement;
    fireEvent.change(field, { target: { value: 'Credit: Ann Photo' } });
    api.resolveElsewhere(2);
    fireEvent.keyDown(field, { key: 'Enter', ctrlKey: true });
    await waitFor(() =>
      expect(toasts.map((t) => [t.title, t.description])).toContainEqual([
        'Failed to add the reply',
        '409 Conflict: Note 2 is resolved: reopen it to reply.',
      ]),
    );
    // The list shows the note resolved; the form stays, with its text, and says why it waits.
    await panel().findByText(/^Resolved by/);
    const kept = panel().getByRole('textbox', { name: 'Reply to Otto Other' }) as HTMLTextAreaElement;
    expect(kept.value).toBe('Credit: Ann Photo');
    const why = panel().getByRole('alert');
    expect(why.textContent).toBe('Otto Other resolved this note: reopen it to send your reply.');
    expect(kept.getAttribute('aria-describedby')).toContain(why.id);
    // Sending again waits: nothing more is sent, the focus is on the field.
    fireEvent.click(panel().getByRole('button', { name: 'Reply' }));
    expect(document.activeElement).toBe(kept);
    expect(posts(api)).toHaveLength(1);
    // Reopen beside it; once open, the reply goes.
    fireEvent.click(panel().getByRole('button', { name: /^Reopen/ }));
    await waitFor(() => expect(panel().queryByRole('alert')).toBeNull());
    fireEvent.keyDown(kept, { key: 'Enter', ctrlKey: true });
    await waitFor(() => expect(toasts.map((t) => t.title)).toContain('Reply added'));
    expect(posts(api).map((r) => r.body)).toEqual([
      { text: 'Credit: Ann Photo', replyTo: 2 },
      { text: 'Credit: Ann Photo', replyTo: 2 },
    ]);
    await panel().findByText('Credit: Ann Photo');
    expect(panel().queryByRole('textbox', { name: 'Reply to Otto Other' })).toBeNull();
  });

  it('gives the focus to Reopen when a reply held by a resolution is cancelled', async () => {
    const api = notesApi([note(2, 'Who took the photo?', { createdBy: 'Otto Other', mine: false })]);
    renderInAdmin(<NotesPanel articleId={7} />, api.client);
    fireEvent.click(await panel().findByRole('button', { name: /^Reply to the note of/ }));
    const field = panel().getByRole('textbox', { name: 'Reply to Otto Other' });
    fireEvent.change(field, { target: { value: 'Credit: Ann Photo' } });
    api.resolveElsewhere(2);
    fireEvent.keyDown(field, { key: 'Enter', ctrlKey: true });
    await panel().findByRole('alert');
    fireEvent.keyDown(field, { key: 'Escape' });
    expect(panel().queryByRole('textbox', { name: 'Reply to Otto Other' })).toBeNull();
    await waitFor(() => expect(document.activeElement?.textContent).toMatch(/^Reopen/));
  });

  it('keeps an edit under way when the note is resolved meanwhile, and opens an edit with the caret after the text', async () => {
    const api = notesApi([note(1, 'Chek the quote')]);
    renderInAdmin(<NotesPanel articleId={7} />, api.client);
    fireEvent.click(await panel().findByRole('button', { name: /^Edit note of/ }));
    const field = panel().getByRole('textbox', { name: 'Edit your note' }) as HTMLTextAreaElement;
    expect([field.selectionStart, field.selectionEnd]).toEqual([14, 14]);
    fireEvent.change(field, { target: { value: 'Check the quote' } });
    api.resolveElsewhere(1);
    fireEvent.keyDown(field, { key: 'Enter', ctrlKey: true });
    await waitFor(() =>
      expect(toasts.map((t) => [t.title, t.description])).toContainEqual([
        'Failed to save the note',
        '409 Conflict: Note 1 is resolved: reopen it to edit.',
      ]),
    );
    await waitFor(() =>
      expect(panel().getByRole('alert').textContent).toBe(
        'Otto Other resolved this note: reopen it to save your edit.',
      ),
    );
    expect((panel().getByRole('textbox', { name: 'Edit your note' }) as HTMLTextAreaElement).value).toBe(
      'Check the quote',
    );
    fireEvent.click(panel().getByRole('button', { name: /^Reopen/ }));
    await waitFor(() => expect(panel().queryByRole('alert')).toBeNull());
    fireEvent.click(panel().getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(toasts.map((t) => t.title)).toContain('Note edited'));
    await panel().findByText('Check the quote');
  });

  it("asks for the notes again while shown: a colleague's note, reply or resolution shows, and their note or reply is announced", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const api = notesApi([note(1, 'Check the quote')]);
      renderInAdmin(<NotesPanel articleId={7} />, api.client);
      await panel().findByText('Check the quote');
      const status = screen.getByTestId('notes-arrivals');
      expect(status.getAttribute('role')).toBe('status');
      expect(status.textContent).toBe('');
      const gets = () => api.sent.filter((r) => r.method === 'GET').length;
      const before = gets();

      api.addElsewhere(note(2, 'Legal says fine.', { createdBy: 'Otto Other', mine: false }));
      await act(() => vi.advanceTimersByTimeAsync(NOTES_REFRESH_MS));
      await panel().findByText('Legal says fine.');
      expect(gets()).toBe(before + 1);
      expect(status.textContent).toBe('Otto Other added a note.');
      expect(screen.getByRole('heading', { name: 'Notes (2)' })).toBeTruthy();

      api.addElsewhere(note(3, 'Thanks!', { id: 30, createdBy: 'Otto Other', mine: false, replyTo: 1 }));
      api.resolveElsewhere(1);
      await act(() => vi.advanceTimersByTimeAsync(NOTES_REFRESH_MS));
      await panel().findByText('Thanks!');
      expect((await panel().findByText(/^Resolved by/)).textContent).toMatch(/^Resolved by Otto Other, /);
      expect(status.textContent).toBe('Otto Other replied to a note.');

      // Two at once are counted; the editor's own (from another tab) is not announced.
      api.addElsewhere(note(4, 'One', { id: 40, createdBy: 'Otto Other', mine: false }));
      api.addElsewhere(note(5, 'Two', { id: 50, createdBy: 'Dana Desk', mine: false }));
      await act(() => vi.advanceTimersByTimeAsync(NOTES_REFRESH_MS));
      await panel().findByText('Two');
      expect(status.textContent).toBe('2 new notes and replies from colleagues.');
      const said = status.firstElementChild;
      api.addElsewhere(note(6, 'Mine, from my phone', { id: 60 }));
      await act(() => vi.advanceTimersByTimeAsync(NOTES_REFRESH_MS));
      await panel().findByText('Mine, from my phone');
      expect(status.textContent).toBe('2 new notes and replies from colleagues.');
      expect(status.firstElementChild).toBe(said);
      // The same words for the next two are said again: a new node in the live region, not the same text left.
      api.addElsewhere(note(7, 'Three', { id: 70, createdBy: 'Otto Other', mine: false }));
      api.addElsewhere(note(8, 'Four', { id: 80, createdBy: 'Dana Desk', mine: false }));
      await act(() => vi.advanceTimersByTimeAsync(NOTES_REFRESH_MS));
      await panel().findByText('Four');
      expect(status.textContent).toBe('2 new notes and replies from colleagues.');
      expect(status.firstElementChild).not.toBe(said);
    } finally {
      vi.useRealTimers();
    }
  });

  it('moves a reply being written to Add a note when its note is deleted meanwhile, and says why', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const api = notesApi([
        note(2, 'Who took the photo?', { createdBy: 'Otto Other', mine: false }),
        note(1, 'Check the quote'),
      ]);
      renderInAdmin(<NotesPanel articleId={7} />, api.client);
      const top = (await panel().findByRole('textbox', { name: 'Add a note' })) as HTMLTextAreaElement;
      fireEvent.change(top, { target: { value: 'Headline agreed.' } });
      fireEvent.click(panel().getAllByRole('button', { name: /^Reply to the note of/ })[0]!);
      const field = panel().getByRole('textbox', { name: 'Reply to Otto Other' });
      fireEvent.change(field, { target: { value: 'Credit: Ann Photo' } });
      // A reply closed unsent is not kept.
      fireEvent.click(panel().getAllByRole('button', { name: /^Reply to the note of/ })[0]!);
      const dropped = panel().getByRole('textbox', { name: 'Reply to Nora Notes' });
      fireEvent.change(dropped, { target: { value: 'Dropped' } });
      fireEvent.keyDown(dropped, { key: 'Escape' });
      api.deleteElsewhere(1);
      api.deleteElsewhere(2);
      await act(() => vi.advanceTimersByTimeAsync(NOTES_REFRESH_MS));
      await panel().findByText('No notes yet.');
      expect(panel().queryByRole('textbox', { name: 'Reply to Otto Other' })).toBeNull();
      expect(panel().getByRole('alert').textContent).toBe(
        'Otto Other’s note was deleted while you were replying to it: your reply is in Add a note, to send as a note of its own.',
      );
      expect(top.value).toBe('Headline agreed.\n\nCredit: Ann Photo');
      expect(document.activeElement).toBe(top);
      expect(posts(api)).toEqual([]);
      cleanup();
      sessionStorage.clear();

      // Two at once, one of them the editor's own note (deleted from another tab): both replies are kept.
      const again = await replyingToTwo();
      again.deleteElsewhere(1);
      await act(() => vi.advanceTimersByTimeAsync(NOTES_REFRESH_MS));
      await waitFor(() =>
        expect(panel().getByRole('alert').textContent).toBe(
          'Your note was deleted while you were replying to it: your reply is in Add a note, to send as a note of its own.',
        ),
      );
      again.deleteElsewhere(2);
      await expectRescued(
        'Otto Other’s note was deleted while you were replying to it: your reply is in Add a note, to send as a note of its own.',
        'Quote checked\n\nCredit: Ann Photo',
      );
      cleanup();
      sessionStorage.clear();

      const both = await replyingToTwo();
      both.deleteElsewhere(1);
      both.deleteElsewhere(2);
      await expectRescued(
        'The notes you were replying to were deleted: your replies are in Add a note, to send as a note of their own.',
        'Credit: Ann Photo\n\nQuote checked',
      );
    } finally {
      vi.useRealTimers();
    }
  });

  it('sends a rescued reply as a note, and the line saying why goes', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const api = notesApi([note(2, 'Who took the photo?', { createdBy: 'Otto Other', mine: false })]);
      renderInAdmin(<NotesPanel articleId={7} />, api.client);
      const top = (await panel().findByRole('textbox', { name: 'Add a note' })) as HTMLTextAreaElement;
      fireEvent.click(panel().getByRole('button', { name: /^Reply to the note of/ }));
      fireEvent.change(panel().getByRole('textbox', { name: 'Reply to Otto Other' }), {
        target: { value: 'Credit: Ann Photo' },
      });
      api.deleteElsewhere(2);
      await act(() => vi.advanceTimersByTimeAsync(NOTES_REFRESH_MS));
      await panel().findByRole('alert');
      // Sent as a note: the line has done its work.
      fireEvent.keyDown(top, { key: 'Enter', ctrlKey: true });
      await waitFor(() => expect(toasts.map((t) => t.title)).toContain('Note added'));
      expect(posts(api).map((r) => r.body)).toEqual([{ text: 'Credit: Ann Photo' }]);
      await waitFor(() => expect(panel().queryByRole('alert')).toBeNull());
    } finally {
      vi.useRealTimers();
    }
  });

  it('keeps the unsent text of Add a note, a reply and an edit when the panel goes, and opens them with it again (not focused)', async () => {
    const api = notesApi([
      note(2, 'Who took the photo?', { createdBy: 'Otto Other', mine: false }),
      note(1, 'Chek the quote'),
    ]);
    renderInAdmin(<NotesPanel articleId={7} />, api.client);
    fireEvent.change(await panel().findByRole('textbox', { name: 'Add a note' }), {
      target: { value: 'Headline agreed.' },
    });
    fireEvent.click((await panel().findAllByRole('button', { name: /^Reply to the note of/ }))[0]!);
    fireEvent.change(panel().getByRole('textbox', { name: 'Reply to Otto Other' }), {
      target: { value: 'Credit: Ann Photo' },
    });
    fireEvent.click(panel().getByRole('button', { name: /^Edit note of/ }));
    fireEvent.change(panel().getByRole('textbox', { name: 'Edit your note' }), {
      target: { value: 'Check the quote' },
    });
    // The screen left (the story's edit form, another page): the panel goes, and comes back.
    cleanup();
    renderInAdmin(<NotesPanel articleId={7} />, api.client);
    const value = async (name: string) =>
      ((await panel().findByRole('textbox', { name })) as HTMLTextAreaElement).value;
    expect(await value('Add a note')).toBe('Headline agreed.');
    expect(await value('Reply to Otto Other')).toBe('Credit: Ann Photo');
    expect(await value('Edit your note')).toBe('Check the quote');
    expect(document.activeElement).toBe(document.body);
    // Another story's panel has none of it.
    cleanup();
    renderInAdmin(<NotesPanel articleId={8} />, notesApi().client);
    expect(await value('Add a note')).toBe('');
    expect(panel().queryByRole('textbox', { name: /^Reply to/ })).toBeNull();
    cleanup();

    // Cancelled, sent or saved: forgotten, the next panel opens without them.
    renderInAdmin(<NotesPanel articleId={7} />, api.client);
    // The reply's Cancel comes first (its form is under Otto's note, above the editor's own).
    fireEvent.click((await panel().findAllByRole('button', { name: 'Cancel' }))[0]!);
    expect(panel().queryByRole('textbox', { name: 'Reply to Otto Other' })).toBeNull();
    fireEvent.click(panel().getByRole('button', { name: 'Save' }));
    fireEvent.click(panel().getByRole('button', { name: 'Add note' }));
    await waitFor(() =>
      expect(toasts.map((t) => t.title)).toEqual(expect.arrayContaining(['Note edited', 'Note added'])),
    );
    cleanup();
    renderInAdmin(<NotesPanel articleId={7} />, api.client);
    expect(await value('Add a note')).toBe('');
    await panel().findByText('Headline agreed.');
    expect(panel().queryAllByRole('textbox')).toHaveLength(1);
  });

  it('in the Trash shows a note and a reply left unsent, waiting with a line saying why; Cancel gives the focus to the heading', async () => {
    const api = notesApi([note(2, 'Who took the photo?', { createdBy: 'Otto Other', mine: false })]);
    renderInAdmin(<NotesPanel articleId={7} />, api.client);
    fireEvent.change(await panel().findByRole('textbox', { name: 'Add a note' }), {
      target: { value: 'Headline agreed.' },
    });
    fireEvent.click(await panel().findByRole('button', { name: /^Reply to the note of/ }));
    fireEvent.change(panel().getByRole('textbox', { name: 'Reply to Otto Other' }), {
      target: { value: 'Credit: Ann Photo' },
    });
    // The story goes to the Trash: the screen shows its read-only panel in place of this one.
    cleanup();
    renderInAdmin(<NotesPanel articleId={7} readOnly />, api.client);
    const top = (await panel().findByRole('textbox', { name: 'Add a note' })) as HTMLTextAreaElement;
    expect(top.value).toBe('Headline agreed.');
    const reply = (await panel().findByRole('textbox', { name: 'Reply to Otto Other' })) as HTMLTextAreaElement;
    expect(reply.value).toBe('Credit: Ann Photo');
    expect(
      panel()
        .getAllByRole('alert')
        .map((a) => a.textContent),
    ).toEqual([
      'This story is in the Trash: restore it to add your note.',
      'This story is in the Trash: restore it to send your reply.',
    ]);
    // Sending waits; nothing is sent.
    fireEvent.keyDown(top, { key: 'Enter', ctrlKey: true });
    fireEvent.click(panel().getByRole('button', { name: 'Reply' }));
    expect(document.activeElement).toBe(reply);
    expect(posts(api)).toEqual([]);
    // With no Reply or Reopen in the Trash, Cancel leaves the focus on the panel's heading.
    fireEvent.click(panel().getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(document.activeElement?.textContent).toBe('Notes (1)'));
    // Restored: the note is there to add.
    cleanup();
    renderInAdmin(<NotesPanel articleId={7} />, api.client);
    expect(((await panel().findByRole('textbox', { name: 'Add a note' })) as HTMLTextAreaElement).value).toBe(
      'Headline agreed.',
    );
    expect(panel().queryByRole('textbox', { name: 'Reply to Otto Other' })).toBeNull();
  });

  it('moves a reply kept in the tab to Add a note when its note was deleted while the panel was away', async () => {
    const api = notesApi([note(2, 'Who took the photo?', { createdBy: 'Otto Other', mine: false })]);
    renderInAdmin(<NotesPanel articleId={7} />, api.client);
    fireEvent.click(await panel().findByRole('button', { name: /^Reply to the note of/ }));
    fireEvent.change(panel().getByRole('textbox', { name: 'Reply to Otto Other' }), {
      target: { value: 'Credit: Ann Photo' },
    });
    cleanup();
    api.deleteElsewhere(2);
    renderInAdmin(<NotesPanel articleId={7} />, api.client);
    await panel().findByText('No notes yet.');
    expect((await panel().findByRole('alert')).textContent).toBe(
      'Otto Other’s note was deleted while you were replying to it: your reply is in Add a note, to send as a note of its own.',
    );
    // The field takes the text once the line is drawn (its form's next render).
    await waitFor(() =>
      expect((panel().getByRole('textbox', { name: 'Add a note' }) as HTMLTextAreaElement).value).toBe(
        'Credit: Ann Photo',
      ),
    );
  });

  it('in the Trash shows the notes, with no field and no Delete note', async () => {
    const api = notesApi([note(1, 'Kept for the record')]);
    renderInAdmin(<NotesPanel articleId={7} readOnly />, api.client);
    expect(await panel().findByText('Kept for the record')).toBeTruthy();
    expect(panel().queryByRole('textbox')).toBeNull();
    expect(panel().queryByRole('button')).toBeNull();
  });
});
