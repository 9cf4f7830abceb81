// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { Editor } from '@tiptap/core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { EmptyBodyEditor } from '@/testing/empty-body-editor';
import { FocalPointPicker } from '@/components/admin/focal-point-picker';
import { mentionAtCaret } from '@/features/admin-articles/components/mention-suggestions';
import { isAddNoteChord } from '@/features/admin-articles/lib/note-keys';
import { isSaveChord } from '@/features/admin-articles/lib/save-keys';
import { LiveConsole } from '@/features/admin-live/components/live-console';
import { article, entry, fakeLiveApi } from '@/features/admin-live/testing/fake-live-api';
import { fakeApi, json } from '@/testing/fake-admin-api';
import { renderInAdmin } from '@/testing/render-in-admin';
import { SHORTCUT_GROUPS, isHelpKey, type KeyCombo, type Shortcut } from './keyboard-shortcuts.ts';
import { isSearchShortcut } from './shortcut.ts';

/** The keydown a combo makes, 'Mod' as Ctrl or (on a Mac) Cmd. */
function keydown(combo: KeyCombo, mac: boolean) {
  const key = combo.keys.at(-1)!;
  const held = new Set(combo.keys.slice(0, -1));
  return {
    key: key.length === 1 ? key.toLowerCase() : key,
    ctrlKey: held.has('Mod') && !mac,
    metaKey: held.has('Mod') && mac,
    shiftKey: held.has('Shift') || key === '?',
    altKey: false,
  };
}

const rows = new Map<string, Shortcut>(SHORTCUT_GROUPS.flatMap((g) => g.shortcuts.map((s) => [s.id, s] as const)));
const row = (id: string) => {
  const found = rows.get(id);
  if (!found) throw new Error(`No shortcut ${id}`);
  return found;
};

function renderEditor() {
  const { client } = fakeApi(() => json(200, { items: [] }));
  renderInAdmin(
    <>
      <EmptyBodyEditor />
    </>,
    client,
  );
  const text = screen.getByRole('textbox', { name: 'Content' });
  return { text, editor: (text as unknown as { editor: Editor }).editor };
}

/** Types text as the keyboard does: each character through the editor's input rules first. */
function typeInto(editor: Editor, text: string) {
  for (const ch of text) {
    act(() => {
      const { view } = editor;
      const { from, to } = view.state.selection;
      const handled = view.someProp('handleTextInput', (f) => f(view, from, to, ch, () => view.state.tr));
      if (!handled) view.dispatch(view.state.tr.insertText(ch, from, to));
    });
  }
}
const typed = (combo: KeyCombo) => combo.keys.map((k) => (k === 'Space' ? ' ' : k)).join('');

afterEach(() => cleanup());

