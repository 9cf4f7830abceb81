import fp from 'fastify-plugin';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { jsonForScript } from './html-escape.ts';
import { sendEncoded } from './http-cache.ts';
import { hashedAssets } from './hashed-assets.ts';
import { requestOrigin } from './request-origin.ts';
import { normalizePath, notFoundPage, resolvePage, renderHead, type ResolvedPage } from './page-meta.ts';
import { isApiPath, requestPath, sendProblem } from './problem.ts';
import { SpaShell, listStaticFiles } from './spa-shell.ts';
import { ingestionOrigin } from '../telemetry/connection-string.ts';
import { NEWS_CACHE_TTL_MS } from '../services/news-cache.ts';
import { PageCache } from '../rendering/page-cache.ts';
import { compressBodyAsync, type EncodedBody } from '../rendering/encoded-body.ts';
import { loadSsrBundle } from '../rendering/ssr-bundle.ts';
import { pageHeadExtras } from '../rendering/page-head.ts';
import { pageQuery } from '../rendering/page-query.ts';
import { pageEtag, withoutClock } from '../rendering/page-validator.ts';
import { NEWS_PAGE_SIZE } from '../../../common/site.ts';
import { findCategory } from '../../../common/categories.ts';
import { PREVIEW_PATH_PREFIX } from '../../../common/preview-contract.ts';
import { PREVIEW_HEADERS } from '../previews/preview-headers.ts';
import { publicPageData } from '../services/public-page-data.ts';
import { inlineScriptSource } from './content-security-policy.ts';
import { APPEARANCE_BOOT_SCRIPT, APPEARANCE_BOOT_STYLE } from '../../../common/admin-appearance.ts';
import { MANIFEST_PATH } from '../rendering/web-manifest.ts';

/** Hashed build output: cache for a year. */
export const ASSET_MAX_AGE_MS = 31_536_000_000;
const IMMUTABLE_CACHE_CONTROL = `public, max-age=${ASSET_MAX_AGE_MS / 1000}, immutable`;
/** Vite's content hash in a file name ('article-BckF0N5t.js'): such a file never changes. */
const HASHED_NAME = /-[A-Za-z0-9_-]{6,}\.[a-z0-9]+$/;
/** Rendered pages kept in memory (per origin and path, rendering/page-cache.ts), at most this many. */
export const PAGE_CACHE_MAX_ENTRIES = 300;
/** Pages named by their query (search results, older stories), kept apart so they never evict the others. */
export const QUERY_PAGE_CACHE_MAX_ENTRIES = 200;

interface CachedPage {
  page: ResolvedPage;
  encoded: EncodedBody;
}
/** Other static files (favicon, images): an hour. */
export const STATIC_MAX_AGE_MS = 3_600_000;

/**
 * The security headers of an HTML page with this Content-Security-Policy (`framed`: the one page this
 * origin may frame). Preview links' pages (previews/) send them too, with their own policy.
 */
export function pageHeaderList(policy: string, framed = false): Array<[string, string]> {
  return [
    ['content-security-policy', policy],
    ['x-content-type-options', 'nosniff'],
    ['referrer-policy', 'strict-origin-when-cross-origin'],
    ['x-frame-options', framed ? 'SAMEORIGIN' : 'DENY'],
    ['permissions-policy', 'camera=(), microphone=(), geolocation=()'],
  ];
}

/**
 * The front end: static files from config.webDistDir and, for every other GET, the HTML shell
 * with the page's title, meta description, canonical link, Open Graph and Twitter tags and the
 * app-config JSON. Known routes answer 200, unknown routes and slugs 404 (the SPA shows its 404
 * screen), /admin/* is never cached. API paths are handed back to the JSON not-found handler.
 */
