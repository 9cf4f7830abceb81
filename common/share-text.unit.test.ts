import { describe, expect, it } from 'vitest';
import twitterText from 'twitter-text';
import { composeXText, xWeightedLength } from './share-text.ts';

describe('composeXText', () => {
  const link = 'https://dailysmear.example.com/article/minister-resigns-over-biscuit-and-then-some-more';

  it('keeps a short message whole and counts the link as 23', () => {
    const x = composeXText('Minister resigns over biscuit', link);
    expect(x.text).toBe(`Minister resigns over biscuit ${link}`);
    expect(x.weightedLength).toBe('Minister resigns over biscuit '.length + 23);
    expect(x.shortened).toBe(false);
  });

  it('shortens a long message with an ellipsis, keeping the link, to exactly fit 280', () => {
    const x = composeXText('a'.repeat(400), link);
    expect(x.shortened).toBe(true);
    expect(x.text.endsWith(`… ${link}`)).toBe(true);
    expect(x.weightedLength).toBeLessThanOrEqual(280);
    expect(xWeightedLength(`a${x.text}`)).toBeGreaterThan(280);
  });

  it('counts emoji as 2', () => {
    const x = composeXText('😀'.repeat(200), link);
    expect(x.weightedLength).toBeLessThanOrEqual(280);
    expect([...x.text.split(' ')[0]!].filter((c) => c === '😀').length).toBe(Math.floor((280 - 23 - 2) / 2));
  });
});

describe('xWeightedLength of a long text', () => {
  const FAMILY = '\u{1F468}\u200D\u{1F469}\u200D\u{1F467}\u200D\u{1F466}';
  const whole = (text: string) => twitterText.parseTweet(text).weightedLength;

  it('measures a long text in pieces as X does whole (links, emoji, accents, CJK, white space)', () => {
    const texts = [
      `${FAMILY.repeat(150)} see https://a.example/${'x'.repeat(40)} and goat.com ${'é'.repeat(30)}`,
      `${'你好'.repeat(120)}\u3000${'\u{1F44D}\u{1F3FD}'.repeat(60)}e\u0301${'a'.repeat(130)}`,
      `${FAMILY.repeat(60)}${'ab'.repeat(100)}\u{1F1EC}\u{1F1E7}`.repeat(2),
      `${'word '.repeat(90)}${FAMILY.repeat(80)}.example.com/${FAMILY.repeat(3)}`,
    ];
    for (const text of texts) {
      expect(text.length).toBeGreaterThan(500);
      expect(xWeightedLength(text)).toBe(whole(text));
    }
  });

  it('stays quick for a share message of 2,000 family emoji without a space', () => {
    const started = performance.now();
    const x = composeXText(FAMILY.repeat(2000), 'https://a.example/goat');
    expect(x.shortened).toBe(true);
    expect(x.text).toBe(`${FAMILY.repeat(127)}… https://a.example/goat`);
    expect(xWeightedLength(FAMILY.repeat(2000))).toBe(4000);
    expect(performance.now() - started).toBeLessThan(2000);
  });
});
