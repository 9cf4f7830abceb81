import { afterAll, beforeAll, beforeEach } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { createTestApp, type TestApp } from './test-app.ts';

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface BylinesApp {
  /** The app (once the file's beforeAll has run). */
  readonly t: TestApp;
  /** A request as a signed-in editor; a payload is sent as JSON. */
  call(
    method: Method,
    url: string,
    payload?: object,
    headers?: Record<string, string>,
  ): Promise<LightMyRequestResponse>;
}

/**
 * The authors and tags suites' app: one per file, on the project's database, with a signed-in
 * editor; before each test the articles, authors, tags, their links, redirects, revisions and the audit trail are
 * emptied and the public cache cleared.
 */
export function useBylinesApp(): BylinesApp {
  let app: TestApp | undefined;
  let auth: { authorization: string };
  const ctx: BylinesApp = {
    get t() {
      if (!app) throw new Error('useBylinesApp: the app is made in beforeAll');
      return app;
    },
    call: (method, url, payload, headers = {}) =>
      ctx.t.app.inject({
        method,
        url,
        headers: { ...auth, ...(payload === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
        payload: payload === undefined ? undefined : JSON.stringify(payload),
      }),
  };
  beforeAll(async () => {
    app = await createTestApp();
    auth = { authorization: await app.bearer({ sub: 'bylines', name: 'Byline Editor' }) };
  });
  afterAll(async () => app?.close());
  beforeEach(async () => {
    const db = ctx.t.database.db;
    for (const table of [
      'articles',
      'article_authors',
      'article_tags',
      'authors',
      'tags',
      'author_slug_redirects',
      'tag_slug_redirects',
      'article_revisions',
      'audit_log',
    ] as const) {
      await db.deleteFrom(table).execute();
    }
    ctx.t.app.newsCache.clear();
  });
  return ctx;
}
