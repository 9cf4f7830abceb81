import { describe, expect, it } from 'vitest';
import { validateArticleInput } from './article-input.ts';

const NOW = new Date('2026-05-05T10:00:00.000Z');

describe('validateArticleInput (shared by POST /api/admin/articles and npm run import)', () => {
  it('fills defaults and derives the slug', () => {
    const r = validateArticleInput({ headline: '  Vicar Banned From Bake-Off!  ', category: 'politics' }, NOW);
    expect(r).toEqual({
      ok: true,
      value: {
        headline: 'Vicar Banned From Bake-Off!',
        slug: 'vicar-banned-from-bake-off',
        summary: '',
        content: '',
        author: '',
        // No byline: no authors (a byline given as text is split into names, see below).
        authors: [],
        categoryId: 1,
        source: '',
        editorName: '',
        rating: 0,
        comments: '',
        imageUrl: '',
        originalUrl: '',
        isBreaking: false,
        publishedAt: null,
      },
    });
  });

  it('names authors from `authors` (ids, names, objects), else from the `author` text by the byline rule', () => {
    const fromText = validateArticleInput({ headline: 'A', categoryId: 2, author: 'Jane Doe and John Roe' }, NOW);
    expect(fromText.ok && fromText.value.authors).toEqual([{ name: 'Jane Doe' }, { name: 'John Roe' }]);
    const given = validateArticleInput(
      {
        headline: 'A',
        categoryId: 2,
        author: 'Ignored',
        authors: [3, ' Ann  Poe ', { id: 4, name: 'x' }],
        tags: ['Tax'],
      },
      NOW,
    );
    expect(given.ok && given.value.authors).toEqual([{ id: 3 }, { name: 'Ann Poe' }, { id: 4 }]);
    expect(given.ok && given.value.tags).toEqual([{ name: 'Tax' }]);
    const bad = validateArticleInput({ headline: 'A', categoryId: 2, authors: ['???', {}] }, NOW);
    expect(bad.ok ? [] : bad.errors.map((e) => e.field)).toEqual(['authors.0', 'authors.1']);
  });

  it('stamps published: true with the given now, and normalises publishedAt to UTC', () => {
    const a = validateArticleInput({ headline: 'A', categoryId: 2, published: true }, NOW);
    expect(a.ok && a.value.publishedAt).toBe('2026-05-05T10:00:00.000Z');
    const b = validateArticleInput(
      { headline: 'B', categoryId: 2, published: true, publishedAt: '2026-01-01T01:00:00+01:00' },
      NOW,
    );
    expect(b.ok && b.value.publishedAt).toBe('2026-01-01T00:00:00.000Z');
    const c = validateArticleInput({ headline: 'C', categoryId: 2, publishedAt: null }, NOW);
    expect(c.ok && c.value.publishedAt).toBeNull();
  });

  it('accepts http(s) URLs and site paths; empty or null links mean none', () => {
    for (const url of ['https://a.example/x.jpg', 'http://a.example', '/images/x.svg', '', null]) {
      expect(validateArticleInput({ headline: 'A', categoryId: 1, imageUrl: url }).ok, String(url)).toBe(true);
    }
    for (const url of [
      'ftp://a.example/x',
      'javascript:alert(1)',
      '//evil.example',
      '/\\evil.example/phish',
      '/images\\x.jpg',
      'images/x.jpg',
      'data:image/png;base64,AAAA',
      'https://a.example/with space',
    ]) {
      const r = validateArticleInput({ headline: 'A', categoryId: 1, originalUrl: url });
      expect(r.ok ? null : r.errors, url).toEqual([
        { field: 'originalUrl', message: 'must be an http(s) URL or a site path starting with /' },
      ]);
    }
  });

  it('reports every problem of a record, each with its field', () => {
    const r = validateArticleInput({ headline: 'x'.repeat(301), ratingOutOfTen: 11, isBreaking: 'no', extra: 1 });
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.errors.map((e) => e.field).sort()).toEqual(['extra', 'headline', 'isBreaking', 'ratingOutOfTen']);
    expect(r.errors.find((e) => e.field === 'headline')?.message).toBe('must be at most 300 characters');
  });

  it('refuses anything that is not an object', () => {
    for (const v of [null, 42, 'text', [], undefined]) {
      const r = validateArticleInput(v);
      expect(r.ok).toBe(false);
      if (!r.ok) expect(r.errors[0]).toEqual({ field: '', message: 'must be a JSON object' });
    }
  });
});
