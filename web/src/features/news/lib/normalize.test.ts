import { describe, expect, it } from 'vitest';
import { normalizeArticle, normalizeNewsList } from './normalize';

describe('normalizeArticle', () => {
  it('reads camelCase fields', () => {
    const a = normalizeArticle({
      id: 7,
      slug: 'minister-resigns',
      headline: 'Minister Resigns',
      summary: 'He did.',
      content: 'Body',
      author: 'Ann',
      category: 'Politics',
      source: 'Wire',
      imageUrl: '/images/a.webp',
      originalUrl: 'https://example.com/x',
      publishedAt: '2024-01-12T10:00:00.000Z',
      isBreaking: true,
    });
    expect(a).toEqual({
      id: 7,
      slug: 'minister-resigns',
      headline: 'Minister Resigns',
      summary: 'He did.',
      content: 'Body',
      author: 'Ann',
      category: 'Politics',
      source: 'Wire',
      imageUrl: '/images/a.webp',
      originalUrl: 'https://example.com/x',
      publishedAt: '2024-01-12T10:00:00.000Z',
      isBreaking: true,
    });
  });

  it("keeps the article's search and social title (the page's title) when it has one", () => {
    expect(normalizeArticle({ id: 1, headline: 'Minister Resigns', metaTitle: ' He quit ' }).metaTitle).toBe('He quit');
    expect(normalizeArticle({ id: 1, headline: 'Minister Resigns', metaTitle: '' })).not.toHaveProperty('metaTitle');
  });

  it("keeps the server's word count of an article read (the reading time), none when absent or malformed", () => {
    expect(normalizeArticle({ headline: 'A', wordCount: 920 }).wordCount).toBe(920);
    expect(normalizeArticle({ headline: 'A', wordCount: 0 }).wordCount).toBe(0);
    for (const wordCount of [undefined, null, -3, 1.5, '920'])
      expect(normalizeArticle({ headline: 'A', wordCount })).not.toHaveProperty('wordCount');
  });

  it('keeps the corrections of an article read (each with a text and a date), none when empty or malformed', () => {
    const corrections = [{ text: 'The goat is called Gary.', publishedAt: '2026-11-30T09:00:00.000Z' }];
    expect(normalizeArticle({ headline: 'A', corrections }).corrections).toEqual(corrections);
    expect(normalizeArticle({ headline: 'A', corrections: [] })).not.toHaveProperty('corrections');
    expect(normalizeArticle({ headline: 'A', corrections: [{ text: '' }, 'x', null] })).not.toHaveProperty(
      'corrections',
    );
  });

  it('reads PascalCase fields', () => {
    const a = normalizeArticle({
      Id: 9,
      Headline: 'Robot Takes Tea Break',
      Summary: 'Union approves.',
      Content: 'Text',
      Author: 'Bo',
      Category: 'Technology',
      Source: 'Lab',
      ImageUrl: 'img.png',
      OriginalUrl: 'https://example.org',
      PublishedAt: '2024-02-01T00:00:00Z',
      IsBreaking: false,
    });
    expect(a.id).toBe(9);
    expect(a.headline).toBe('Robot Takes Tea Break');
    expect(a.summary).toBe('Union approves.');
    expect(a.content).toBe('Text');
    expect(a.author).toBe('Bo');
    expect(a.category).toBe('Technology');
    expect(a.source).toBe('Lab');
    expect(a.imageUrl).toBe('img.png');
    expect(a.originalUrl).toBe('https://example.org');
    expect(a.publishedAt).toBe('2024-02-01T00:00:00Z');
    expect(a.isBreaking).toBe(false);
    expect(a.slug).toBe('robot-takes-tea-break');
  });

  it('falls back for the id: id, then Id, then Title, then the list index', () => {
    expect(normalizeArticle({ id: 1, Id: 2, Title: 'T' }, 5).id).toBe(1);
    expect(normalizeArticle({ Id: 2, Title: 'T' }, 5).id).toBe(2);
    expect(normalizeArticle({ Title: 'The Title' }, 5).id).toBe('The Title');
    expect(normalizeArticle({ headline: 'No id here' }, 5).id).toBe(5);
    expect(normalizeArticle({ id: null, Id: undefined }, 3).id).toBe(3);
  });

  it('falls back for the headline: headline, Headline, title, Title', () => {
    expect(normalizeArticle({ headline: 'a', title: 'b', Title: 'c' }).headline).toBe('a');
    expect(normalizeArticle({ title: 'b', Title: 'c' }).headline).toBe('b');
    expect(normalizeArticle({ Title: 'c' }).headline).toBe('c');
    expect(normalizeArticle({}).headline).toBe('');
  });

  it('falls back for the summary: summary, Summary, description, Description', () => {
    expect(normalizeArticle({ summary: 's', description: 'd' }).summary).toBe('s');
    expect(normalizeArticle({ description: 'd', Description: 'D' }).summary).toBe('d');
    expect(normalizeArticle({ Description: 'D' }).summary).toBe('D');
    expect(normalizeArticle({}).summary).toBe('');
  });

  it('keeps the server slug, else derives it from the headline with the slug rule', () => {
    expect(normalizeArticle({ headline: 'Anything', slug: 'kept-as-sent' }).slug).toBe('kept-as-sent');
    expect(normalizeArticle({ Headline: 'Anything', Slug: 'pascal-slug' }).slug).toBe('pascal-slug');
    expect(normalizeArticle({ headline: "PM's   Café -- Crisis: 10 Days!" }).slug).toBe('pms-cafe-crisis-10-days');
    expect(normalizeArticle({ Title: 'From The Title', slug: '  ' }).slug).toBe('from-the-title');
    expect(normalizeArticle({}).slug).toBe('');
  });

  it('turns empty optional fields into null and non-objects into an empty article', () => {
    const a = normalizeArticle({ imageUrl: '', originalUrl: '   ', publishedAt: null });
    expect(a.imageUrl).toBeNull();
    expect(a.originalUrl).toBeNull();
    expect(a.publishedAt).toBeNull();
    expect(normalizeArticle('nonsense', 4)).toMatchObject({ id: 4, headline: '', slug: '', isBreaking: false });
  });

  it('accepts a category object with a name', () => {
    expect(normalizeArticle({ category: { id: 3, name: 'Sport' } }).category).toBe('Sport');
  });
});

