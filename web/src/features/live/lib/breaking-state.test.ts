import { describe, expect, it } from 'vitest';
import type { PublicArticle } from '@common/news-contract';
import { breakingReducer, type BreakingState } from './breaking-state';
import { newStoriesLabel, newStoriesReducer, type NewStoriesState } from './new-stories';

function story(id: number, headline: string, over: Partial<PublicArticle> = {}): PublicArticle {
  return {
    id,
    slug: `story-${id}`,
    headline,
    summary: '',
    author: 'A',
    category: 'Politics',
    source: '',
    imageUrl: null,
    imageAlt: '',
    imageCaption: '',
    imageCredit: '',
    imageFocalX: 0.5,
    imageFocalY: 0.5,
    originalUrl: null,
    publishedAt: '2026-11-27T10:00:00.000Z',
    modifiedAt: null,
    isBreaking: true,
    ...over,
  };
}

const start: BreakingState = {
  items: [{ id: 1, slug: 'story-1', headline: 'Old One', category: 'Politics' }],
  announcement: '',
};

describe('breakingReducer', () => {
  const home = breakingReducer(undefined);

  it('puts a newly breaking story first and announces it', () => {
    const s = home(start, { type: 'published', article: story(2, 'Goose Elected') });
    expect(s.items.map((i) => i.headline)).toEqual(['Goose Elected', 'Old One']);
    expect(s.announcement).toBe('Breaking: Goose Elected');
  });

  it('ignores a story that is not breaking, or of another section on a section page', () => {
    expect(home(start, { type: 'published', article: story(2, 'Quiet', { isBreaking: false }) })).toBe(start);
    const uk = breakingReducer('UK');
    expect(uk(start, { type: 'published', article: story(2, 'Elsewhere') })).toBe(start);
    expect(uk(start, { type: 'published', article: story(3, 'Here', { category: 'UK' }) }).items[0]!.headline).toBe(
      'Here',
    );
  });

  it('corrects a changed headline in place, without a new announcement', () => {
    const s = home(start, { type: 'updated', article: story(1, 'Old One, Corrected') });
    expect(s.items.map((i) => i.headline)).toEqual(['Old One, Corrected']);
    expect(s.announcement).toBe('');
  });

  it('takes out a story that is withdrawn, no longer breaking or moved to another section', () => {
    expect(home(start, { type: 'removed', story: { id: 1, slug: 'story-1', category: 'Politics' } }).items).toEqual([]);
    expect(home(start, { type: 'updated', article: story(1, 'Old One', { isBreaking: false }) }).items).toEqual([]);
    const politics = breakingReducer('politics');
    expect(politics(start, { type: 'updated', article: story(1, 'Old One', { category: 'UK' }) }).items).toEqual([]);
    expect(home(start, { type: 'removed', story: { id: 9, slug: 'x', category: 'UK' } })).toBe(start);
  });

  it('a story published twice (a replay) is listed once', () => {
    const once = home(start, { type: 'published', article: story(2, 'Goose') });
    expect(home(once, { type: 'published', article: story(2, 'Goose') }).items).toHaveLength(2);
  });
});

describe('newStoriesReducer', () => {
  const known = new Set(['1', '2']);

  it('counts stories published into the listing that it does not show, once each', () => {
    const home = newStoriesReducer(undefined);
    let s: NewStoriesState = { known, fresh: [] };
    s = home(s, { type: 'published', article: story(3, 'New') });
    s = home(s, { type: 'published', article: story(3, 'New') });
    s = home(s, { type: 'published', article: story(2, 'Known') });
    s = home(s, { type: 'published', article: story(4, 'Other', { category: 'UK' }) });
    expect(s.fresh).toEqual(['3', '4']);
    s = home(s, { type: 'removed', story: { id: 3, slug: 'story-3', category: 'Politics' } });
    expect(s.fresh).toEqual(['4']);
    expect(home(s, { type: 'shown', known: new Set(['4']) })).toEqual({ known: new Set(['4']), fresh: [] });
  });

  it('on a section page counts that section only', () => {
    const uk = newStoriesReducer('UK');
    const s = uk({ known, fresh: [] }, { type: 'published', article: story(3, 'Politics story') });
    expect(s.fresh).toEqual([]);
    expect(uk(s, { type: 'published', article: story(4, 'UK story', { category: 'UK' }) }).fresh).toEqual(['4']);
  });

  it('says how many', () => {
    expect(newStoriesLabel(1)).toBe('1 new story');
    expect(newStoriesLabel(3)).toBe('3 new stories');
  });
});
