import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ARTICLE_LOAD_ERROR, ARTICLE_NOT_FOUND, articleUrl, getArticle } from './get-article';
import { getNews, NEWS_LOAD_ERROR, newsUrl } from './get-news';

// A real local HTTP server; the browser's relative URLs are resolved against it.
let server: Server;
let base = '';
const seen: string[] = [];
const realFetch = globalThis.fetch;

beforeAll(async () => {
  server = createServer((req, res) => {
    seen.push(req.url ?? '');
    const url = new URL(req.url ?? '/', 'http://x');
    if (url.pathname === '/News' && url.searchParams.get('category') === 'Broken') {
      res.writeHead(500, { 'content-type': 'application/problem+json' }).end('{"title":"boom"}');
    } else if (url.pathname === '/News') {
      res.writeHead(200, { 'content-type': 'application/json' }).end(
        JSON.stringify({
          BreakingNews: [{ Id: 1, Title: 'Big One' }],
          AllArticles: [{ id: 2, headline: 'Small One', slug: 'small' }],
        }),
      );
    } else if (url.pathname === '/News/slug/caf%C3%A9%20%2F%20bar') {
      res
        .writeHead(200, { 'content-type': 'application/json' })
        .end(JSON.stringify({ id: 5, headline: 'Café / Bar', content: 'x' }));
    } else if (url.pathname === '/News/slug/garbage') {
      res.writeHead(200, { 'content-type': 'application/json' }).end('{not json');
    } else {
      res.writeHead(404, { 'content-type': 'application/problem+json' }).end('{"status":404}');
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  vi.stubGlobal('fetch', (input: string, init?: RequestInit) =>
    realFetch(input.startsWith('/') ? base + input : input, init),
  );
});

afterAll(async () => {
  vi.unstubAllGlobals();
  await new Promise((resolve) => server.close(resolve));
});

describe('news URLs', () => {
  it('omits the category on the home page and always asks for 15', () => {
    expect(newsUrl()).toBe('/News?count=15');
    expect(newsUrl('Politics')).toBe('/News?category=Politics&count=15');
  });
  it('URL-encodes the slug', () => {
    expect(articleUrl('café / bar')).toBe('/News/slug/caf%C3%A9%20%2F%20bar');
  });
});

describe('getNews', () => {
  it('fetches and normalises both lists', async () => {
    const result = await getNews({ category: 'UK' });
    expect(seen.at(-1)).toBe('/News?category=UK&count=15');
    expect(result.breakingNews[0]).toMatchObject({ id: 1, headline: 'Big One', slug: 'big-one' });
    expect(result.allArticles[0]).toMatchObject({ id: 2, headline: 'Small One', slug: 'small' });
  });
  it("fails with 'Failed to fetch news page' on a non-OK answer or a network error", async () => {
    await expect(getNews({ category: 'Broken' })).rejects.toThrow(NEWS_LOAD_ERROR);
    const saved = base;
    base = 'http://127.0.0.1:1';
    await expect(getNews()).rejects.toThrow(NEWS_LOAD_ERROR);
    base = saved;
  });
});

describe('getArticle', () => {
  it('fetches one article by its encoded slug', async () => {
    const result = await getArticle({ slug: 'café / bar' });
    expect(result.error).toBeUndefined();
    expect(result.article).toMatchObject({ id: 5, headline: 'Café / Bar', slug: 'cafe-bar' });
  });
  it("gives 'Not found' on a non-OK answer", async () => {
    expect(await getArticle({ slug: 'missing' })).toEqual({ article: null, error: ARTICLE_NOT_FOUND });
  });
  it("fails with 'Failed to fetch article' on an exception", async () => {
    await expect(getArticle({ slug: 'garbage' })).rejects.toThrow(ARTICLE_LOAD_ERROR);
    const saved = base;
    base = 'http://127.0.0.1:1';
    await expect(getArticle({ slug: 'any' })).rejects.toThrow(ARTICLE_LOAD_ERROR);
    base = saved;
  });
});
