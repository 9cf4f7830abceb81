import { describe, expect, it } from 'vitest';
import { maskSecret } from './mask.ts';

describe('maskSecret', () => {
  it('shows at most the last 4 characters of long values, nothing of short ones', () => {
    expect(maskSecret('abcdefghijklmnopqrstuvwxyz')).toBe('****wxyz');
    expect(maskSecret('0123456789abcdef')).toBe('****cdef');
    expect(maskSecret('0123456789abcde')).toBe('****');
    expect(maskSecret('')).toBe('');
    expect(maskSecret(null)).toBe('');
    expect(maskSecret('abcdefghijklmnopqrstuvwxyz')).not.toContain('abcd');
  });
});