describe('normalizeNewsList', () => {
  it('reads camelCase and PascalCase lists and uses each list index as the last id fallback', () => {
    const camel = normalizeNewsList({
      breakingNews: [{ headline: 'B' }],
      allArticles: [{ headline: 'A0' }, { headline: 'A1' }],
    });
    expect(camel.breakingNews.map((a) => [a.id, a.headline])).toEqual([[0, 'B']]);
    expect(camel.allArticles.map((a) => [a.id, a.slug])).toEqual([
      [0, 'a0'],
      [1, 'a1'],
    ]);
    const pascal = normalizeNewsList({ BreakingNews: [{ Title: 'X' }], AllArticles: [] });
    expect(pascal.breakingNews[0]).toMatchObject({ id: 'X', headline: 'X', slug: 'x' });
    expect(pascal.allArticles).toEqual([]);
  });

  it('gives empty lists for a malformed response', () => {
    expect(normalizeNewsList(null)).toEqual({ breakingNews: [], allArticles: [] });
    expect(normalizeNewsList({ breakingNews: 'no', allArticles: {} })).toEqual({ breakingNews: [], allArticles: [] });
  });
});

describe('live stories', () => {
  it('keeps isLive and a live blog of the expected shape', () => {
    const live = {
      coverageStartTime: '2026-11-27T11:00:00.000Z',
      coverageEndTime: null,
      entries: [],
      keyEvents: [],
      olderBefore: 5,
      lastEventId: 99,
    };
    expect(normalizeArticle({ id: 1, headline: 'H', isLive: true, live })).toMatchObject({ isLive: true, live });
    const plain = normalizeArticle({ id: 1, headline: 'H', isLive: false, live: { coverageStartTime: 'x' } });
    expect(plain.isLive).toBeUndefined();
    expect(plain.live).toBeUndefined();
  });
});
