// @vitest-environment happy-dom
import { beforeEach, describe, expect, it } from 'vitest';
import { loadNoteDraft, saveNoteDraft } from '@/features/admin-articles/lib/note-drafts';
import { keepDraftsFor } from './owner.ts';

beforeEach(() => sessionStorage.clear());

const articleDraft = 'smear.admin.article-draft.7';
const liveDraft = 'smear.admin.live-draft.7';
const liveCorrection = 'smear.admin.live-draft.7.3';

describe('whose unsaved work the tab keeps', () => {
  it('keeps it for the same editor signing in again, and drops it, article drafts and notes, for another', () => {
    keepDraftsFor('sam-1');
    saveNoteDraft(7, { kind: 'add' }, { text: 'Headline agreed.' });
    sessionStorage.setItem(articleDraft, '{"values":{}}');
    sessionStorage.setItem(liveDraft, '{"doc":{}}');
    sessionStorage.setItem(liveCorrection, '{"doc":{},"version":1}');
    sessionStorage.setItem('smear.admin.appearance', 'dark');
    keepDraftsFor('sam-1');
    expect(loadNoteDraft(7, { kind: 'add' })).toEqual({ text: 'Headline agreed.' });
    expect(sessionStorage.getItem(articleDraft)).not.toBeNull();
    keepDraftsFor('alex-2');
    expect(loadNoteDraft(7, { kind: 'add' })).toBeUndefined();
    expect(sessionStorage.getItem(articleDraft)).toBeNull();
    expect(sessionStorage.getItem(liveDraft)).toBeNull();
    expect(sessionStorage.getItem(liveCorrection)).toBeNull();
    // Nothing else of the tab.
    expect(sessionStorage.getItem('smear.admin.appearance')).toBe('dark');
    // Alex's own work is Alex's.
    saveNoteDraft(7, { kind: 'add' }, { text: 'Alex’s note' });
    keepDraftsFor('alex-2');
    expect(loadNoteDraft(7, { kind: 'add' })?.text).toBe('Alex’s note');
  });

  it('gives work kept before the tab knew its owner to the first editor who signs in', () => {
    saveNoteDraft(7, { kind: 'add' }, { text: 'From before' });
    keepDraftsFor('sam-1');
    expect(loadNoteDraft(7, { kind: 'add' })?.text).toBe('From before');
  });
});
