import { describe, expect, it } from 'vitest';
import { buildBreakingText } from './breaking-text';

describe('buildBreakingText', () => {
  it('joins the first three headlines with a bullet', () => {
    expect(buildBreakingText(['One', 'Two', 'Three', 'Four', 'Five'])).toBe('One • Two • Three');
  });
  it('uses what there is when there are fewer than three', () => {
    expect(buildBreakingText(['Only one'])).toBe('Only one');
    expect(buildBreakingText(['A', 'B'])).toBe('A • B');
  });
  it('skips blank headlines and gives an empty text for none', () => {
    expect(buildBreakingText(['  ', 'A', '', 'B', 'C', 'D'])).toBe('A • B • C');
    expect(buildBreakingText([])).toBe('');
  });
});
