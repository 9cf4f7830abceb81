// @vitest-environment happy-dom
import { beforeEach, describe, expect, it } from 'vitest';
import { getRecentArticles, RECENT_STORAGE_KEY, rememberArticle } from './recent-articles.ts';

beforeEach(() => window.localStorage.clear());

describe('the recent articles of this browser', () => {
  it('keeps the last five opened, newest first, each once, with its latest headline', () => {
    for (const id of [1, 2, 3, 4, 5, 6]) rememberArticle({ id, headline: `Story ${id}` });
    rememberArticle({ id: 4, headline: 'Story 4, corrected' });
    expect(getRecentArticles()).toEqual([
      { id: 4, headline: 'Story 4, corrected' },
      { id: 6, headline: 'Story 6' },
      { id: 5, headline: 'Story 5' },
      { id: 3, headline: 'Story 3' },
      { id: 2, headline: 'Story 2' },
    ]);
    expect(JSON.parse(window.localStorage.getItem(RECENT_STORAGE_KEY)!)[0]).toEqual({
      id: 4,
      headline: 'Story 4, corrected',
    });
  });

  it('reads nothing from a stored value it does not understand', () => {
    window.localStorage.setItem(RECENT_STORAGE_KEY, '{not json');
    expect(getRecentArticles()).toEqual([]);
    window.localStorage.setItem(RECENT_STORAGE_KEY, JSON.stringify([{ id: 'x' }, { id: 2, headline: 'Kept' }]));
    expect(getRecentArticles()).toEqual([{ id: 2, headline: 'Kept' }]);
  });
});
