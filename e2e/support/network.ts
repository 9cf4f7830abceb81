import type { BrowserContext, Page, Request } from 'playwright-core';

export interface NetworkLog {
  /** Every request the pages of the context made (URL strings, in order). */
  readonly requests: string[];
  /** Requests to anything other than 127.0.0.1/localhost (they were answered locally with a stub, never sent). */
  readonly external: string[];
  /** Requests for script files (same-origin .js/.mjs), for the code-splitting checks. */
  scripts(): string[];
}

const LOCAL_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]']);

export function isLocal(url: URL, extraHosts: readonly string[] = []): boolean {
  if (url.protocol === 'data:' || url.protocol === 'blob:' || url.protocol === 'about:') return true;
  return LOCAL_HOSTS.has(url.hostname) || extraHosts.includes(url.hostname);
}

/**
 * Records every request of the context and keeps everything on this machine: a request to
 * another host is answered with a small local stub page (so a popup still lands on that URL and
 * the test can read it) and listed in `external`. Install it before opening pages. `localHosts`
 * names extra host names that a test maps to 127.0.0.1 (--host-resolver-rules).
 */
export async function guardNetwork(
  context: BrowserContext,
  opts: { localHosts?: readonly string[] } = {},
): Promise<NetworkLog> {
  const extra = opts.localHosts ?? [];
  const requests: string[] = [];
  const external: string[] = [];
  context.on('request', (req: Request) => {
    requests.push(req.url());
  });
  await context.route(
    (url) => !isLocal(url, extra),
    async (route) => {
      external.push(route.request().url());
      await route.fulfill({
        status: 200,
        contentType: 'text/html',
        body: '<!doctype html><title>blocked by the e2e tests</title>',
      });
    },
  );
  return {
    requests,
    external,
    scripts() {
      return requests.filter((u) => {
        try {
          const p = new URL(u).pathname;
          return /\.(m?js)$/.test(p);
        } catch {
          return false;
        }
      });
    },
  };
}

/**
 * Is this request a write the page sends under one of `prefixes` (not a GET, and not the article
 * screen's presence heartbeat or its leaving, which say who has it open and change nothing)?
 */
export function isApiWrite(req: Request, prefixes: readonly string[] = ['/api/admin/']): boolean {
  const { pathname } = new URL(req.url());
  return req.method() !== 'GET' && prefixes.some((p) => pathname.startsWith(p)) && !pathname.endsWith('/presence');
}

/** The API writes (not GETs) a page sends under `prefixes`, as 'METHOD /path', in order. */
export function recordWrites(page: Page, prefixes: readonly string[] = ['/api/admin/']): string[] {
  const calls: string[] = [];
  page.on('request', (req: Request) => {
    if (isApiWrite(req, prefixes)) calls.push(`${req.method()} ${new URL(req.url()).pathname}`);
  });
  return calls;
}
