import { describe, expect, it } from 'vitest';
import { RefreshingCache } from './refreshing-cache.ts';

describe('RefreshingCache', () => {
  it('serves the built body past its ttl while one rebuild runs, then the new body', async () => {
    let now = 0;
    let builds = 0;
    let release: (v: string) => void = () => {};
    const cache = new RefreshingCache<string>({ ttlMs: 100, maxEntries: 10, now: () => now });
    const load = () => {
      builds++;
      return builds === 1 ? Promise.resolve('v1') : new Promise<string>((r) => (release = r));
    };
    expect(await cache.get('k', load)).toBe('v1');
    now = 150;
    expect(await cache.get('k', load)).toBe('v1'); // stale, rebuild started
    expect(await cache.get('k', load)).toBe('v1'); // still stale, no second rebuild
    expect(builds).toBe(2);
    release('v2');
    await new Promise((r) => setImmediate(r));
    expect(await cache.get('k', load)).toBe('v2');
    expect(builds).toBe(2);
  });

  it('builds afresh after clear and never keeps a failed build', async () => {
    const cache = new RefreshingCache<string>({ ttlMs: 1_000, maxEntries: 10 });
    await expect(cache.get('k', () => Promise.reject(new Error('db down')))).rejects.toThrow('db down');
    expect(await cache.get('k', async () => 'ok')).toBe('ok');
    cache.clear();
    expect(await cache.get('k', async () => 'after')).toBe('after');
  });
});
