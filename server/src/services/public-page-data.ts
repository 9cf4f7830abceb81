import type { TSchema } from '@sinclair/typebox';
import { typeboxValidatorCompiler, ValidationError } from '../domain/typebox-validation.ts';
import { describeValidation, HttpProblem } from '../plugins/problem.ts';
import { ArchiveQuerySchema, type ArchiveQuery, type PublicArchive } from './public-archive.ts';
import type { PageCursors } from './page-cursors.ts';
import { ListingPageQuerySchema, type PublicNews } from './public-news.ts';
import type { PublicCorrections } from './public-corrections.ts';
import { SearchQuerySchema, type PublicSearch } from './public-search.ts';
import { EntriesQuerySchema } from '../live-blog/schemas.ts';
import { MOST_READ_API_PATH, type MostReadList } from '../../../common/most-read-contract.ts';
import { categoryIdOf, CategoryQuerySchema, type CategoryQuery } from './category-query.ts';

/** A public API answer as a page's data: its status and JSON (a 400 problem's body too). */
export interface PublicAnswer {
  status: number;
  body: unknown;
}

/**
 * The search, older-stories, author, tag, corrections and live blog entries answers a server-rendered page shows, read from the same
 * services (and caches) as GET /News/search, /News/archive, /News/author/{slug}, /News/tag/{slug}, /News/corrections
 * and GET /News/slug/{slug}/entries (and GET /News/most-read, the 'MOST READ' block's list), given as those API URLs: the query is checked with the route's own schema, so a page shows the very
 * 400 or 404 the API would answer.
 */
export function publicPageData(services: {
  search: PublicSearch;
  archive: PublicArchive;
  news: PublicNews;
  corrections: PublicCorrections;
  /** The 'MOST READ' list: the site's, or with `categoryId` that section's. */
  mostRead?: (categoryId?: number) => Promise<MostReadList>;
}) {
  const readSearch = queryReader<{ q: string; page?: number }>(SearchQuerySchema);
  const readArchive = queryReader<ArchiveQuery>(ArchiveQuerySchema);
  const readListing = queryReader<PageCursors>(ListingPageQuerySchema);
  const readEntries = queryReader<{ before?: number }>(EntriesQuerySchema);
  const readCategory = queryReader<CategoryQuery>(CategoryQuerySchema);
  return async function answer(apiUrl: string): Promise<PublicAnswer> {
    const { pathname, searchParams } = new URL(apiUrl, 'http://localhost');
    try {
      if (pathname === '/News/search') {
        const { q, page = 1 } = readSearch(searchParams);
        return json(await services.search.page(q, page));
      }
      if (pathname === MOST_READ_API_PATH && services.mostRead) {
        const list = await services.mostRead(categoryIdOf(readCategory(searchParams).category));
        return { status: 200, body: JSON.parse(JSON.stringify(list)) as unknown };
      }
      if (pathname === '/News/archive') return json(await services.archive.page(readArchive(searchParams)));
      if (pathname === '/News/corrections') {
        const { before, after } = readListing(searchParams);
        const found = await services.corrections.page({ before, after });
        return { status: 200, body: JSON.parse(JSON.stringify(found)) as unknown };
      }
      const entries = /^\/News\/slug\/([^/]+)\/entries$/.exec(pathname);
      if (entries) {
        // A live blog's older entries (the article page /article/{slug}?before={entryId}, decision 037).
        const slug = decodeURIComponent(entries[1]!);
        const { before } = readEntries(searchParams);
        const found = await services.news.liveEntries(slug, before);
        if (found === 'no-blog')
          return { status: 404, body: { status: 404, detail: `No published live blog has the slug '${slug}'.` } };
        if (found === 'no-entry')
          return { status: 404, body: { status: 404, detail: `The live blog '${slug}' has no entry ${before}.` } };
        return { status: 200, body: JSON.parse(JSON.stringify(found)) as unknown };
      }
      const listing = /^\/News\/(author|tag)\/([^/]+)$/.exec(pathname);
      if (listing) {
        const what = listing[1]!;
        const slug = decodeURIComponent(listing[2]!);
        const { before, after } = readListing(searchParams);
        const cursors = { before, after };
        const found =
          what === 'author'
            ? await services.news.authorPage(slug, cursors)
            : await services.news.tagPage(slug, cursors);
        if (found) return { status: 200, body: JSON.parse(JSON.stringify(found)) as unknown };
        return { status: 404, body: { status: 404, detail: `There is no ${what} '${slug}'.` } };
      }
    } catch (err) {
      if (err instanceof ValidationError) {
        return { status: 400, body: { status: 400, ...describeValidation(err.validationContext, err.validation) } };
      }
      if (err instanceof HttpProblem && err.statusCode < 500) {
        return { status: err.statusCode, body: { status: err.statusCode, detail: err.detail } };
      }
      throw err;
    }
    throw new Error(`${pathname} is not a public API URL a page reads`);
  };
}

function json({ body }: { body: Buffer }): PublicAnswer {
  return { status: 200, body: JSON.parse(body.toString('utf8')) as unknown };
}

/** The validator of the routes' query strings (domain/typebox-validation.ts), for a URL's parameters. */
function queryReader<T>(schema: TSchema): (params: URLSearchParams) => T {
  const validate = typeboxValidatorCompiler({ schema, httpPart: 'querystring', method: 'GET', url: '' });
  return (params) => {
    const result = validate(Object.fromEntries(params)) as { value?: unknown; error?: Error };
    if (result.error) throw result.error;
    return result.value as T;
  };
}
