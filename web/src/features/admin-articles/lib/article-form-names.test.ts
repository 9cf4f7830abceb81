import { describe, expect, it } from 'vitest';
import type { AdminArticle } from '../types.ts';
import { formFromArticle, formToPayload, namesOf } from './article-fields.ts';

const BASE = {
  id: 1,
  headline: 'H',
  slug: 'h',
  summary: '',
  body: { type: 'doc', content: [] },
  content: '',
  author: 'Jane Doe and John Roe',
  category: 'Politics',
  categoryId: 1,
  source: '',
  editorName: '',
  ratingOutOfTen: 0,
  comments: '',
  imageUrl: null,
  originalUrl: null,
  isBreaking: false,
  publishedAt: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  version: 1,
  status: 'draft',
  publishAt: null,
  deletedAt: null,
  updatedBy: null,
  liveStartedAt: null,
  liveEndedAt: null,
} satisfies AdminArticle;

describe('authors and tags in the article form', () => {
  it('holds the records by name and sends the names', () => {
    const form = formFromArticle({
      ...BASE,
      authors: [
        { id: 1, name: 'Jane Doe', slug: 'jane-doe' },
        { id: 2, name: 'John Roe', slug: 'john-roe' },
      ],
      tags: [{ id: 3, name: 'Royals', slug: 'royals' }],
    });
    expect(namesOf(form.authors)).toEqual(['Jane Doe', 'John Roe']);
    expect(formToPayload(form)).toMatchObject({ authors: ['Jane Doe', 'John Roe'], tags: ['Royals'] });
  });

  it('keeps a byline that has no author records yet, split by the byline rule (a save does not wipe it)', () => {
    expect(namesOf(formFromArticle({ ...BASE, authors: [], tags: [] }).authors)).toEqual(['Jane Doe', 'John Roe']);
    expect(namesOf(formFromArticle({ ...BASE, author: '', authors: [] }).authors)).toEqual([]);
  });
});
