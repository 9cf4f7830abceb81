import { describe, expect, it } from 'vitest';
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
