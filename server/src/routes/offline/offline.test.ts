import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../../project-root.ts';
import { SHARED_CACHE_CONTROL } from '../../plugins/http-cache.ts';
import { ssrBundleFile } from '../../rendering/ssr-bundle.ts';
import { writeFakeDist } from '../../test-support/fake-web-dist.ts';
import { createTestApp, type TestApp } from '../../test-support/test-app.ts';

/** The real front end, its renderer and its worker, as `vite build --config web/vite.config.ts` makes them. */
const WEB_DIST = process.env.WEB_DIST_DIR || path.join(PROJECT_ROOT, 'dist/web');

let t: TestApp;
let unbuilt: TestApp;
let fakeDist: string;

beforeAll(async () => {
  if (!fs.existsSync(ssrBundleFile(WEB_DIST)) || !fs.existsSync(path.join(WEB_DIST, 'sw.js')))
    throw new Error('build the front end first: npx vite build --config web/vite.config.ts');
  t = await createTestApp({ env: { WEB_DIST_DIR: WEB_DIST, SITE_NAME: 'The Daily Smear' } });
  fakeDist = await writeFakeDist(fs.mkdtempSync(path.join(os.tmpdir(), 'tabloid-offline-dist-')));
  unbuilt = await createTestApp({ env: { WEB_DIST_DIR: fakeDist } });
});
afterAll(async () => {
  await t?.close();
  await unbuilt?.close();
  if (fakeDist) fs.rmSync(fakeDist, { recursive: true, force: true });
});

const get = (app: TestApp, url: string, headers: Record<string, string> = {}) =>
  app.app.inject({ method: 'GET', url, headers });

describe('GET /sw.js', () => {
  it('the built worker, checked by the browser at every visit (no-cache), with a 304 for a current copy', async () => {
    const res = await get(t, '/sw.js');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.headers['service-worker-allowed']).toBeUndefined();
    expect(res.body).toBe(fs.readFileSync(path.join(WEB_DIST, 'sw.js'), 'utf8'));
    // Bundled on its own: no import of the app's chunks, nothing of the newsroom.
    expect(res.body).not.toMatch(/\bimport\s*[({"']|\/assets\/[\w-]+\.js/);
    const again = await get(t, '/sw.js', { 'if-none-match': res.headers.etag as string });
    expect(again.statusCode).toBe(304);
    const br = await get(t, '/sw.js', { 'accept-encoding': 'br' });
    expect(br.headers['content-encoding']).toBe('br');
  });

  it('a clear 404 problem when the front end has no worker', async () => {
    const res = await get(unbuilt, '/sw.js');
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
  });
});

describe('GET /offline', () => {
  it("the public frame around 'You're offline', without script, kept out of search engines", async () => {
    const res = await get(t, '/offline');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['cache-control']).toBe(SHARED_CACHE_CONTROL);
    expect(res.headers['x-robots-tag']).toBe('noindex');
    expect(res.headers['content-security-policy']).toContain("script-src 'none'");
    expect(res.body).toContain('<title>You&#39;re offline | The Daily Smear</title>');
    expect(res.body).toContain('<meta name="robots" content="noindex" />');
    expect(res.body).toMatch(/<h1 id="offline-title"[^>]*>You(&#x27;|&#39;|')re offline<\/h1>/);
    expect(res.body).toContain(
      '<!--offline-stories--><p>Nothing saved yet: stories you open are kept here for reading offline.</p><!--/offline-stories-->',
    );
    // The masthead, the footer and the public stylesheet; no module script, no preload of one.
    expect(res.body).toContain('site-masthead');
    expect(res.body).toContain('<footer');
    expect(res.body).toMatch(/<link rel="stylesheet"[^>]*href="\/assets\/index-[\w-]+\.css"/);
    expect(res.body).not.toMatch(/<script\b[^>]*type="module"|modulepreload/);
    const again = await get(t, '/offline', { 'if-none-match': res.headers.etag as string });
    expect(again.statusCode).toBe(304);
  });

  it('503 with a problem when the front end is not built (as the pages)', async () => {
    const res = await get(unbuilt, '/offline');
    expect(res.statusCode).toBe(503);
    expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
  });

  it("the pages' policy names the worker (worker-src 'self') and is otherwise unchanged", async () => {
    const policy = (await get(t, '/')).headers['content-security-policy'] as string;
    expect(policy).toContain("worker-src 'self'");
    expect(policy).toContain("script-src 'self'");
    expect(policy).toContain("default-src 'self'");
  });
});
