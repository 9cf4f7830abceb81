// @vitest-environment happy-dom
import { beforeEach, describe, expect, it } from 'vitest';
import { clearNoteDraft, listNoteDrafts, loadNoteDraft, saveNoteDraft } from './note-drafts.ts';

beforeEach(() => sessionStorage.clear());

describe('unsent notes kept in the tab', () => {
  it('keeps each form’s text by story and slot; a blank text forgets it', () => {
    saveNoteDraft(7, { kind: 'add' }, { text: 'Headline agreed.' });
    saveNoteDraft(7, { kind: 'reply', noteId: 3 }, { text: 'Credit: Ann', author: 'Otto Other', mine: false });
    saveNoteDraft(7, { kind: 'edit', noteId: 4 }, { text: 'Check the quote' });
    saveNoteDraft(8, { kind: 'reply', noteId: 5 }, { text: 'Another story' });
    expect(loadNoteDraft(7, { kind: 'add' })).toEqual({ text: 'Headline agreed.' });
    expect(loadNoteDraft(8, { kind: 'add' })).toBeUndefined();
    expect(listNoteDrafts(7).sort((a, b) => a.slot.noteId - b.slot.noteId)).toEqual([
      { slot: { kind: 'reply', noteId: 3 }, draft: { text: 'Credit: Ann', author: 'Otto Other', mine: false } },
      { slot: { kind: 'edit', noteId: 4 }, draft: { text: 'Check the quote' } },
    ]);
    saveNoteDraft(7, { kind: 'add' }, { text: '  \n ' });
    expect(sessionStorage.getItem('smear.admin.note-draft.7.add')).toBeNull();
    clearNoteDraft(7, { kind: 'reply', noteId: 3 });
    expect(listNoteDrafts(7).map((d) => d.slot)).toEqual([{ kind: 'edit', noteId: 4 }]);
  });

  it('ignores what it cannot read: not JSON, no text, a key of another story that merely starts alike', () => {
    sessionStorage.setItem('smear.admin.note-draft.7.add', '{not json');
    sessionStorage.setItem('smear.admin.note-draft.7.reply.3', JSON.stringify({ text: 42 }));
    sessionStorage.setItem('smear.admin.note-draft.77.reply.3', JSON.stringify({ text: 'Story 77' }));
    sessionStorage.setItem('smear.admin.note-draft.7.reply.x', JSON.stringify({ text: 'No id' }));
    expect(loadNoteDraft(7, { kind: 'add' })).toBeUndefined();
    expect(listNoteDrafts(7)).toEqual([]);
    expect(listNoteDrafts(77)).toEqual([{ slot: { kind: 'reply', noteId: 3 }, draft: { text: 'Story 77' } }]);
  });
});
