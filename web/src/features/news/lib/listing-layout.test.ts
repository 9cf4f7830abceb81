import { describe, expect, it } from 'vitest';
import type { Article } from '../types';
import { cardSize, orderArticles, splitListing } from './listing-layout';

const art = (slug: string, extra: Partial<Article> = {}): Article => ({
  id: slug,
  slug,
  headline: slug,
  summary: '',
  content: '',
  author: '',
  category: 'UK',
  source: '',
  imageUrl: null,
  originalUrl: null,
  publishedAt: null,
  isBreaking: false,
  ...extra,
});
const many = (n: number) => Array.from({ length: n }, (_, i) => art(`a${i}`));

describe('orderArticles', () => {
  it('puts breaking items first, then the others, without duplicates', () => {
    const ordered = orderArticles({
      breakingNews: [art('b1'), art('b2')],
      allArticles: [art('a1'), art('b1'), art('a2')],
    });
    expect(ordered.map((a) => a.slug)).toEqual(['b1', 'b2', 'a1', 'a2']);
  });
});

describe('cardSize', () => {
  it('gives one large, two medium, then small', () => {
    expect([0, 1, 2, 3, 4, 10].map(cardSize)).toEqual(['large', 'medium', 'medium', 'small', 'small', 'small']);
  });
});

describe('splitListing', () => {
  it('keeps short lists in the grid', () => {
    expect(splitListing(many(0))).toEqual({ grid: [], more: [] });
    expect(splitListing(many(3)).grid).toHaveLength(3);
    expect(splitListing(many(3)).more).toHaveLength(0);
  });
  it('keeps some articles back for MORE TRASH', () => {
    const four = splitListing(many(4));
    expect([four.grid.length, four.more.length]).toEqual([3, 1]);
    const ten = splitListing(many(10));
    expect([ten.grid.length, ten.more.length]).toEqual([7, 3]);
    const thirty = splitListing(many(30));
    expect([thirty.grid.length, thirty.more.length]).toEqual([9, 21]);
    expect(thirty.more[0]?.slug).toBe('a9');
  });
});
