// @vitest-environment happy-dom
import { beforeEach, describe, expect, it } from 'vitest';
import {
  forgetRecentArticles,
  getRecentArticles,
  RECENT_STORAGE_KEY,
  recentStorageKey,
  rememberArticle,
} from './recent-articles.ts';

beforeEach(() => window.localStorage.clear());

describe('the recent articles of this browser', () => {
  it('keeps the last five opened, newest first, each once, with its latest headline', () => {
    for (const id of [1, 2, 3, 4, 5, 6]) rememberArticle('sam', { id, headline: `Story ${id}` });
    rememberArticle('sam', { id: 4, headline: 'Story 4, corrected' });
    expect(getRecentArticles('sam')).toEqual([
      { id: 4, headline: 'Story 4, corrected' },
      { id: 6, headline: 'Story 6' },
      { id: 5, headline: 'Story 5' },
      { id: 3, headline: 'Story 3' },
      { id: 2, headline: 'Story 2' },
    ]);
    expect(JSON.parse(window.localStorage.getItem(`${RECENT_STORAGE_KEY}:sam`)!)[0]).toEqual({
      id: 4,
      headline: 'Story 4, corrected',
    });
  });

  it('keeps one list per editor, and none without one', () => {
    rememberArticle('sam', { id: 1, headline: 'Sam’s' });
    rememberArticle('alex', { id: 2, headline: 'Alex’s' });
    rememberArticle(undefined, { id: 3, headline: 'Nobody’s' });
    expect(getRecentArticles('sam')).toEqual([{ id: 1, headline: 'Sam’s' }]);
    expect(getRecentArticles('alex')).toEqual([{ id: 2, headline: 'Alex’s' }]);
    expect(getRecentArticles(undefined)).toEqual([]);
    expect(Object.keys(window.localStorage).sort()).toEqual([recentStorageKey('alex'), recentStorageKey('sam')]);
  });

  it('forgets every list at sign-out, the one of before they were per editor too, and nothing else', () => {
    rememberArticle('sam', { id: 1, headline: 'Sam’s' });
    rememberArticle('alex', { id: 2, headline: 'Alex’s' });
    window.localStorage.setItem(RECENT_STORAGE_KEY, JSON.stringify([{ id: 3, headline: 'Shared' }]));
    window.localStorage.setItem('tabloid.admin.appearance', 'dark');
    forgetRecentArticles();
    expect(getRecentArticles('sam')).toEqual([]);
    expect(getRecentArticles('alex')).toEqual([]);
    expect(Object.keys(window.localStorage)).toEqual(['tabloid.admin.appearance']);
  });

  it('reads nothing from a stored value it does not understand', () => {
    window.localStorage.setItem(recentStorageKey('sam'), '{not json');
    expect(getRecentArticles('sam')).toEqual([]);
    window.localStorage.setItem(recentStorageKey('sam'), JSON.stringify([{ id: 'x' }, { id: 2, headline: 'Kept' }]));
    expect(getRecentArticles('sam')).toEqual([{ id: 2, headline: 'Kept' }]);
  });
});
