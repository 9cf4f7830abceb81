import fp from 'fastify-plugin';
import { requestPath, sendProblem } from './problem.ts';

/**
 * A redirect never leaves the site.
 *
 * Browsers read a `Location` (or a link) that begins with two slashes, or a slash and a backslash,
 * as an address on another host: `//evil.example/x` and `/\evil.example` both lead to
 * `http://evil.example/`. Browsers also drop tabs and line breaks anywhere in an address, so
 * `/<tab>/evil.example` is the same thing. This plugin:
 *
 * - answers 404 to any request whose path begins that way, as sent or after decoding its
 *   percent-escapes (`/%2F`, `/%5C`), before any route (and so any redirect) sees it;
 * - checks every answer's `Location` on its way out: a site path that would lead off-site is
 *   rewritten to the same path with a single leading slash, whichever route wrote it.
 */

const IGNORED_BY_BROWSERS = /[\t\n\r]/g;
const OFF_SITE_START = /^[\\/][\\/]/;

/** True when a site path (or a relative `Location`) would take a browser to another host. */
export function leadsOffSite(path: string): boolean {
  if (OFF_SITE_START.test(path.replace(IGNORED_BY_BROWSERS, ''))) return true;
  if (!path.includes('%')) return false;
  let decoded = path;
  // Decode a few times: '/%252F' is '/%2F' after one pass, which a later step might decode again.
  for (let i = 0; i < 3 && decoded.includes('%'); i++) {
    try {
      const next = decodeURIComponent(decoded);
      if (next === decoded) break;
      decoded = next;
    } catch {
      break;
    }
    if (OFF_SITE_START.test(decoded.replace(IGNORED_BY_BROWSERS, ''))) return true;
  }
  return false;
}

/** A path on this site with a single leading slash: '//evil.example/x' → '/evil.example/x'. */
export function onSitePath(path: string): string {
  const cleaned = path.replace(IGNORED_BY_BROWSERS, '');
  return cleaned.startsWith('/') || cleaned.startsWith('\\') ? `/${cleaned.replace(/^[\\/]+/, '')}` : cleaned;
}

export default fp(
  async (app) => {
    app.addHook('onRequest', (request, reply, done) => {
      const path = requestPath(request);
      if (path.length > 1 && (path[1] === '/' || path[1] === '\\' || path[1] === '%' || path[1] === '\t')) {
        if (leadsOffSite(path)) {
          sendProblem(reply, 404, 'There is nothing at this address.');
          return;
        }
      }
      done();
    });

    // A callback hook: answers without a Location cost one header lookup.
    app.addHook('onSend', (_request, reply, payload, done) => {
      const location = reply.getHeader('location');
      if (typeof location === 'string' && leadsOffSite(location)) reply.header('location', onSitePath(location));
      done(null, payload);
    });
  },
  { name: 'site-paths' },
);
