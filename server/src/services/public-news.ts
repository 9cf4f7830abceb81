import { PERSON_PAGE_SIZE } from '../../../common/byline.ts';
import type { AuthorPage, TagPage } from '../../../common/news-contract.ts';
import type { LiveEntriesPage } from '../../../common/live-contract.ts';
import type { AuthorsAndTagsRepository } from '../repositories/authors-and-tags.ts';
import {
  toPublicArticle,
  type NewsList,
  type NewsRepository,
  type PublicArticle,
} from '../repositories/news-repository.ts';
import { Type } from '@sinclair/typebox';
import { etagOf } from '../plugins/http-cache.ts';
import { compressBodyAsync, type EncodedBody } from '../rendering/encoded-body.ts';
import type { NewsCache } from './news-cache.ts';
import { PageCursorsQuery, pageCursorsKey, pageNeighbours, readPageCursors, type PageCursors } from './page-cursors.ts';
import type { LiveBlogReader } from '../live-blog/live-entries-view.ts';

/**
 * UTF-8 bytes, encoded once, with their brotli and gzip forms made once per cached body off the
 * event loop (libuv's pool), so a cache refill never stalls the requests being served meanwhile.
 */
export type CachedBody = EncodedBody;

/** The query of an author's or a tag's page (GET /News/author|tag/{slug} and /author|tag/{slug}). */
export const ListingPageQuerySchema = Type.Object(PageCursorsQuery);

/**
 * Cached reads of the public news, shared by the API routes and the HTML shell (article meta tags).
 * Published only; a write elsewhere is visible after app.newsCache.clear(), or after the cache's TTL.
 * The API caches the serialized body and its ETag, so a hit costs no database work and no JSON work.
 */
export class PublicNews {
  constructor(
    private readonly repository: NewsRepository,
    readonly cache: NewsCache,
    private readonly people?: AuthorsAndTagsRepository,
    /** Live blogs' `live` on the article read (decision 037). */
    private readonly live?: LiveBlogReader,
  ) {}

  /**
   * An author page (GET /News/author/{slug}?before=|after=): the author and a keyset page of their
   * published stories, newest first (page-cursors.ts). null: no author has this slug. A malformed
   * cursor is a 400 problem.
   */
  async authorPage(slug: string, cursors: PageCursors = {}): Promise<AuthorPage | null> {
    const request = { count: PERSON_PAGE_SIZE, ...readPageCursors(cursors) };
    return this.cache.get(`author:${slug}:${pageCursorsKey(cursors)}`, async () => {
      const row = await this.people?.authorBySlug(slug);
      if (!row) return null;
      const page = await this.people!.stories('authors', Number(row.id), request);
      return {
        author: { name: row.name, slug: row.slug, bio: row.bio, photoUrl: row.photo_url, xHandle: row.x_handle },
        articles: page.rows.map(toPublicArticle),
        ...pageNeighbours(page),
      };
    });
  }

  /** A tag page (GET /News/tag/{slug}?before=|after=), as authorPage. */
  async tagPage(slug: string, cursors: PageCursors = {}): Promise<TagPage | null> {
    const request = { count: PERSON_PAGE_SIZE, ...readPageCursors(cursors) };
    return this.cache.get(`tag:${slug}:${pageCursorsKey(cursors)}`, async () => {
      const row = await this.people?.tagBySlug(slug);
      if (!row) return null;
      const page = await this.people!.stories('tags', Number(row.id), request);
      return {
        tag: { name: row.name, slug: row.slug },
        articles: page.rows.map(toPublicArticle),
        ...pageNeighbours(page),
      };
    });
  }

  /** Where a renamed author's or tag's old slug leads (undefined: nowhere). */
  async movedTo(kind: 'authors' | 'tags', slug: string): Promise<string | undefined> {
    return this.people?.redirectFor(kind, slug);
  }

  /** The body of an author or tag page answer, or null (as authorPage / tagPage). */
  async listingBody(
    kind: 'authors' | 'tags',
    slug: string,
    cursors: PageCursors,
    serialize: (value: AuthorPage | TagPage) => string,
  ): Promise<CachedBody | null> {
    readPageCursors(cursors);
    return this.cache.get(`listing-body:${kind}:${slug}:${pageCursorsKey(cursors)}`, async () => {
      const value = kind === 'authors' ? await this.authorPage(slug, cursors) : await this.tagPage(slug, cursors);
      return value ? encoded(serialize(value)) : null;
    });
  }

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
    return this.cache.get(`article:${slug}`, async () => {
      const article = await this.repository.findPublishedBySlug(slug);
      if (!article) return null;
      const live = await this.live?.blog(article.id);
      if (live) article.live = live;
      return article;
    });
  }

  /**
   * One page of a live blog's entries, newest first, older than entry `before` (the newest without
   * it): GET /News/slug/{slug}/entries and the article page's /article/{slug}?before={entryId}.
   * 'no-blog': no published live blog has this slug; 'no-entry': `before` is no entry of it.
   */
  liveEntries(slug: string, before?: number): Promise<LiveEntriesPage | 'no-blog' | 'no-entry'> {
    return this.cache.get(`live-entries:${slug}:${before ?? ''}`, async () => {
      const article = await this.article(slug);
      if (!article?.live || !this.live) return 'no-blog' as const;
      return (await this.live.page(article.id, before)) ?? ('no-entry' as const);
    });
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
