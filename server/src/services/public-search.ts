import { Type } from '@sinclair/typebox';
import { queryTerms } from '../domain/search-query.ts';
import { markSnippet, type SearchRepository } from '../repositories/search-repository.ts';
import { toPublicArticle } from '../repositories/news-repository.ts';
import { HttpProblem } from '../plugins/problem.ts';
import { etagOf } from '../plugins/http-cache.ts';
import { RefreshingCache } from './refreshing-cache.ts';
import type { NewsCache } from './news-cache.ts';

export const SEARCH_PAGE_SIZE = 10;
export const SEARCH_MAX_PAGE = 100;
export const SEARCH_MAX_QUERY_LENGTH = 200;
/** Result pages kept (per query and page) until the next editorial change. */
export const SEARCH_CACHE_MAX_ENTRIES = 1_000;
/** How often a kept result page is re-ranked in the background for changes nobody announced. */
export const SEARCH_REFRESH_MS = 60_000;

/** The query of a search (GET /News/search and the /search page). */
export const SearchQuerySchema = Type.Object({
  q: Type.String({ minLength: 1, maxLength: SEARCH_MAX_QUERY_LENGTH, description: 'Words to find' }),
  page: Type.Optional(Type.Integer({ minimum: 1, maximum: SEARCH_MAX_PAGE, description: `1-${SEARCH_MAX_PAGE}` })),
});

/** One page of results as JSON bytes, with the ETag of those bytes. */
export interface SearchResultsBody {
  body: Buffer;
  etag: string;
}

/**
 * Published articles matching every word of a query over headline, summary and body, best first,
 * with its headline's matching words marked and a highlighted snippet of its summary and body: what the search API answers and the search page shows. A popular query
 * is ranked once per editorial change, not once per reader: answers are dropped on every news-cache
 * clear (every instance) and, past SEARCH_REFRESH_MS, re-ranked in the background while the previous
 * answer is still served (refreshing-cache.ts).
 */
export class PublicSearch {
  private readonly results: RefreshingCache<SearchResultsBody>;

  constructor(
    private readonly repository: SearchRepository,
    newsCache: NewsCache,
    onRefreshError: (err: unknown) => void,
  ) {
    this.results = new RefreshingCache<SearchResultsBody>({
      ttlMs: SEARCH_REFRESH_MS,
      maxEntries: SEARCH_CACHE_MAX_ENTRIES,
      onError: onRefreshError,
    });
    newsCache.onClear(() => this.results.clear());
  }

  /** Page `page` of the results for `q`; a query without letters or digits is a 400 problem. */
  page(q: string, page: number): Promise<SearchResultsBody> {
    if (queryTerms(q).length === 0) {
      throw new HttpProblem(400, 'The search needs at least one word (letters or digits).', {
        extensions: { errors: [{ in: 'querystring', name: 'q', message: 'has no letters or digits' }] },
      });
    }
    return this.results.get(`${page} ${q}`, async () => {
      const rows = await this.repository.search(q, SEARCH_PAGE_SIZE + 1, (page - 1) * SEARCH_PAGE_SIZE);
      const json = JSON.stringify({
        query: q,
        page,
        pageSize: SEARCH_PAGE_SIZE,
        hasMore: rows.length > SEARCH_PAGE_SIZE,
        results: rows.slice(0, SEARCH_PAGE_SIZE).map((row) => ({
          ...toPublicArticle(row),
          markedHeadline: markSnippet(row.marked_headline),
          snippet: markSnippet(row.snippet),
        })),
      });
      const bytes = Buffer.from(json, 'utf8');
      return { body: bytes, etag: etagOf(bytes) };
    });
  }
}
