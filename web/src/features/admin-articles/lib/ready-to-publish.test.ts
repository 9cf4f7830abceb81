import { describe, expect, it } from 'vitest';
import { docFromText } from '@/lib/admin-body/body-doc';
import { emptyForm, formFromArticle } from './article-fields.ts';
import { checkText, readyChecks, readySummary, showsReadyChecks, type ReadyValues } from './ready-to-publish.ts';
import type { AdminArticle } from '../types.ts';

const body = (text: string) => JSON.stringify(docFromText(text));

/** A draft that passes every check. */
const ready: ReadyValues = {
  ...emptyForm(),
  headline: 'Cat Elected Mayor',
  summary: 'The town has a new leader.',
  authors: 'Sam Editor',
  tags: 'Cats\nElections\nTowns',
  imageUrl: '/images/cat.webp',
  imageAlt: 'A cat in a chain of office',
  body: body('The cat won by a whisker.'),
};

const texts = (v: ReadyValues) => readyChecks(v).map(checkText);
const check = (v: ReadyValues, key: string) => readyChecks(v).find((c) => c.key === key)!;

describe('Ready to publish? checks', () => {
  it('says each done check in words, and All set', () => {
    expect(texts(ready)).toEqual([
      'Picture described',
      'Summary written',
      'Byline: Sam Editor',
      'Tags: 3',
      'Headline fits search results',
      '6 words',
    ]);
    expect(readySummary(readyChecks(ready))).toBe('All set');
  });

  it('suggests what is missing, each naming the field the form opens on', () => {
    const empty = { ...emptyForm(), headline: 'Cat Elected Mayor' };
    const checks = readyChecks(empty);
    expect(checks.map(checkText)).toEqual([
      'Add a picture: share cards and the home page show one',
      'Write a summary: search results and share cards use it, else the first paragraph',
      'Add an author',
      'Add tags so readers find related stories',
      'Headline fits search results',
      'The story has no text yet. Write the story',
    ]);
    expect(checks.map((c) => (c.done ? null : [c.action, c.field]))).toEqual([
      ['Add a picture', 'imageUrl'],
      ['Write a summary', 'summary'],
      ['Add an author', 'authors'],
      ['Add tags', 'tags'],
      null,
      ['Write the story', 'body'],
    ]);
    expect(readySummary(checks)).toBe('5 suggestions');
    expect(readySummary(readyChecks({ ...ready, summary: ' \n ' }))).toBe('1 suggestion');
  });

  it("applies publishing's rule for the picture's description (blank is none)", () => {
    const c = check({ ...ready, imageAlt: '   ' }, 'picture');
    expect(c).toMatchObject({ done: false, action: 'Describe the picture', field: 'imageAlt' });
    expect(checkText(c)).toBe('Describe the picture');
    expect(checkText(check({ ...ready, imageUrl: '  ', imageAlt: 'x' }, 'picture'))).toMatch(/^Add a picture/);
  });

  it('names the byline as the site writes it, and counts the tags', () => {
    expect(checkText(check({ ...ready, authors: 'Sam Editor\nAlex Writer\nJo Reporter' }, 'byline'))).toBe(
      'Byline: Sam Editor, Alex Writer and Jo Reporter',
    );
    expect(checkText(check({ ...ready, tags: 'Cats' }, 'tags'))).toBe('Tags: 1');
    expect(check({ ...ready, authors: ' \n ' }, 'byline').done).toBe(false);
  });

  it('measures the title search results use, at 70 characters counted as the product counts them', () => {
    const at = (headline: string, metaTitle = '') => checkText(check({ ...ready, headline, metaTitle }, 'title'));
    expect(at('a'.repeat(70))).toBe('Headline fits search results');
    expect(at('a'.repeat(71))).toBe(
      'The headline is 71 characters: search results cut it near 70. Write a search title.',
    );
    // A family emoji (11 UTF-16 units) and an accent typed as e + combining mark are one character each.
    expect(at(`${'a'.repeat(68)}👨‍👩‍👧‍👦e\u0301`)).toBe('Headline fits search results');
    expect(at(`${'a'.repeat(69)}👨‍👩‍👧‍👦e\u0301`)).toMatch(/^The headline is 71 characters/);
    // Counted on one line and trimmed, as the server stores it.
    expect(at(`  ${'a'.repeat(35)}\n\n${'b'.repeat(34)}  `)).toBe('Headline fits search results');
    // The search title, when there is one, is what search results show.
    expect(at('a'.repeat(300), 'Cat wins')).toBe('Search title fits search results');
    expect(check({ ...ready, headline: 'a'.repeat(300) }, 'title')).toMatchObject({ field: 'metaTitle' });
    expect(at('a'.repeat(1200))).toMatch(/^The headline is 1,200 characters/);
  });

  it("counts the body's words as the editor does", () => {
    expect(checkText(check({ ...ready, body: body('One') }, 'body'))).toBe('1 word');
    expect(checkText(check({ ...ready, body: body(`${'word '.repeat(1234)}`) }, 'body'))).toBe('1,234 words');
    expect(checkText(check({ ...ready, body: 'not json' }, 'body'))).toBe('The story has no text yet. Write the story');
  });

  it("reads a saved article through the form's values", () => {
    const article = {
      headline: 'Goat',
      summary: '',
      content: 'Text',
      authors: [{ id: 1, name: 'Sam Editor', slug: 'sam-editor' }],
      tags: [],
      imageUrl: null,
    } as unknown as AdminArticle;
    expect(texts(formFromArticle(article))).toContain('Byline: Sam Editor');
    expect(texts(formFromArticle(article))).toContain('1 word');
  });

  it('shows for a draft or a scheduled article only, outside the Trash', () => {
    expect(showsReadyChecks({ publishedAt: null, deletedAt: null })).toBe(true);
    expect(showsReadyChecks({ publishedAt: '2026-11-30T10:00:00.000Z', deletedAt: null })).toBe(false);
    expect(showsReadyChecks({ publishedAt: null, deletedAt: '2026-11-30T10:00:00.000Z' })).toBe(false);
  });
});
