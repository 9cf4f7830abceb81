import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from '../server/src/test-support/free-port.ts';
// @ts-expect-error: a plain .mjs build script without type declarations
import { buildServer, ROOT } from './build-server.mjs';

const build = buildServer as (outdir: string) => Promise<{ entry: string; bytes: number }>;
const root = ROOT as string;
const CLEAN_ENV = Object.fromEntries(
  Object.entries(process.env).filter(
    ([k]) =>
      !/^(DATABASE_|TEST_DATABASE_URL|PORT$|HOST$|PUBLIC_URL|DATA_DIR|SEED_DEMO|LOG_LEVEL|ENTRA_|ADMIN_|APPLICATIONINSIGHTS_|WEB_DIST_DIR|NODE_OPTIONS)/.test(
        k,
      ),
  ),
);

const outdir = path.join(root, '.bench', `test-server-${process.pid}-${Date.now()}`);
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tabloid-compiled-'));
let child: ChildProcess | undefined;
afterAll(() => {
  if (child && child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  fs.rmSync(outdir, { recursive: true, force: true });
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('the compiled server (npm run build:server, what npm start runs)', () => {
  it('starts from dist without tsx, answers /healthz and the pages read from the source tree, and stops on SIGTERM', async () => {
    const { entry, bytes } = await build(outdir);
    expect(bytes).toBeGreaterThan(10_000);
    // The entry only turns source maps on (for our code, not node_modules) and loads the server.
    const entryCode = fs.readFileSync(entry, 'utf8');
    expect(entryCode).toContain('setSourceMapsSupport');
    expect(entryCode).toContain('nodeModules:!1');
    // Plain JavaScript: no TypeScript syntax or .ts imports left for a loader to handle.
    const chunks = path.join(outdir, 'chunks');
    const serverChunk = fs.readdirSync(chunks).find((f) => f.startsWith('server-') && f.endsWith('.js'));
    expect(serverChunk).toBeDefined();
    const code = entryCode + fs.readFileSync(path.join(chunks, serverChunk!), 'utf8');
    expect(code).not.toMatch(/from "\.[^"]*\.ts"/);
    // The pure-JavaScript packages are bundled (no bare import of them is left); the native and
    // file-reading ones stay in node_modules.
    const imports = (name: string) => new RegExp(`from\\s*["']${name}["']`).test(code);
    expect(imports('fastify')).toBe(false);
    expect(imports('kysely')).toBe(false);
    expect(imports('better-sqlite3')).toBe(true);
    // The OpenTelemetry SDK stays behind a dynamic import (its own chunk), not in the entry.
    expect(code).not.toContain('@opentelemetry/sdk-trace-node');
    expect(
      fs.readdirSync(path.join(outdir, 'chunks')).some((f) => f.startsWith('otel-sdk-') && f.endsWith('.js')),
    ).toBe(true);

    const port = await freePort();
    let out = '';
    // Started from another working directory: the root is found from the file, not from cwd.
    child = spawn(process.execPath, [entry], {
      cwd: os.tmpdir(),
      env: {
        ...CLEAN_ENV,
        NODE_ENV: 'production',
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        SEED_DEMO: 'false',
        LOG_LEVEL: 'warn',
        ADMIN_USERNAME: 'editor',
        ADMIN_PASSWORD: 'compiled-server-test-pw',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout!.on('data', (d) => (out += d));
    child.stderr!.on('data', (d) => (out += d));
    const exited = new Promise<number | null>((resolve) => child!.on('exit', (c) => resolve(c)));

    const base = `http://127.0.0.1:${port}`;
    const deadline = Date.now() + 30_000;
    let health: Response | undefined;
    while (!health) {
      if (child.exitCode !== null) throw new Error(`the compiled server exited with ${child.exitCode}:\n${out}`);
      health = await fetch(`${base}/healthz`).catch(() => undefined);
      if (!health) {
        if (Date.now() > deadline) throw new Error(`no answer from ${base}/healthz:\n${out}`);
        await new Promise((r) => setTimeout(r, 100));
      }
    }
    expect(health.status).toBe(200);
    expect(await health.json()).toEqual({ status: 'ok' });

    // The sign-in page's stylesheet is read from server/src at start-up (project root finder).
    const css = await fetch(`${base}/oidc/assets/login.css`);
    expect(css.status).toBe(200);
    expect(css.headers.get('content-type')).toContain('text/css');
    expect((await css.text()).length).toBeGreaterThan(100);

    const ready = await fetch(`${base}/readyz`);
    expect(ready.status).toBe(200);

    // What the bundled packages serve: a server-rendered page (the renderer in dist/ssr), the
    // public API's serializer, a feed, the API description (swagger, yaml), the OpenID provider
    // (external, with its own dependencies), and a problem for a bad query (ajv).
    const page = await fetch(`${base}/contact`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<footer');
    const news = await fetch(`${base}/News?count=3`);
    expect(news.status).toBe(200);
    expect(await news.json()).toMatchObject({ breakingNews: [], allArticles: [] });
    const feed = await fetch(`${base}/feeds/rss.xml`);
    expect(feed.status).toBe(200);
    expect(await feed.text()).toContain('<rss');
    const docs = await fetch(`${base}/api/docs/json`);
    expect(((await docs.json()) as { openapi: string }).openapi).toMatch(/^3\./);
    const discovery = await fetch(`${base}/oidc/.well-known/openid-configuration`);
    expect(discovery.status).toBe(200);
    expect(((await discovery.json()) as { issuer: string }).issuer).toContain('/oidc');
    const bad = await fetch(`${base}/News?count=abc`);
    expect(bad.status).toBe(400);
    expect(bad.headers.get('content-type')).toContain('application/problem+json');

    // No dependency loads a deprecated Node module (punycode: twitter-text).
    expect(out).not.toContain('DeprecationWarning');

    child.kill('SIGTERM');
    expect(await exited).toBe(0);
  }, 60_000);
});
