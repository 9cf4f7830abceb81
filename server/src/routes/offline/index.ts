import fs from 'node:fs';
import path from 'node:path';
import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { OFFLINE_PATH, OFFLINE_TITLE, SERVICE_WORKER_PATH } from '../../../../common/offline-contract.ts';
import { withDirectives } from '../../plugins/content-security-policy.ts';
import { escapeHtml, jsonForScript } from '../../plugins/html-escape.ts';
import { etagOf, sendCached, sendEncoded, SHARED_CACHE_CONTROL } from '../../plugins/http-cache.ts';
import { pageTitle } from '../../plugins/page-meta.ts';
import { sendProblem } from '../../plugins/problem.ts';
import { requestOrigin } from '../../plugins/request-origin.ts';
import { SpaShell } from '../../plugins/spa-shell.ts';
import { pageHeaderList } from '../../plugins/spa.ts';
import { scriptlessShell } from '../../previews/preview-page.ts';
import { loadSsrBundle } from '../../rendering/ssr-bundle.ts';
import type { EncodedBody } from '../../rendering/encoded-body.ts';

/** The worker's script is checked by browsers on every visit (a day at most by their rules): never kept unasked. */
export const SERVICE_WORKER_CACHE_CONTROL = 'no-cache';
/** Offline pages rendered, one per origin (one with PUBLIC_URL); a few Host names at most in practice. */
const MAX_OFFLINE_PAGES = 8;

/**
 * Offline reading (docs/decisions/056-offline-reading.md): the service worker's script at /sw.js, as
 * the front-end build wrote it (web/vite.config.ts), and the offline page at /offline, which the
 * worker keeps and answers for a page it has no copy of. The page is the public frame around
 * 'You're offline', rendered by the front end's renderer and sent without script, like a preview
 * link's page; it is kept out of search engines.
 */
export default fp(
  async function offlineRoutes(app: FastifyInstance) {
    const { webDistDir, siteName, publicUrl } = app.config;
    // Named rather than left to script-src: narrowing scripts later must not silently stop offline reading.
    app.contentSecurityPolicy.add('worker-src', "'self'");

    const worker = readWorker(webDistDir);
    app.get(SERVICE_WORKER_PATH, { schema: { hide: true } }, async (request, reply) => {
      if (!worker) return sendProblem(reply, 404, `There is no file at ${SERVICE_WORKER_PATH}.`);
      return sendEncoded(request, reply, worker, {
        cacheControl: SERVICE_WORKER_CACHE_CONTROL,
        contentType: 'text/javascript; charset=utf-8',
      });
    });

    const shell = SpaShell.load(webDistDir);
    const ssr = shell ? await loadSsrBundle(webDistDir) : null;
    const render = shell && ssr?.renderOffline ? ssr.renderOffline.bind(ssr) : null;
    const scriptless = shell ? scriptlessShell(shell) : null;
    const rendered = new Map<string, Promise<{ body: string; etag: string }>>();
    let headers: Array<[string, string]> | undefined;

    async function offlinePage(origin: string): Promise<{ body: string; etag: string }> {
      const appConfig = { siteName, ...(publicUrl ? { publicUrl } : {}) };
      const { html } = await render!({ origin, now: Date.now(), appConfig });
      const head = [
        `<title>${escapeHtml(pageTitle(siteName, OFFLINE_TITLE))}</title>`,
        '<meta name="robots" content="noindex" />',
      ].join('\n    ');
      const body = scriptless!.render(head, jsonForScript(appConfig), html);
      return { body, etag: etagOf(body) };
    }

    app.get(OFFLINE_PATH, { schema: { hide: true } }, async (request, reply) => {
      if (!render) {
        return sendProblem(
          reply,
          503,
          'The web front end has not been built: run `npm run build`, then restart the server.',
          { headers: { 'retry-after': '60' } },
        );
      }
      const origin = publicUrl || requestOrigin(request);
      let page = rendered.get(origin);
      if (!page) {
        if (rendered.size >= MAX_OFFLINE_PAGES) rendered.delete(rendered.keys().next().value!);
        page = offlinePage(origin);
        rendered.set(origin, page);
        page.catch(() => rendered.delete(origin));
      }
      const { body, etag } = await page;
      // The pages' security headers, under a policy that runs no script (the page has none).
      headers ??= pageHeaderList(withDirectives(app.contentSecurityPolicy.toString(), { 'script-src': "'none'" }));
      for (const [name, value] of headers) reply.header(name, value);
      reply.header('x-robots-tag', 'noindex');
      return sendCached(request, reply, body, etag, {
        cacheControl: SHARED_CACHE_CONTROL,
        contentType: 'text/html; charset=utf-8',
      });
    });
  },
  { name: 'offline-routes', dependencies: ['problem', 'page-settings'] },
);

/** The built worker with the compressed forms the build wrote beside it; undefined when not built. */
function readWorker(webDistDir: string): EncodedBody | undefined {
  const file = path.join(webDistDir, SERVICE_WORKER_PATH.slice(1));
  const read = (f: string) => (fs.existsSync(f) ? fs.readFileSync(f) : undefined);
  const body = read(file);
  if (!body) return undefined;
  return { body, etag: etagOf(body), br: read(`${file}.br`), gzip: read(`${file}.gz`) };
}
