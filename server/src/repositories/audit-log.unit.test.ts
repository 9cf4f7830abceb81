import { describe, expect, it } from 'vitest';
import { characterCount } from '../../../common/text-length.ts';
import { AUDIT_DETAIL_MAX, correctionDetail } from './audit-log.ts';

/** One character each (common/text-length.ts): a family of four joined by zero-width joiners (7 code points), a flag (2). */
const FAMILY = '\u{1F468}\u200D\u{1F469}\u200D\u{1F467}\u200D\u{1F466}';
const FLAG = '\u{1F1EC}\u{1F1E7}';

const added = (text: string) => correctionDetail('correction-add', undefined, { text });
/** The quoted text of a detail, without its quotes. */
const unquoted = (detail: string) => detail.slice(1, -1);

describe('correctionDetail', () => {
  it('quotes the text added or removed, and the wording before and after a fix', () => {
    expect(added('The goat was a sheep.')).toBe('“The goat was a sheep.”');
    expect(correctionDetail('correction-remove', { text: 'Gone now.' }, undefined)).toBe('“Gone now.”');
    expect(correctionDetail('correction-edit', { text: 'Old words.' }, { text: 'New words.' })).toBe(
      '“Old words.” → “New words.”',
    );
    expect(correctionDetail('article-edit', undefined, { text: 'x' })).toBe('');
  });

  it(`keeps a text of ${AUDIT_DETAIL_MAX} characters whole, however many code units they take`, () => {
    const text = FAMILY.repeat(AUDIT_DETAIL_MAX / 2) + FLAG.repeat(AUDIT_DETAIL_MAX / 2);
    expect(text.length).toBeGreaterThan(AUDIT_DETAIL_MAX * 4);
    expect(added(text)).toBe(`“${text}”`);
  });

  it.each([
    ['a family emoji', FAMILY],
    ['a flag', FLAG],
  ])('cuts a longer one to %s whole, never in two, with an ellipsis', (_, emoji) => {
    // The emoji is the last character that fits (the 59th): kept whole, then '…'.
    const at = 'a'.repeat(AUDIT_DETAIL_MAX - 2);
    expect(added(`${at}${emoji}${'b'.repeat(10)}`)).toBe(`“${at}${emoji}…”`);
    // The emoji is the 60th, past the room: left out whole.
    const past = 'a'.repeat(AUDIT_DETAIL_MAX - 1);
    expect(added(`${past}${emoji}${'b'.repeat(10)}`)).toBe(`“${past}…”`);
    // Emoji only, on both sides of a fix: 59 whole ones each.
    const many = emoji.repeat(AUDIT_DETAIL_MAX + 5);
    const detail = correctionDetail('correction-edit', { text: many }, { text: many });
    expect(detail).toBe(`“${emoji.repeat(AUDIT_DETAIL_MAX - 1)}…” → “${emoji.repeat(AUDIT_DETAIL_MAX - 1)}…”`);
    expect(characterCount(unquoted(added(many)))).toBe(AUDIT_DETAIL_MAX);
    // No lone surrogate anywhere (encodeURIComponent refuses one).
    expect(() => encodeURIComponent(detail)).not.toThrow();
  });
});
