import { describe, expect, it } from 'vitest';
import { NewsCache } from './news-cache.ts';

describe('NewsCache', () => {
  it('keeps a value for its TTL, then loads again', async () => {
    let now = 1000;
    let loads = 0;
    const cache = new NewsCache({ ttlMs: 100, now: () => now });
    const load = async () => ++loads;
    expect(await cache.get('k', load)).toBe(1);
    now += 99;
    expect(await cache.get('k', load)).toBe(1);
    now += 1;
    expect(await cache.get('k', load)).toBe(2);
  });

  it('shares one load between concurrent misses', async () => {
    let loads = 0;
    const cache = new NewsCache();
    const load = () => new Promise<number>((resolve) => setTimeout(() => resolve(++loads), 5));
    const results = await Promise.all([cache.get('k', load), cache.get('k', load), cache.get('k', load)]);
    expect(results).toEqual([1, 1, 1]);
    expect(loads).toBe(1);
  });

  it('does not keep failures', async () => {
    const cache = new NewsCache();
    await expect(cache.get('k', () => Promise.reject(new Error('db down')))).rejects.toThrow('db down');
    await Promise.resolve();
    expect(await cache.get('k', async () => 'ok')).toBe('ok');
  });

  it('forgets everything on clear(), including loads in flight', async () => {
    const cache = new NewsCache();
    let release!: (v: string) => void;
    const slow = cache.get('k', () => new Promise<string>((r) => (release = r)));
    cache.clear();
    expect(cache.size).toBe(0);
    release('old');
    expect(await slow).toBe('old');
    expect(await cache.get('k', async () => 'new')).toBe('new');
  });

  it('bounds the number of keys, dropping the oldest', async () => {
    const cache = new NewsCache({ maxEntries: 2 });
    await cache.get('a', async () => 1);
    await cache.get('b', async () => 2);
    await cache.get('c', async () => 3);
    expect(cache.size).toBe(2);
    expect(await cache.get('a', async () => 10)).toBe(10);
    expect(await cache.get('c', async () => 30)).toBe(3);
  });
});
