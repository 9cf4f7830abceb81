import { renderToString } from 'react-dom/server';
import { dehydrate } from '@tanstack/react-query';
import { createStaticHandler, createStaticRouter, StaticRouterProvider, type RouteObject } from 'react-router';
import { CATEGORIES } from '@common/categories';
import { listingApiPath } from '@common/byline';
import { mostReadApiPath } from '@common/most-read-contract';
import { CORRECTIONS_PATH, correctionsApiPath } from '@common/corrections-contract';
import { archivePosition } from '@common/older-stories';
import { App } from './app/index.tsx';
import { routes } from './app/route-table.tsx';
import PublicPreviewPage from './app/routes/public-preview.tsx';
import { OfflinePage } from './features/offline/offline-page';
import { setServerAppConfig, type AppConfig } from './config/app-config';
import { archiveUrl, getArchiveQueryOptions, toArchiveResult } from './features/news/api/get-archive';
import { getArticleQueryOptions } from './features/news/api/get-article';
import { getNewsQueryOptions } from './features/news/api/get-news';
import { getMostReadQueryOptions, toMostRead } from './features/news/api/get-most-read';
import { getSearchQueryOptions, searchApiUrl, toSearchResult } from './features/news/api/get-search';
import { getListingQueryOptions, toListingResult } from './features/news/api/get-listing';
import { getCorrectionsQueryOptions, toCorrectionsResult } from './features/news/api/get-corrections';
import { normalizeArticle, normalizeNewsList } from './features/news/lib/normalize';
import { entriesApiUrl, entriesBefore, getEntriesQueryOptions, toEntriesPage } from './features/live/api/get-entries';
import type { ArticleResult } from './features/news/types';
import { createQueryClient } from './lib/query-client';
import { setRenderClock } from './lib/render-clock';
import type { RenderState } from './lib/render-state';

/**
 * The server renderer of the public pages (built by Vite as an SSR bundle, loaded by the server).
 * The same route table and components as the browser; the data a page's queries need is loaded
 * first (from the server's own public API) so the markup is complete and the browser hydrates from
 * the embedded state without fetching.
 */
export interface RenderInput {
  /** The path (and query) of the page. */
  url: string;
  /** The request's origin, for absolute share URLs. */
  origin: string;
  /** The render time (ms since the epoch), embedded so the browser hydrates with the same clock. */
  now: number;
  appConfig: AppConfig;
  /** The public API's JSON: a news list (GET /News) and one article (GET /News/slug/{slug}, null when 404). */
  data: {
    news(category?: string): Promise<unknown>;
    article(slug: string): Promise<unknown>;
    /** Any other public API URL (search, older stories): its status and JSON (a 400 problem too). */
    api?(url: string): Promise<{ status: number; body: unknown }>;
  };
}

export interface RenderOutput {
  /** The markup that goes inside <div id="root">. */
  html: string;
  state: RenderState;
}

export async function render({ url, origin, now, appConfig, data }: RenderInput): Promise<RenderOutput> {
  const queryClient = createQueryClient();
  const { pathname: path, searchParams } = new URL(url, 'http://localhost');

  const prefetchNews = (category?: string) =>
    queryClient.prefetchQuery({
      queryKey: getNewsQueryOptions(category).queryKey,
      queryFn: async () => normalizeNewsList(await data.news(category)),
    });

  // Every public page shows the breaking strip of the home list.
  const work: Promise<unknown>[] = [prefetchNews()];
  const segment = path.slice(1);
  const category = CATEGORIES.find((c) => c.path === segment);
  // Pages 2, 3, … of home and the sections (older stories) and the search page: their API answers,
  // a 400 included, become the page's data; anything else is left to the browser.
  const prefetchApi = (apiUrl: string, key: readonly unknown[], toResult: (status: number, body: unknown) => unknown) =>
    (async () => {
      const res = await data.api?.(apiUrl);
      if (res && (res.status === 200 || res.status === 400))
        queryClient.setQueryData(key, toResult(res.status, res.body));
    })();
  const position = path === '/' || category ? archivePosition(searchParams) : undefined;
  // MOST READ (the first page of home and of a section, its section's list, and an article's): its list,
  // when it can be read; else the page goes without it and the browser asks.
  const prefetchMostRead = (section?: string) =>
    prefetchApi(mostReadApiPath(section), getMostReadQueryOptions(section).queryKey, (_status, body) =>
      toMostRead(body),
    ).catch(() => undefined);
  if ((path === '/' || category) && !position) work.push(prefetchMostRead(category?.name));
  if (position) {
    const request = { category: category?.name, before: position.before, after: position.after };
    work.push(prefetchApi(archiveUrl(request), getArchiveQueryOptions(request).queryKey, toArchiveResult));
  }
  if (category) work.push(prefetchNews(category.name));
  if (path === '/search') {
    const q = (searchParams.get('q') ?? '').trim();
    const page = searchParams.get('page') ?? undefined;
    if (q) work.push(prefetchApi(searchApiUrl(q, page), getSearchQueryOptions(q, page).queryKey, toSearchResult));
  }
  // Author and tag pages: their API answer (a 404 or 400 too) is the page's data.
  const listingMatch = /^\/(author|tag)\/([a-z0-9-]{1,200})$/.exec(path);
  if (listingMatch) {
    const kind = listingMatch[1] as 'author' | 'tag';
    const slug = listingMatch[2]!;
    const cursor = archivePosition(searchParams);
    work.push(
      (async () => {
        const res = await data.api?.(listingApiPath(kind, slug, cursor));
        if (res && (res.status === 200 || res.status === 404 || res.status === 400)) {
          queryClient.setQueryData(
            getListingQueryOptions(kind, slug, cursor).queryKey,
            toListingResult(kind, res.status, res.body),
          );
        }
      })(),
    );
  }
  // The corrections page (any page of it): its API answer, a 400 too, is the page's data.
  if (path === CORRECTIONS_PATH) {
    const cursor = archivePosition(searchParams);
    work.push(
      prefetchApi(correctionsApiPath(cursor), getCorrectionsQueryOptions(cursor).queryKey, toCorrectionsResult),
    );
  }
  const articleMatch = /^\/article\/([^/]+)$/.exec(path);
  if (articleMatch) {
    work.push(prefetchMostRead());
    let slug = '';
    try {
      slug = decodeURIComponent(articleMatch[1]!);
    } catch {
      slug = '';
    }
    work.push(
      (async () => {
        const raw = slug ? await data.article(slug) : null;
        const result: ArticleResult = raw ? { article: normalizeArticle(raw) } : { article: null, error: 'Not found' };
        queryClient.setQueryData(getArticleQueryOptions(slug).queryKey, result);
        // A live article's older entries (`?before=`): the page without script pages through them.
        const before = entriesBefore(searchParams.get('before'));
        if (result.article?.live && before !== undefined) {
          const res = await data.api?.(entriesApiUrl(slug, before)).catch(() => undefined);
          if (res?.status === 200) {
            queryClient.setQueryData(getEntriesQueryOptions(slug, before).queryKey, toEntriesPage(res.body));
          }
        }
        if (result.article?.category) await prefetchNews(result.article.category);
      })(),
    );
  }
  await Promise.all(work);

  const html = await renderRoutes(routes, { url, origin, now, appConfig }, queryClient);
  return { html, state: { renderedAt: now, queries: dehydrate(queryClient) } };
}

