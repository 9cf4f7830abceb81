import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp, type App } from '../app.ts';
import { loadConfig } from '../config.ts';
import { openDatabase, type Db } from '../db/index.ts';
import { loggerOptions } from './logger.ts';

// Sign-in secrets through the real app at the most verbose log level: authorization codes,
// state, refresh tokens, passwords and bearer tokens never reach the logs or stdout.

const SECRET = 'SECRETCODE';
let app: App;
let database: Db;
let dataDir: string;
let out = '';

beforeAll(async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'tabloid-secret-logs-'));
  const web = path.join(dataDir, 'web');
  await fs.mkdir(web);
  await fs.writeFile(
    path.join(web, 'index.html'),
    '<!doctype html><html><head><!--app-head--><title>x</title><!--/app-head--></head><body><!--app-config--><div id="root"></div></body></html>',
  );
  const config = loadConfig({
    ...process.env,
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    TOKEN_ENCRYPTION_KEY: '',
    PUBLIC_URL: 'http://news.test',
    SEED_DEMO: 'false',
    LOG_LEVEL: 'trace',
    WEB_DIST_DIR: web,
    APPLICATIONINSIGHTS_CONNECTION_STRING: '',
    ADMIN_USERNAME: 'test.editor',
    ADMIN_PASSWORD: 'test-only password, not a secret',
  });
  database = await openDatabase(config);
  const stream = new Writable({
    write(chunk: Buffer, _enc, done) {
      out += chunk.toString('utf8');
      done();
    },
  });
  app = await buildApp({ config, database, logger: { ...loggerOptions('trace'), stream } });
  await app.ready();
});

afterAll(async () => {
  await app?.close();
  await database?.destroy();
  await fs.rm(dataDir, { recursive: true, force: true });
});

describe('secrets in the logs', () => {
  it("GET /admin/auth/callback?code=…&state=… and the provider's endpoints log no code, state, token or password", async () => {
    const stdout = vi.spyOn(process.stdout, 'write');
    const stderr = vi.spyOn(process.stderr, 'write');
    try {
      const callback = await app.inject({ url: `/admin/auth/callback?code=${SECRET}&state=S${SECRET}` });
      expect(callback.statusCode).toBe(200);
      const form = { 'content-type': 'application/x-www-form-urlencoded' };
      await app.inject({
        method: 'POST',
        url: '/oidc/token',
        headers: form,
        payload: `grant_type=authorization_code&code=${SECRET}&client_id=tabloid-admin&redirect_uri=http%3A%2F%2Fnews.test%2Fadmin%2Fauth%2Fcallback&code_verifier=${SECRET}${SECRET}${SECRET}${SECRET}${SECRET}`,
      });
      await app.inject({
        method: 'POST',
        url: '/oidc/token',
        headers: form,
        payload: `grant_type=refresh_token&refresh_token=${SECRET}&client_id=tabloid-admin`,
      });
      await app.inject({
        method: 'POST',
        url: '/oidc/token/revocation',
        headers: form,
        payload: `token=${SECRET}&client_id=tabloid-admin`,
      });
      await app.inject({
        method: 'POST',
        url: '/oidc/interaction/unknown-uid/login',
        headers: form,
        payload: `username=someone&password=${SECRET}`,
      });
      await app.inject({
        url: '/api/admin/dashboard',
        headers: { authorization: `Bearer ${SECRET}.${SECRET}.${SECRET}` },
      });
      await app.inject({ url: `/oidc/session/end?id_token_hint=${SECRET}` });
      await app.inject({
        url: `/oidc/auth?client_id=tabloid-admin&response_type=code&redirect_uri=http%3A%2F%2Fnews.test%2Fadmin%2Fauth%2Fcallback&scope=openid&state=${SECRET}&code_challenge=${'a'.repeat(43)}&code_challenge_method=S256`,
      });
      // Every response has been logged (the eight requests above): nothing is still on its way to the stream.
      await vi.waitFor(() => expect(out.match(/"responseTime":/g)?.length ?? 0).toBeGreaterThanOrEqual(8));
      const printed = [...stdout.mock.calls, ...stderr.mock.calls].map((c) => String(c[0])).join('');
      expect(out).toContain('/admin/auth/callback?code=');
      expect(out).toContain('/oidc/token');
      expect(out).not.toContain(SECRET);
      expect(printed).not.toContain(SECRET);
    } finally {
      stdout.mockRestore();
      stderr.mockRestore();
    }
  });
});
