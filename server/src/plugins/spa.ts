import fp from 'fastify-plugin';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { jsonForScript } from './html-escape.ts';
import { sendCached, etagOf } from './http-cache.ts';
import { resolvePage, renderHead } from './page-meta.ts';
import { isApiPath, requestPath, sendProblem } from './problem.ts';
import { SpaShell, listStaticFiles } from './spa-shell.ts';
import { ingestionOrigin } from '../telemetry/connection-string.ts';

/** Hashed build output: cache for a year. */
export const ASSET_MAX_AGE_MS = 31_536_000_000;
/** Other static files (favicon, images): an hour. */
export const STATIC_MAX_AGE_MS = 3_600_000;

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

    // Browser telemetry posts to the ingestion endpoint of the connection string: allow that origin, nothing more.
    const telemetryOrigin = ingestionOrigin(app.config.appInsightsConnectionString);
    if (telemetryOrigin) app.contentSecurityPolicy.add('connect-src', telemetryOrigin);

    // The one page that may be framed, by this origin only: the sign-in library's silent renewal
    // loads /admin/auth/silent in a hidden same-origin iframe.
    const sameOriginFrame = (path: string) => path === '/admin/auth/silent';
    const securityHeaders = (reply: FastifyReply, path = '') =>
      reply
        .header(
          'content-security-policy',
          sameOriginFrame(path)
            ? app.contentSecurityPolicy.toString().replace("frame-ancestors 'none'", "frame-ancestors 'self'")
            : app.contentSecurityPolicy.toString(),
        )
        .header('x-content-type-options', 'nosniff')
        .header('referrer-policy', 'strict-origin-when-cross-origin')
        .header('x-frame-options', sameOriginFrame(path) ? 'SAMEORIGIN' : 'DENY')
        .header('permissions-policy', 'camera=(), microphone=(), geolocation=()');

    app.get('/*', async (request, reply) => {
      const path = requestPath(request);
      if (isApiPath(path)) return reply.callNotFound();

      const file = staticFile(path, files);
      if (file) {
        const immutable = file.startsWith('assets/');
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
      const page = await resolvePage(path, siteName, (slug) => app.publicNews.article(slug));
      const origin = publicUrl || requestOrigin(request);
      const html = shell.render(
        renderHead(page.meta, origin, siteName),
        jsonForScript({ ...app.publicAppConfig, siteName }),
      );
      securityHeaders(reply, path);
      return sendCached(request, reply, html, etagOf(html), {
        status: page.status,
        cacheControl: page.cacheControl,
        contentType: 'text/html; charset=utf-8',
      });
    });
  },
  { name: 'spa', dependencies: ['problem', 'page-settings', 'news'] },
);

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

const HOST = /^[a-z0-9.-]+(:\d{1,5})?$|^\[[0-9a-f:.]+\](:\d{1,5})?$/i;

/** The request's origin for canonical and og:url when PUBLIC_URL is not set. */
function requestOrigin(request: FastifyRequest): string {
  const host = request.host && HOST.test(request.host) ? request.host : 'localhost';
  const protocol = request.protocol === 'https' ? 'https' : 'http';
  return `${protocol}://${host}`;
}
