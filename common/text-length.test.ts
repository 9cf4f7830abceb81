import { describe, expect, it } from 'vitest';
import { CHARACTER_MAX_CODE_UNITS, characterCap, characterCount, firstCharacters } from './text-length.ts';

const THUMB_MEDIUM = '\u{1F44D}\u{1F3FD}'; // 👍🏽: 2 code points, 4 UTF-16 units
const FLAG_UK = '\u{1F1EC}\u{1F1E7}'; // 🇬🇧: two regional indicators
const FAMILY = '\u{1F468}\u200D\u{1F469}\u200D\u{1F467}\u200D\u{1F466}'; // 👨‍👩‍👧‍👦: 7 code points, 11 units
const KISS = '\u{1F469}\u{1F3FB}\u200D\u2764\uFE0F\u200D\u{1F48B}\u200D\u{1F468}\u{1F3FC}'; // 15 units, the longest
const SCOTLAND = '\u{1F3F4}\u{E0067}\u{E0062}\u{E0073}\u{E0063}\u{E0074}\u{E007F}'; // a tag sequence, 14 units

describe('characterCount: one user-perceived character is one', () => {
  it('counts plain ASCII one a letter', () => {
    expect(characterCount('')).toBe(0);
    expect(characterCount('Cat elected mayor')).toBe(17);
  });

  it('counts a letter with a combining accent as one, as the precomposed letter is', () => {
    const combining = 'Cafe\u0301 Pin\u0303ata'; // e + U+0301, n + U+0303
    expect(combining).toHaveLength(13);
    expect(characterCount(combining)).toBe(11);
    expect(characterCount(combining.normalize('NFC'))).toBe(11);
    expect(characterCount('e\u0301\u0327')).toBe(1); // two marks on one letter
  });

  it('counts an emoji with a skin tone, a flag and a family joined by ZWJ as one each', () => {
    expect(THUMB_MEDIUM).toHaveLength(4);
    expect([...THUMB_MEDIUM]).toHaveLength(2);
    expect(characterCount(THUMB_MEDIUM)).toBe(1);
    expect(characterCount(FLAG_UK)).toBe(1);
    expect(characterCount(`${FLAG_UK}${FLAG_UK}`)).toBe(2);
    expect(FAMILY).toHaveLength(11);
    expect(characterCount(FAMILY)).toBe(1);
    expect(characterCount(KISS)).toBe(1);
    expect(characterCount(SCOTLAND)).toBe(1);
    expect(characterCount(`Hi ${THUMB_MEDIUM}${FAMILY}!`)).toBe(6);
    expect(characterCount(THUMB_MEDIUM.repeat(70))).toBe(70);
  });

  it('counts CJK ideographs and kana one each', () => {
    expect(characterCount('日本語のニュース')).toBe(8);
    expect(characterCount('𠮷野家')).toBe(3); // 𠮷 is outside the BMP (2 units)
  });

  it('counts a cluster piled with marks as one per 32 units started, so a text fits its code-unit cap', () => {
    const zalgo = `a${'\u0301'.repeat(CHARACTER_MAX_CODE_UNITS - 1)}`;
    expect(characterCount(zalgo)).toBe(1);
    expect(characterCount(`${zalgo}\u0301`)).toBe(2);
    expect(characterCount(`a${'\u0301'.repeat(1000)}`)).toBe(Math.ceil(1001 / 32));
    for (const text of [THUMB_MEDIUM.repeat(70), FAMILY.repeat(70), KISS.repeat(70), `a${'\u0301'.repeat(5000)}`]) {
      if (characterCount(text) <= 70) expect(text.length).toBeLessThanOrEqual(characterCap(70));
    }
    expect(characterCap(70)).toBe(70 * 32);
  });
});

describe('firstCharacters', () => {
  it('keeps at most that many characters, never cutting one in two', () => {
    expect(firstCharacters('abcdef', 3)).toBe('abc');
    expect(firstCharacters('ab', 3)).toBe('ab');
    expect(firstCharacters(THUMB_MEDIUM.repeat(5), 2)).toBe(THUMB_MEDIUM.repeat(2));
    expect(firstCharacters(`${FAMILY}${FLAG_UK}x`, 2)).toBe(`${FAMILY}${FLAG_UK}`);
    expect(firstCharacters('Cafe\u0301', 4)).toBe('Cafe\u0301');
  });
});
