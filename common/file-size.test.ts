import { describe, expect, it } from 'vitest';
import { formatMegabytes } from './file-size.ts';

describe('formatMegabytes', () => {
  it('writes whole megabytes without decimals and others with one', () => {
    expect(formatMegabytes(15 * 1024 * 1024)).toBe('15 MB');
    expect(formatMegabytes(2.5 * 1024 * 1024)).toBe('2.5 MB');
    expect(formatMegabytes(1024 * 1024)).toBe('1 MB');
    expect(formatMegabytes(100 * 1024 * 1024)).toBe('100 MB');
  });
  it('rounds down, so the size shown is never refused', () => {
    expect(formatMegabytes(15.75 * 1024 * 1024)).toBe('15.7 MB');
    expect(formatMegabytes(2 * 1024 * 1024 - 1)).toBe('1.9 MB');
    expect(formatMegabytes(15_000_000)).toBe('14.3 MB');
  });
  it('writes less than a megabyte in kilobytes', () => {
    expect(formatMegabytes(512 * 1024)).toBe('512 KB');
    expect(formatMegabytes(1024)).toBe('1 KB');
  });
});
