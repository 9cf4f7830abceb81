import { describe, expect, it } from 'vitest';
import { createVerifiedTokenCache } from './verified-token-cache.ts';

describe('verified token cache', () => {
  it('returns a remembered value until the expiry time, then forgets it', () => {
    const cache = createVerifiedTokenCache<string>();
    cache.set('token-a', 'editor a', 10_000, 1_000);
    expect(cache.get('token-a', 9_999)).toBe('editor a');
    expect(cache.get('token-a', 10_000)).toBeUndefined();
    expect(cache.size).toBe(0);
    expect(cache.get('token-a', 5_000)).toBeUndefined();
  });

  it('never keeps a token that has already expired and tells tokens apart by their exact bytes', () => {
    const cache = createVerifiedTokenCache<string>();
    cache.set('old', 'x', 1_000, 1_000);
    expect(cache.size).toBe(0);
    cache.set('abc', 'y', 5_000, 1_000);
    expect(cache.get('abd', 2_000)).toBeUndefined();
    expect(cache.get('abc ', 2_000)).toBeUndefined();
    expect(cache.get('abc', 2_000)).toBe('y');
  });

  it('drops the least recently used entry beyond its size', () => {
    const cache = createVerifiedTokenCache<number>(2);
    cache.set('one', 1, 10_000, 0);
    cache.set('two', 2, 10_000, 0);
    expect(cache.get('one', 1)).toBe(1); // "one" is now the most recently used
    cache.set('three', 3, 10_000, 0);
    expect(cache.size).toBe(2);
    expect(cache.get('two', 1)).toBeUndefined();
    expect(cache.get('one', 1)).toBe(1);
    expect(cache.get('three', 1)).toBe(3);
  });
});
