import type { NewsList, NewsRepository, PublicArticle } from '../repositories/news-repository.ts';
import { etagOf } from '../plugins/http-cache.ts';
import { compressBodyAsync, type EncodedBody } from '../rendering/encoded-body.ts';
import type { NewsCache } from './news-cache.ts';

/**
 * UTF-8 bytes, encoded once, with their brotli and gzip forms made once per cached body off the
 * event loop (libuv's pool), so a cache refill never stalls the requests being served meanwhile.
 */
export type CachedBody = EncodedBody;

/**
 * Cached reads of the public news, shared by the API routes and the HTML shell (article meta tags).
 * Published only; a write elsewhere is visible after app.newsCache.clear(), or after the cache's TTL.
 * The API caches the serialized body and its ETag, so a hit costs no database work and no JSON work.
 */
export class PublicNews {
  constructor(
    private readonly repository: NewsRepository,
    readonly cache: NewsCache,
  ) {}

  /** The list response body for (category, count). */
  listBody(categoryId: number | undefined, count: number, serialize: (list: NewsList) => string): Promise<CachedBody> {
    return this.cache.get(`list:${categoryId ?? 0}:${count}`, async () =>
      encoded(serialize(await this.list(categoryId, count))),
    );
  }

  /** The list itself (what GET /News answers, as an object): for the server renderer. */
  list(categoryId: number | undefined, count: number): Promise<NewsList> {
    return this.cache.get(`list-data:${categoryId ?? 0}:${count}`, () =>
      this.repository.listPublished({ categoryId, count }),
    );
  }

  /** The newest published article with this slug (with content), or null. */
  article(slug: string): Promise<PublicArticle | null> {
    return this.cache.get(`article:${slug}`, async () => (await this.repository.findPublishedBySlug(slug)) ?? null);
  }

  /** The article response body, or null when there is no published article with this slug. */
  articleBody(slug: string, serialize: (article: PublicArticle) => string): Promise<CachedBody | null> {
    return this.cache.get(`article-body:${slug}`, async () => {
      const article = await this.article(slug);
      return article ? encoded(serialize(article)) : null;
    });
  }
}

function encoded(json: string): Promise<CachedBody> {
  const body = Buffer.from(json, 'utf8');
  return compressBodyAsync({ body, etag: etagOf(body) });
}
