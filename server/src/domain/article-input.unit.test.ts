import { describe, expect, it } from 'vitest';
import { imageAltMissing, validateArticleInput } from './article-input.ts';

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
        body: { type: 'doc', content: [] },
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

  it('takes the body in the stored format or as Markdown content, never both, naming the path of a problem', () => {
    const md = validateArticleInput({ headline: 'M', categoryId: 1, content: '## Sub\n\nText *here*.' }, NOW);
    expect(md.ok && md.value.body.content[0]).toEqual({
      type: 'heading',
      attrs: { level: 2 },
      content: [{ type: 'text', text: 'Sub' }],
    });
    expect(md.ok && md.value.content).toBe('Sub\n\nText here.');
    const body = { type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text: 'x' }] }] };
    const stored = validateArticleInput({ headline: 'S', categoryId: 1, body }, NOW);
    expect(stored.ok && stored.value.body).toEqual(body);
    expect(validateArticleInput({ headline: 'B', categoryId: 1, body, content: 'x' }, NOW)).toEqual({
      ok: false,
      errors: [{ field: 'content', message: 'must not be given with body (send one of them)' }],
    });
    const bad = validateArticleInput(
      { headline: 'B', categoryId: 1, body: { type: 'doc', content: [{ type: 'video' }] } },
      NOW,
    );
    expect(bad).toEqual({
      ok: false,
      errors: [{ field: 'body.content[0].type', message: "'video' is not an allowed block" }],
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

describe('the image description rule', () => {
  it('an image needs a description, unless it is the picture an article had before descriptions existed', () => {
    expect(imageAltMissing({ imageUrl: '/a.webp', imageAlt: '' })).toBe(true);
    expect(imageAltMissing({ imageUrl: '/a.webp', imageAlt: '  ' })).toBe(true);
    expect(imageAltMissing({ imageUrl: '/a.webp', imageAlt: 'A' })).toBe(false);
    expect(imageAltMissing({ imageUrl: null, imageAlt: '' })).toBe(false);
    expect(imageAltMissing({ imageUrl: '/a.webp', imageAlt: '' }, { imageUrl: '/a.webp', imageAlt: '' })).toBe(false);
    expect(imageAltMissing({ imageUrl: '/b.webp', imageAlt: '' }, { imageUrl: '/a.webp', imageAlt: '' })).toBe(true);
    // Once described, it cannot be emptied.
    expect(imageAltMissing({ imageUrl: '/a.webp', imageAlt: '' }, { imageUrl: '/a.webp', imageAlt: 'A' })).toBe(true);
  });

  it('the description fields are trimmed, limited, and left out when not given', () => {
    const base = { headline: 'Goat', category: 'Politics' };
    const ok = validateArticleInput({ ...base, imageAlt: ' A goat ', imageCaption: ' C ', imageCredit: ' D ' });
    expect(ok.ok && ok.value).toMatchObject({ imageAlt: 'A goat', imageCaption: 'C', imageCredit: 'D' });
    const none = validateArticleInput(base);
    expect(none.ok && 'imageAlt' in none.value).toBe(false);
    const long = validateArticleInput({ ...base, imageCredit: 'x'.repeat(301) });
    expect(long.ok ? [] : long.errors.map((e) => e.field)).toEqual(['imageCredit']);
  });
});

describe('the texts limited in characters (common/text-length.ts)', () => {
  const FAMILY = '\u{1F468}\u200D\u{1F469}\u200D\u{1F467}\u200D\u{1F466}'; // one character, 11 UTF-16 units
  const base = { category: 'Politics' };
  const errorsOf = (input: Record<string, unknown>) => {
    const r = validateArticleInput({ headline: 'Goat', ...base, ...input });
    return r.ok ? [] : r.errors;
  };

  it('takes a headline of 300 characters of many code units each, and refuses 301 with the limit', () => {
    const at = `A${FAMILY.repeat(299)}`;
    expect(at.length).toBe(3290);
    const ok = validateArticleInput({ ...base, headline: at });
    expect(ok.ok && ok.value.headline).toBe(at);
    expect(errorsOf({ headline: `A${FAMILY.repeat(300)}` })).toEqual([
      { field: 'headline', message: 'must be at most 300 characters' },
    ]);
    // Counted after trimming, as it is stored.
    expect(errorsOf({ headline: `  ${at}  ` })).toEqual([]);
  });

  it('counts every limited text the same way, each with its own limit and field', () => {
    const within = {
      summary: FAMILY.repeat(2000),
      source: FAMILY.repeat(200),
      editorName: FAMILY.repeat(200),
      comments: FAMILY.repeat(5000),
      imageUrl: `/images/${FAMILY.repeat(1992)}`,
      originalUrl: `https://a.example/${FAMILY.repeat(1982)}`,
      imageAlt: FAMILY.repeat(1000),
      imageCaption: FAMILY.repeat(2000),
      imageCredit: FAMILY.repeat(300),
    };
    expect(errorsOf(within)).toEqual([]);
    const over = Object.fromEntries(Object.entries(within).map(([k, v]) => [k, `${v}${FAMILY}`]));
    expect(errorsOf(over)).toEqual([
      { field: 'summary', message: 'must be at most 2000 characters' },
      { field: 'source', message: 'must be at most 200 characters' },
      { field: 'editorName', message: 'must be at most 200 characters' },
      { field: 'comments', message: 'must be at most 5000 characters' },
      { field: 'imageUrl', message: 'must be at most 2000 characters' },
      { field: 'originalUrl', message: 'must be at most 2000 characters' },
      { field: 'imageAlt', message: 'must be at most 1000 characters' },
      { field: 'imageCaption', message: 'must be at most 2000 characters' },
      { field: 'imageCredit', message: 'must be at most 300 characters' },
    ]);
  });

  it("refuses a text over the schema's safety cap (32 code units a character) with the same message", () => {
    expect(errorsOf({ headline: 'x'.repeat(300 * 32 + 1) })).toEqual([
      { field: 'headline', message: 'must be at most 300 characters' },
    ]);
    expect(errorsOf({ imageCredit: 'x'.repeat(300 * 32 + 1) })).toEqual([
      { field: 'imageCredit', message: 'must be at most 300 characters' },
    ]);
    expect(errorsOf({ headline: '' })).toEqual([{ field: 'headline', message: 'must not be empty' }]);
    expect(errorsOf({ source: 5 })).toEqual([{ field: 'source', message: 'must be a string' }]);
  });
});
