import { describe, expect, it } from 'vitest';
import { characterCount } from '../../../common/text-length.ts';
import { clip, DESCRIPTION_MAX } from './page-meta.ts';

/** The page head's description cut counts characters as the newsroom's counters do (common/text-length.ts). */
describe('clip', () => {
  const thumb = '\u{1F44D}\u{1F3FD}'; // an emoji with a skin tone: 4 UTF-16 units, one character

  it('keeps a description of 160 characters whole, however many code units they take', () => {
    const full = thumb.repeat(DESCRIPTION_MAX);
    expect(clip(full)).toBe(full);
    expect(clip(` ${'d'.repeat(DESCRIPTION_MAX)}\n`)).toBe('d'.repeat(DESCRIPTION_MAX));
  });

  it('cuts a longer one at the last word that fits, or between characters, never inside one', () => {
    const words = `${'word '.repeat(40)}end`;
    const cut = clip(words);
    expect(cut.endsWith('word…')).toBe(true);
    expect(characterCount(cut)).toBeLessThanOrEqual(DESCRIPTION_MAX);

    const emoji = clip(thumb.repeat(DESCRIPTION_MAX + 1));
    expect(emoji).toBe(`${thumb.repeat(DESCRIPTION_MAX - 1)}…`);
    expect(characterCount(emoji)).toBe(DESCRIPTION_MAX);
  });
});