export default fp(
  async function spa(app: FastifyInstance) {
    const { webDistDir, siteName, publicUrl } = app.config;
    const shell = SpaShell.load(webDistDir);
    const files = listStaticFiles(webDistDir);
    if (!shell)
      app.log.warn({ webDistDir }, 'web front end not built (no index.html): pages answer 503 until `npm run build`');

    // preCompressed: a build that emits .br/.gz next to its files gets them served to clients that accept them.
    await app.register(fastifyStatic, { root: webDistDir, serve: false, preCompressed: true });
    const assets = hashedAssets(webDistDir);

    // Browser telemetry posts to the ingestion endpoint of the connection string: allow that origin, nothing more.
    const telemetryOrigin = ingestionOrigin(app.config.appInsightsConnectionString);
    if (telemetryOrigin) app.contentSecurityPolicy.add('connect-src', telemetryOrigin);
    // The newsroom's theme is set before its first paint by one inline script (decision 050): allowed
    // by its hash, no other inline script is.
    app.contentSecurityPolicy.add('script-src', inlineScriptSource(APPEARANCE_BOOT_SCRIPT));

    // The one page that may be framed, by this origin only: the sign-in library's silent renewal
    // loads /admin/auth/silent in a hidden same-origin iframe.
    const sameOriginFrame = (path: string) => path === '/admin/auth/silent';
    // The headers every page carries, as one list made once (the policy is complete when the server
    // starts answering: features add their sources while the app is built).
    let pageHeaders: Array<[string, string]> | undefined;
    let framedHeaders: Array<[string, string]> | undefined;
    const headerList = (framed: boolean): Array<[string, string]> =>
      pageHeaderList(
        framed
          ? app.contentSecurityPolicy.toString().replace("frame-ancestors 'none'", "frame-ancestors 'self'")
          : app.contentSecurityPolicy.toString(),
        framed,
      );
    app.addHook('onReady', (done) => {
      pageHeaders = headerList(false);
      framedHeaders = headerList(true);
      done();
    });
    const securityHeaders = (reply: FastifyReply, path = '') => {
      const framed = sameOriginFrame(path);
      const list = (framed ? framedHeaders : pageHeaders) ?? headerList(framed);
      for (const [name, value] of list) reply.header(name, value);
      return reply;
    };

    // The headline font (Anton) is fetched with the page, not after the stylesheet: the largest text paints early.
    const fontPreload = [...files]
      .filter((f) => /^assets\/anton-latin-400-normal-[\w-]+\.woff2$/.test(f))
      .map((f) => `\n    <link rel="preload" href="/${f}" as="font" type="font/woff2" crossorigin />`)
      .join('');

    // The server renderer (dist/ssr, built with the front end): public pages arrive fully rendered.
    const ssr = shell ? await loadSsrBundle(webDistDir) : null;
    if (shell && !ssr) app.log.warn({ webDistDir }, 'server renderer not built: pages are sent unrendered');
    const pages = new PageCache<CachedPage>({ ttlMs: NEWS_CACHE_TTL_MS, maxEntries: PAGE_CACHE_MAX_ENTRIES });
    const queryPages = new PageCache<CachedPage>({
      ttlMs: NEWS_CACHE_TTL_MS,
      maxEntries: QUERY_PAGE_CACHE_MAX_ENTRIES,
    });
    app.newsCache.onClear(() => {
      pages.clear();
      queryPages.clear();
    });

    // The page's data, from the same services and caches as the public API (the same JSON values
    // the browser would fetch), search and older stories included, with the API's query rules.
    const data = {
      news: (category?: string) =>
        app.publicNews.list(category ? findCategory(category)?.id : undefined, NEWS_PAGE_SIZE),
      article: (slug: string) => app.publicNews.article(slug),
      api: publicPageData({
        search: app.publicSearch,
        archive: app.publicArchive,
        news: app.publicNews,
        corrections: app.publicCorrections,
        mostRead: (categoryId?: number) => app.articleReads.mostRead(categoryId),
      }),
    };

    const { twitterSite, facebookAppId, sameAs } = app.config.siteAccounts;
    async function buildPage(pagePath: string, origin: string, render: boolean, query = ''): Promise<CachedPage> {
      // Every absolute URL of a page (canonical, og:url, JSON-LD, share links) starts with this one origin.
      const siteOrigin = publicUrl || origin;
      let page = await resolvePage(
        pagePath,
        siteName,
        (slug) => app.publicNews.article(slug),
        new URLSearchParams(query),
      );
      if (render) {
        try {
          const extras = await pageHeadExtras(
            page,
            { origin: siteOrigin, siteName, sameAs },
            data,
            new URLSearchParams(query),
          );
          if (extras.notFound) {
            // An empty page of older stories or of search results: the site's not-found page (the
            // front end shows its not-found screen for the same answers).
            page = notFoundPage(siteName, pagePath + query);
          } else {
            Object.assign(page.meta, { links: extras.links, jsonLd: extras.jsonLd, ...extras.meta });
          }
        } catch (err) {
          app.log.error({ err, path: pagePath }, 'page head data failed: page sent without links and JSON-LD');
        }
      }
      const appConfig = { ...app.publicAppConfig, siteName, ...(publicUrl ? { publicUrl } : {}) };
      let appHtml = '';
      let state: unknown;
      if (render && ssr) {
        try {
          const out = await ssr.render({ url: pagePath + query, origin: siteOrigin, now: Date.now(), appConfig, data });
          appHtml = out.html;
          state = out.state;
        } catch (err) {
          // The browser still renders the page (and reports the failure as it does without a server render).
          app.log.error({ err, path: pagePath }, 'server rendering failed: page sent unrendered');
        }
      }
      const admin = pagePath === '/admin' || pagePath.startsWith('/admin/');
      const head =
        renderHead(page.meta, siteOrigin, siteName, { twitterSite, facebookAppId }) +
        fontPreload +
        (admin ? ADMIN_APPEARANCE_HEAD : PUBLIC_MANIFEST_HEAD);
      const configJson = jsonForScript(appConfig);
      const html = (stateJson: string | undefined) => shell!.render(head, configJson, appHtml, stateJson);
      const body = Buffer.from(html(state === undefined ? undefined : jsonForScript(state)), 'utf8');
      // Its ETag changes only when its content does, not with the render time it embeds.
      const etag = pageEtag(html(state === undefined ? undefined : jsonForScript(withoutClock(state))));
      return { page, encoded: await compressBodyAsync({ body, etag }) };
    }

    app.get('/*', async (request, reply) => {
      const path = requestPath(request);
      if (isApiPath(path)) return reply.callNotFound();

      const file = staticFile(path, files);
      if (file) {
        const immutable = file.startsWith('assets/') && HASHED_NAME.test(file);
        const fromMemory = immutable ? assets.get(file) : undefined;
        if (fromMemory) {
          // A file listed at start that is gone now (a new build written over this one) is a 404.
          const asset = await fromMemory.catch(() => undefined);
          if (!asset) return sendProblem(reply, 404, `There is no file at ${path}.`);
          return sendEncoded(request, reply, asset.encoded, {
            cacheControl: IMMUTABLE_CACHE_CONTROL,
            contentType: asset.contentType,
          });
        }
        reply.header('x-content-type-options', 'nosniff');
        return reply.sendFile(file, { maxAge: immutable ? ASSET_MAX_AGE_MS : STATIC_MAX_AGE_MS, immutable });
      }
      if (path.startsWith('/assets/')) return sendProblem(reply, 404, `There is no file at ${path}.`);

      if (!shell) {
        return sendProblem(
          reply,
          503,
          'The web front end has not been built: run `npm run build`, then restart the server.',
          {
            headers: { 'retry-after': '60' },
          },
        );
      }
      // One canonical spelling for page URLs: '/POLITICS' and upper-case slugs move to lower case.
      const lowerCase = lowerCasePath(path);
      if (!path.startsWith('/admin') && lowerCase !== path) {
        const q = request.url.indexOf('?');
        if (PREVIEW_ANY_CASE.test(path)) reply.headers(PREVIEW_HEADERS);
        return reply.redirect(lowerCase + (q === -1 ? '' : request.url.slice(q)), 301);
      }

      // With PUBLIC_URL the pages name that address whatever the Host: one set of pages for all.
      const origin = publicUrl || requestOrigin(request);
      const pagePath = normalizePath(path);
      const kind = pagePath === '/admin' || pagePath.startsWith('/admin/') ? 'admin' : 'public';
      // The whole page (head, rendered body, embedded data) and its compressed forms, made once per
      // render and kept until the news cache is cleared (any editorial change) or its TTL runs out.
      const query = kind === 'public' ? pageQuery(pagePath, request.url) : '';
      const key = kind === 'admin' ? 'admin' : `${pagePath}${query}`;
      const cached = await (query ? queryPages : pages).get(origin, key, () =>
        buildPage(pagePath, origin, kind === 'public', query),
      );
      securityHeaders(reply, path);
      return sendEncoded(request, reply, cached.encoded, {
        status: cached.page.status,
        cacheControl: cached.page.cacheControl,
        contentType: 'text/html; charset=utf-8',
      });
    });
  },
  { name: 'spa', dependencies: ['problem', 'page-settings', 'news', 'search', 'archive', 'article-reads'] },
);