describe('the listed keyboard shortcuts are the keys the newsroom listens for', () => {
  it('lists each shortcut once, in the six groups', () => {
    expect(SHORTCUT_GROUPS.map((g) => g.title)).toEqual([
      'Anywhere in the newsroom',
      'Article form',
      'Article screen',
      'Live console',
      'Body editor',
      'Pictures',
    ]);
    expect(rows.size).toBe(SHORTCUT_GROUPS.flatMap((g) => g.shortcuts).length);
  });

  it('the search, ?, and the article form’s save, on a Mac and elsewhere', () => {
    for (const mac of [false, true]) {
      expect(isSearchShortcut(keydown(row('search').combos[0]!, mac) as KeyboardEvent, mac)).toBe(true);
      expect(isSaveChord(keydown(row('save').combos[0]!, mac))).toBe(true);
      expect(isAddNoteChord(keydown(row('note-add').combos[0]!, mac))).toBe(true);
    }
    expect(isHelpKey(keydown(row('help').combos[0]!, false))).toBe(true);
    // Typed in Add a note, after a space or at the start, '@' starts a mention: the list offers colleagues.
    const at = row('mention').combos[0]!.keys.join('');
    expect(mentionAtCaret(`Over to ${at}`, 9)).toEqual({ start: 8, query: '' });
  });

  it('the body editor’s Bold, Italic and Link', async () => {
    const { text } = renderEditor();
    for (const id of ['bold', 'italic']) {
      const label = id === 'bold' ? 'Bold' : 'Italic';
      act(() => void fireEvent.keyDown(text, keydown(row(id).combos[0]!, false)));
      await waitFor(() =>
        expect(screen.getByRole('button', { name: label }).getAttribute('aria-pressed')).toBe('true'),
      );
    }
    act(() => void fireEvent.keyDown(text, keydown(row('link').combos[0]!, false)));
    await screen.findByRole('dialog', { name: 'Add a link' });
  });

  it('the body editor’s Undo and Redo', async () => {
    const { text, editor } = renderEditor();
    typeInto(editor, 'A goat');
    const press = (id: string, i = 0) => act(() => void fireEvent.keyDown(text, keydown(row(id).combos[i]!, false)));
    press('undo');
    await waitFor(() => expect(text.textContent).toBe(''));
    press('redo');
    await waitFor(() => expect(text.textContent).toBe('A goat'));
    press('undo');
    await waitFor(() => expect(text.textContent).toBe(''));
    press('redo', 1);
    await waitFor(() => expect(text.textContent).toBe('A goat'));
  });

  it('the live console’s Post, and in an entry being edited Save and leave', async () => {
    for (const mac of [false, true]) {
      const { client, sent } = fakeLiveApi({
        article: article({ liveStartedAt: '2026-11-27T10:00:00.000Z' }),
        entries: [entry(1, 'Polls open.')],
      });
      renderInAdmin(<LiveConsole articleId={7} articleHref="/admin/articles/7" pollMs={0} />, client);
      const composer = await screen.findByRole('textbox', { name: 'Entry' }, { timeout: 5000 });
      act(() => void (composer as unknown as { editor: Editor }).editor.commands.insertContent('The goat wins.'));
      fireEvent.keyDown(composer, keydown(row('live-post').combos[0]!, mac));
      await waitFor(() => expect(sent.filter((r) => r.method === 'POST')).toHaveLength(1));
      // Pressed in an entry being edited: Escape leaves it unchanged, then the same chord saves it.
      const edit = async () => {
        fireEvent.click((await screen.findAllByRole('button', { name: /^Edit the entry of/ })).at(-1)!);
        return screen.findByRole('textbox', { name: 'Entry text' }, { timeout: 5000 });
      };
      fireEvent.keyDown(await edit(), keydown(row('live-leave').combos[0]!, mac));
      await waitFor(() => expect(screen.queryByRole('textbox', { name: 'Entry text' })).toBeNull());
      fireEvent.keyDown(await edit(), keydown(row('live-post').combos[0]!, mac));
      await waitFor(() => expect(sent.filter((r) => r.method === 'PATCH')).toHaveLength(1));
      cleanup();
    }
  });

  it('the body editor’s Markdown as you type', () => {
    const made: Record<string, unknown> = {
      heading: { type: 'heading', attrs: { level: 2 } },
      subheading: { type: 'heading', attrs: { level: 3 } },
      quote: { type: 'blockquote' },
      bulleted: { type: 'bulletList' },
      numbered: { type: 'orderedList' },
      divider: { type: 'horizontalRule' },
    };
    for (const [id, node] of Object.entries(made)) {
      const { editor } = renderEditor();
      typeInto(editor, typed(row(id).combos[0]!));
      expect(editor.getJSON().content?.[0], id).toMatchObject(node as object);
      cleanup();
    }
  });

  it('the toolbar’s arrow keys, Home and End', () => {
    renderEditor();
    const [left, right, home, end] = row('toolbar').combos.map((c) => keydown(c, false));
    const bold = screen.getByRole('button', { name: 'Bold' });
    bold.focus();
    fireEvent.keyDown(bold, right);
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Italic' }));
    fireEvent.keyDown(document.activeElement!, end);
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Redo' }));
    fireEvent.keyDown(document.activeElement!, home);
    expect(document.activeElement).toBe(bold);
    fireEvent.keyDown(bold, left);
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Redo' }));
  });

  it('the focal point picker’s arrow keys, Shift for ten steps', () => {
    const onMove = vi.fn();
    render(<FocalPointPicker src="/p.jpg" point={{ x: 0.5, y: 0.5 }} savedWhen="" onMove={onMove} />);
    const picker = screen.getByRole('button', { name: /^Focal point of the picture/ });
    for (const combo of row('focal').combos) fireEvent.keyDown(picker, keydown(combo, false));
    expect(onMove.mock.calls.map(([p]) => p)).toEqual([
      { x: 0.49, y: 0.5 },
      { x: 0.51, y: 0.5 },
      { x: 0.5, y: 0.49 },
      { x: 0.5, y: 0.51 },
    ]);
    expect(row('focal-far').combos[0]!.keys).toEqual(['Shift', 'Arrow']);
    fireEvent.keyDown(picker, keydown({ keys: ['Shift', 'ArrowLeft'] }, false));
    expect(onMove).toHaveBeenLastCalledWith({ x: 0.4, y: 0.5 });
  });
});
