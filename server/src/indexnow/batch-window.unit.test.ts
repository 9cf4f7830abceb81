import { describe, expect, it } from 'vitest';
import { windowEnd } from './batch-window.ts';

describe('the batching window', () => {
  it('every change of one window falls due at its end; a change waits at most the window', () => {
    expect(windowEnd(10_000, 2000)).toBe(12_000);
    expect(windowEnd(11_999, 2000)).toBe(12_000);
    expect(windowEnd(12_000, 2000)).toBe(14_000);
    expect(windowEnd(12_345, 0)).toBe(12_345);
  });
});