/** A preview link's page (decision 042): the server's input, as server/src/rendering/ssr-bundle.ts names it. */
export interface PreviewRenderInput {
  origin: string;
  now: number;
  appConfig: AppConfig;
  /** The article as GET /News/slug/{slug} will give it once published; null: the site's not-found page. */
  article: unknown;
  /** When a scheduled article goes out (ISO-8601), null for a draft. */
  scheduledFor: string | null;
  /** A live blog's page of older entries (`?before=`, as GET /News/slug/{slug}/entries gives it); null: the newest. */
  older?: unknown;
  /** A news list (GET /News): the breaking strip and the related stories. */
  news(category?: string): Promise<unknown>;
}

/**
 * A preview link's page: the public article page's components (app/routes/public-preview.tsx) with the
 * preview banner, or the site's not-found page. It is sent without script, so no state is embedded.
 * Its route is not in the route table: no address of the app leads to it.
 */
export async function renderPreview({
  origin,
  now,
  appConfig,
  article: raw,
  scheduledFor,
  older: rawOlder,
  news,
}: PreviewRenderInput): Promise<{ html: string }> {
  const queryClient = createQueryClient();
  const article = raw ? normalizeArticle(raw) : null;
  const older = article?.live && rawOlder ? toEntriesPage(rawOlder) : null;
  const prefetchNews = (category?: string) =>
    queryClient.prefetchQuery({
      queryKey: getNewsQueryOptions(category).queryKey,
      queryFn: async () => normalizeNewsList(await news(category)),
    });
  await Promise.all([prefetchNews(), article?.category ? prefetchNews(article.category) : undefined]);
  const page: RouteObject[] = [
    { path: '*', element: <PublicPreviewPage article={article} scheduledFor={scheduledFor} older={older} /> },
  ];
  return { html: await renderRoutes(page, { url: '/preview', origin, now, appConfig }, queryClient) };
}

/**
 * The offline page (decision 056): the public frame around 'You're offline', sent without script (the
 * service worker fills in the stories kept on the device). Its route is not in the route table.
 */
export async function renderOffline({
  origin,
  now,
  appConfig,
}: {
  origin: string;
  now: number;
  appConfig: AppConfig;
}): Promise<{ html: string }> {
  const page: RouteObject[] = [{ path: '*', element: <OfflinePage /> }];
  return { html: await renderRoutes(page, { url: '/offline', origin, now, appConfig }, createQueryClient()) };
}

/** The markup of `url` through a static router over `table`, with the page's clock and configuration. */
async function renderRoutes(
  table: RouteObject[],
  { url, origin, now, appConfig }: { url: string; origin: string; now: number; appConfig: AppConfig },
  queryClient: ReturnType<typeof createQueryClient>,
): Promise<string> {
  const handler = createStaticHandler(table);
  const context = await handler.query(new Request(new URL(url, origin || 'http://localhost')));
  if (context instanceof Response) throw new Error(`unexpected redirect while rendering ${url}`);
  const router = createStaticRouter(handler.dataRoutes, context);

  // renderToString is synchronous: the module-level clock and configuration belong to this render only.
  setRenderClock(now);
  setServerAppConfig(appConfig, origin);
  const html = renderToString(
    <App queryClient={queryClient}>
      <StaticRouterProvider router={router} context={context} hydrate={false} />
    </App>,
  );
  setRenderClock(undefined);
  return html;
}
