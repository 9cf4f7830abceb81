import { describe, expect, it } from 'vitest';
import { PageCache } from './page-cache.ts';

describe('PageCache', () => {
  it('shares one render between concurrent misses and keeps it until its time is up', async () => {
    let now = 1_000;
    let renders = 0;
    const cache = new PageCache<string>({ ttlMs: 5_000, maxEntries: 10, now: () => now });
    const render = async () => `page ${++renders}`;
    const [a, b] = await Promise.all([cache.get('http://site', '/', render), cache.get('http://site', '/', render)]);
    expect([a, b]).toEqual(['page 1', 'page 1']);
    now += 4_999;
    expect(await cache.get('http://site', '/', render)).toBe('page 1');
    now += 1;
    expect(await cache.get('http://site', '/', render)).toBe('page 2');
    expect(cache.size).toBe(1);
    cache.clear();
    expect(await cache.get('http://site', '/', render)).toBe('page 3');
  });

  it('does not keep a failed render', async () => {
    const cache = new PageCache<string>({ ttlMs: 5_000, maxEntries: 10 });
    await expect(cache.get('o', '/', () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(cache.size).toBe(0);
    expect(await cache.get('o', '/', async () => 'ok')).toBe('ok');
  });

  it('never gives up the pages of the origin readers use for pages of made-up origins', async () => {
    const cache = new PageCache<string>({ ttlMs: 60_000, maxEntries: 5 });
    const renders: string[] = [];
    const page = (origin: string, path: string) =>
      cache.get(origin, path, async () => {
        renders.push(`${origin}${path}`);
        return `${origin}${path}`;
      });
    for (const path of ['/', '/politics', '/sport']) await page('http://site', path);
    for (const path of ['/', '/politics', '/sport']) await page('http://site', path);
    for (let i = 0; i < 300; i++) await page(`http://made-up-${i}.example`, '/');
    expect(cache.size).toBe(5);
    renders.length = 0;
    for (const path of ['/', '/politics', '/sport']) await page('http://site', path);
    expect(renders).toEqual([]);
  });
});
