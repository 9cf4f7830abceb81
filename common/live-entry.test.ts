import { describe, expect, it } from 'vitest';
import { LIVE_SUMMARY_MAX, liveSummary } from './live-entry.ts';
import { characterCount } from './text-length.ts';

/** One character each (common/text-length.ts): a family of four joined by zero-width joiners (7 code points), a flag (2). */
const FAMILY = '\u{1F468}\u200D\u{1F469}\u200D\u{1F467}\u200D\u{1F466}';
const FLAG = '\u{1F1EC}\u{1F1E7}';

describe('liveSummary', () => {
  it('keeps a short text as one line', () => {
    expect(liveSummary('  The minister\n\narrives.  ')).toBe('The minister arrives.');
  });

  it('cuts a long text at a word boundary, within the limit, with an ellipsis', () => {
    const text = 'word '.repeat(60);
    const summary = liveSummary(text);
    expect(characterCount(summary)).toBeLessThanOrEqual(LIVE_SUMMARY_MAX);
    expect(summary).toMatch(/word…$/);
  });

  it('cuts one very long word where it must', () => {
    const summary = liveSummary('x'.repeat(500));
    expect(characterCount(summary)).toBe(LIVE_SUMMARY_MAX);
  });

  it('counts user-perceived characters: a text of emoji within the limit is kept whole', () => {
    const text = `${FAMILY.repeat(70)} ${FLAG.repeat(69)}`;
    expect(characterCount(text)).toBe(LIVE_SUMMARY_MAX);
    expect(liveSummary(text)).toBe(text);
  });

  it.each([
    ['a family emoji', FAMILY],
    ['a flag', FLAG],
  ])('never splits %s at the cut: it is kept whole or left out', (_, emoji) => {
    // The character at the cut (the 9th of 10) is the emoji: kept whole, then the ellipsis.
    expect(liveSummary(`${'a'.repeat(8)}${emoji}${'b'.repeat(20)}`, 10)).toBe(`${'a'.repeat(8)}${emoji}…`);
    // One past the room: left out whole, not cut in two.
    expect(liveSummary(`${'a'.repeat(9)}${emoji}${'b'.repeat(20)}`, 10)).toBe(`${'a'.repeat(9)}…`);
    // Emoji only: as many whole ones as fit.
    expect(liveSummary(emoji.repeat(30), 10)).toBe(`${emoji.repeat(9)}…`);
  });

  it('cuts at the last space when more than half the limit comes before it, counting characters', () => {
    // Six emoji (42 code points) then a space: six characters, more than half of 10: cut there.
    expect(liveSummary(`${FAMILY.repeat(6)} ${'c'.repeat(20)}`, 10)).toBe(`${FAMILY.repeat(6)}…`);
    // Four before the space is not more than half: the room is filled instead.
    expect(liveSummary(`${FAMILY.repeat(4)} ${'c'.repeat(20)}`, 10)).toBe(`${FAMILY.repeat(4)} cccc…`);
  });
});