/** The newsroom's theme before its first paint: the dark background and the stored choice (decision 050). */
const ADMIN_APPEARANCE_HEAD = `\n    <style>${APPEARANCE_BOOT_STYLE}</style>\n    <script>${APPEARANCE_BOOT_SCRIPT}</script>`;

/**
 * The web app manifest, linked from the public pages only (docs/decisions/053): a reader adds the
 * site to a home screen, the newsroom is not an app to install.
 */
const PUBLIC_MANIFEST_HEAD = `\n    <link rel="manifest" href="${MANIFEST_PATH}" />`;

const UPPER_CASE = /[A-Z]/;
const PREVIEW_ANY_CASE = /^\/preview\//i;

/** The path with its letters in lower case; percent-escapes ('%C3%A9') are kept as they are. */
function lowerCasePath(path: string): string {
  if (!UPPER_CASE.test(path)) return path;
  // A preview link's token is case-sensitive: only its '/preview/' moves, so '/PREVIEW/<token>' still opens.
  if (PREVIEW_ANY_CASE.test(path)) return PREVIEW_PATH_PREFIX + path.slice(PREVIEW_PATH_PREFIX.length);
  return path.replace(/%[0-9A-Fa-f]{2}|[A-Z]+/g, (m) => (m.startsWith('%') ? m : m.toLowerCase()));
}

function staticFile(path: string, files: Set<string>): string | undefined {
  if (files.size === 0 || path === '/') return undefined;
  let rel: string;
  try {
    rel = decodeURIComponent(path.slice(1));
  } catch {
    return undefined;
  }
  return files.has(rel) ? rel : undefined;
}
