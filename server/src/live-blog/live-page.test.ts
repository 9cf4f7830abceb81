import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../project-root.ts';
import { ssrBundleFile } from '../rendering/ssr-bundle.ts';
import { insertArticle } from '../test-support/admin-articles.ts';
import { createTestApp, type TestApp } from '../test-support/test-app.ts';

// The server-rendered page of a live blog: its validators follow its entries (decision 037).
const WEB_DIST = path.join(PROJECT_ROOT, 'dist/web');

let t: TestApp;
let authorization: string;

beforeAll(async () => {
  if (!fs.existsSync(ssrBundleFile(WEB_DIST)))
    throw new Error('build the front end first: npx vite build --config web/vite.config.ts');
  t = await createTestApp({ env: { WEB_DIST_DIR: WEB_DIST, SITE_NAME: 'The Daily Smear' } });
  authorization = await t.bearer();
});
afterAll(async () => t?.close());

const admin = (method: 'POST' | 'PATCH', url: string, payload?: unknown) =>
  t.app.inject({
    method,
    url,
    headers: { authorization, ...(payload ? { 'content-type': 'application/json' } : {}) },
    payload: payload ? JSON.stringify(payload) : undefined,
  });
const entry = (text: string) => ({
  body: { type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text }] }] },
});

describe('a live blog page', () => {
  it('gets a new ETag with each entry, and the JSON-LD of a LiveBlogPosting', async () => {
    const row = await insertArticle(t.database.db, {
      headline: 'Storm Hits Pier',
      published_at: new Date().toISOString(),
    });
    expect((await admin('POST', `/api/admin/articles/${row.id}/live/start`)).statusCode).toBe(200);
    expect(
      (await admin('POST', `/api/admin/articles/${row.id}/live/entries`, entry('Waves reach the pier.'))).statusCode,
    ).toBe(201);
    const url = `/article/${row.slug}`;
    const first = await t.app.inject({ method: 'GET', url });
    expect(first.statusCode).toBe(200);
    expect(first.body).toContain('"LiveBlogPosting"');
    expect(first.body).toContain('Waves reach the pier.');
    const etag = String(first.headers.etag);

    expect(
      (await admin('POST', `/api/admin/articles/${row.id}/live/entries`, entry('The pier is gone.'))).statusCode,
    ).toBe(201);
    const second = await t.app.inject({ method: 'GET', url, headers: { 'if-none-match': etag } });
    expect(second.statusCode).toBe(200);
    expect(second.headers.etag).not.toBe(etag);
    expect(second.body).toContain('The pier is gone.');

    // The page of older entries is a page of its own (named by its cursor).
    const older = await t.app.inject({ method: 'GET', url: `${url}?before=999999&utm_source=x` });
    expect(older.statusCode).toBeLessThan(500);
  });
});
