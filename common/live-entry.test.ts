import { describe, expect, it } from 'vitest';
import { LIVE_SUMMARY_MAX, liveSummary } from './live-entry.ts';

describe('liveSummary', () => {
  it('keeps a short text as one line', () => {
    expect(liveSummary('  The minister\n\narrives.  ')).toBe('The minister arrives.');
  });

  it('cuts a long text at a word boundary, within the limit, with an ellipsis', () => {
    const text = 'word '.repeat(60);
    const summary = liveSummary(text);
    expect([...summary].length).toBeLessThanOrEqual(LIVE_SUMMARY_MAX);
    expect(summary).toMatch(/word…$/);
  });

  it('cuts one very long word where it must', () => {
    const summary = liveSummary('x'.repeat(500));
    expect([...summary]).toHaveLength(LIVE_SUMMARY_MAX);
  });
});
