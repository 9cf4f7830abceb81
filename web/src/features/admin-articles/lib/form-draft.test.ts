// @vitest-environment happy-dom
import { beforeEach, describe, expect, it } from 'vitest';
import { parseBody } from '@/lib/admin-body/body-doc';
import { draftKey, loadDraft } from './form-draft.ts';

beforeEach(() => sessionStorage.clear());

describe('a draft kept in the tab', () => {
  it('kept before the rich body: its plain text comes back as paragraphs', () => {
    const values = {
      headline: 'Old Draft',
      summary: '',
      content: 'First paragraph.\n\nSecond paragraph.',
      categoryId: '1',
      author: '',
      source: '',
      originalUrl: '',
      imageUrl: '',
      ratingOutOfTen: '0',
      comments: '',
      isBreaking: false,
    };
    sessionStorage.setItem(draftKey(3), JSON.stringify({ values, baseVersion: 2, savedAt: '2026-01-01T00:00:00Z' }));
    const draft = loadDraft(3)!;
    expect(draft.baseVersion).toBe(2);
    expect(parseBody(draft.values.body).content).toEqual([
      { type: 'paragraph', content: [{ type: 'text', text: 'First paragraph.' }] },
      { type: 'paragraph', content: [{ type: 'text', text: 'Second paragraph.' }] },
    ]);
  });
});

describe('a draft kept before author and tag records', () => {
  it('comes back with the byline as author names and no tags', () => {
    const values = {
      headline: 'Old Draft',
      summary: '',
      body: JSON.stringify({ type: 'doc', content: [] }),
      categoryId: '1',
      author: 'Jane Doe and John Roe',
      source: '',
      editorName: '',
      originalUrl: '',
      imageUrl: '',
      ratingOutOfTen: '0',
      comments: '',
      isBreaking: false,
    };
    sessionStorage.setItem(draftKey(4), JSON.stringify({ values, baseVersion: 1, savedAt: '2026-01-01T00:00:00Z' }));
    const draft = loadDraft(4)!;
    expect(draft.values.authors).toBe('Jane Doe\nJohn Roe');
    expect(draft.values.tags).toBe('');
  });
});
