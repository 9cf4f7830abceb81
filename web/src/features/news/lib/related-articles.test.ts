import { describe, expect, it } from 'vitest';
import type { Article } from '../types';
import { pickRelatedArticles } from './related-articles';

const art = (slug: string, category: string, publishedAt: string | null): Article => ({
  id: slug,
  slug,
  headline: slug,
  summary: '',
  content: '',
  author: '',
  category,
  source: '',
  imageUrl: null,
  originalUrl: null,
  publishedAt,
  isBreaking: false,
});

describe('pickRelatedArticles', () => {
  const current = { slug: 'me', category: 'Sport' };
  it('takes the newest three of the same category, never the current one', () => {
    const list = [
      art('me', 'Sport', '2024-01-05T00:00:00Z'),
      art('s1', 'Sport', '2024-01-01T00:00:00Z'),
      art('s2', 'Sport', '2024-01-04T00:00:00Z'),
      art('s3', 'Sport', '2024-01-03T00:00:00Z'),
      art('s4', 'Sport', '2024-01-02T00:00:00Z'),
      art('p1', 'Politics', '2024-01-09T00:00:00Z'),
    ];
    expect(pickRelatedArticles(current, list).map((a) => a.slug)).toEqual(['s2', 's3', 's4']);
  });
  it('fills up with the newest of other categories and skips duplicates', () => {
    const list = [
      art('s1', 'Sport', '2024-01-01T00:00:00Z'),
      art('s1', 'Sport', '2024-01-01T00:00:00Z'),
      art('p1', 'Politics', '2024-01-02T00:00:00Z'),
      art('p2', 'Politics', '2024-01-03T00:00:00Z'),
      art('p3', 'Politics', null),
    ];
    expect(pickRelatedArticles(current, list).map((a) => a.slug)).toEqual(['s1', 'p2', 'p1']);
    expect(pickRelatedArticles(current, [])).toEqual([]);
  });
});
