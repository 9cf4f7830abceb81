import type { Config } from './config.ts';
import type { Db } from './db/index.ts';
import type { NewsCache } from './services/news-cache.ts';
import type { PublicNews } from './services/public-news.ts';
import type { PublicArchive } from './services/public-archive.ts';
import type { PublicSearch } from './services/public-search.ts';
import type { PublicCorrections } from './services/public-corrections.ts';
import type { ContentSecurityPolicy } from './plugins/content-security-policy.ts';
import type { RequestActivity } from './plugins/request-activity.ts';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    database: Db;
    /** Public news cache (services/news-cache.ts): call clear() after any write to articles. */
    newsCache: NewsCache;
    /** Cached public reads (published articles), shared by the news API and the HTML shell. */
    publicNews: PublicNews;
    /** Cached pages of the published stories' corrections (services/public-corrections.ts), for the API and /corrections. */
    publicCorrections: PublicCorrections;
    /** Cached search results (services/public-search.ts), shared by the search API and the search page. */
    publicSearch: PublicSearch;
    /** Cached pages of older stories (services/public-archive.ts), shared by the API and the pages. */
    publicArchive: PublicArchive;
    /** The pages' Content-Security-Policy (plugins/spa.ts); extend with app.contentSecurityPolicy.add('connect-src', origin). */
    contentSecurityPolicy: ContentSecurityPolicy;
    /** Extra keys for the app-config JSON injected into every page (siteName is always set). */
    publicAppConfig: Record<string, unknown>;
    /** The requests Fastify is answering (plugins/request-activity.ts). */
    requestActivity: RequestActivity;
  }
}
export {};
