import { describe, expect, it } from 'vitest';
import { MAX_SLUG_LENGTH } from '../../../common/site.ts';
import { slugify } from '../../../common/slug.ts';
import { characterCount } from '../../../common/text-length.ts';
import { copyBase, copyHeadline } from './article-duplicate.ts';
import { HEADLINE_MAX_LENGTH } from './article-input.ts';

describe("a copy's headline (Duplicate)", () => {
  it("is the headline and ' (copy)' when no copy of it exists", () => {
    expect(copyHeadline('Cat Elected')).toBe('Cat Elected (copy)');
    expect(copyHeadline('Cat Elected', ['Cat Elected', 'Dog Elected (copy)', 'Cat Elected Mayor (copy)'])).toBe(
      'Cat Elected (copy)',
    );
  });

  it("numbers a copy of a copy beside the original's copies: ' (copy 2)', ' (copy 3)', never '(copy) (copy)'", () => {
    expect(copyHeadline('Cat Elected (copy)')).toBe('Cat Elected (copy 2)');
    expect(copyHeadline('Cat Elected (copy)', ['Cat Elected (copy)', 'Cat Elected (copy 2)'])).toBe(
      'Cat Elected (copy 3)',
    );
    expect(copyHeadline('Cat Elected (copy 2)', ['Cat Elected (copy)'])).toBe('Cat Elected (copy 3)');
  });

  it("gives a second copy of the same original ' (copy 2)' too, after the highest number there is", () => {
    expect(copyHeadline('Cat Elected', ['Cat Elected', 'Cat Elected (copy)'])).toBe('Cat Elected (copy 2)');
    // A gap is not filled: the next after the highest.
    expect(copyHeadline('Cat Elected', ['Cat Elected (copy)', 'Cat Elected (copy 7)'])).toBe('Cat Elected (copy 8)');
  });

  it('counts only the copies of that very headline, as the rule writes them', () => {
    const taken = [
      'cat elected (copy 5)', // another case
      'Cat Elected  (copy 4)', // another spacing
      'Cat Elected (copy 1)', // a number the rule never writes
      'Cat Elected (copy 0)',
      'Cat Elected (Copy 6)',
      'The Cat Elected (copy 9)',
      'Cat Elected (copy 3) (draft)',
    ];
    expect(copyHeadline('Cat Elected', taken)).toBe('Cat Elected (copy)');
  });

  it("takes a headline's own copy-like ending off only when it is one: '(copy 2)', not '(copy two)'", () => {
    expect(copyBase('Cat Elected (copy 12)')).toBe('Cat Elected');
    expect(copyBase('Cat Elected (copy)')).toBe('Cat Elected');
    expect(copyBase('Cat Elected (copy two)')).toBe('Cat Elected (copy two)');
    expect(copyHeadline('Cat Elected (copy two)')).toBe('Cat Elected (copy two) (copy)');
  });

  it('stays within the limits, cutting the base by whole words, never the number, and counts such copies', () => {
    const long = Array.from({ length: 33 }, () => 'Goose').join(' ');
    const first = copyHeadline(long);
    expect(first).toBe(`${Array.from({ length: 32 }, () => 'Goose').join(' ')} (copy)`);
    const second = copyHeadline(first, [long, first]);
    expect(second).toMatch(/^(Goose )+\(copy 2\)$/);
    expect(slugify(second).length).toBeLessThanOrEqual(MAX_SLUG_LENGTH);
    expect(copyHeadline(long, [long, first, second])).toMatch(/ \(copy 3\)$/);
    // At the headline's 300 characters (a short slug: punctuation): cut to leave room for the ending.
    const wide = `${'!'.repeat(290)} Gooseys`;
    const copies: string[] = [];
    for (let i = 0; i < 9; i++) copies.push(copyHeadline(wide, copies));
    expect(copies[0]).toBe(`${wide.slice(0, 293).trimEnd()} (copy)`);
    expect(copies[1]).toBe(`${wide.slice(0, 291).trimEnd()} (copy 2)`);
    const tenth = copyHeadline(copies[4]!, copies);
    expect(tenth).toBe(`${wide.slice(0, 290).trimEnd()} (copy 10)`);
    for (const h of [...copies, tenth]) expect(characterCount(h)).toBeLessThanOrEqual(HEADLINE_MAX_LENGTH);
    // Not cut as the rule cuts it: not one of its copies.
    expect(copyHeadline(wide, [`${wide} (copy 12)`])).toBe(copies[0]);
  });
});
