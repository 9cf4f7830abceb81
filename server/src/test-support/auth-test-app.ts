import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig, type Config } from '../config.ts';
import { freePort } from './free-port.ts';
import { createTestApp, TEST_APP_ENV, type TestApp } from './test-app.ts';

/**
 * The auth tests' app: the server suites' one test app (test-support/test-app.ts) with a config of a
 * fixed port and first editor, and GET /test/protected behind app.requireEditor.
 */
export const TEST_ADMIN = { username: 'chief', password: 'correct horse battery staple' } as const;

export { freePort };

export function tempDir(prefix = 'auth-test-'): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), prefix));
}

export function testConfig(env: Record<string, string> = {}): Config {
  const port = env.PORT ?? '3299';
  return loadConfig({
    ...TEST_APP_ENV,
    PORT: port,
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    DATA_DIR: env.DATA_DIR ?? tempDir(),
    WEB_DIST_DIR: tempDir('auth-test-web-'),
    ADMIN_USERNAME: TEST_ADMIN.username,
    ADMIN_PASSWORD: TEST_ADMIN.password,
    // Optional: run the auth tests on PostgreSQL too (an empty database per run).
    DATABASE_URL: process.env.AUTH_TEST_DATABASE_URL ?? '',
    ...(process.env.AUTH_TEST_DATABASE_URL
      ? { TOKEN_ENCRYPTION_KEY: process.env.AUTH_TEST_TOKEN_ENCRYPTION_KEY ?? '' }
      : {}),
    ...env,
  });
}

export type { TestApp };

/**
 * The whole app (createTestApp) with the suite's config, plus GET /test/protected (behind
 * app.requireEditor) answering request.editor. The config's DATA_DIR is kept on close, so a suite can
 * start the app again on the same data.
 */
export function startTestApp(config: Config, opts: { listen?: boolean } = {}): Promise<TestApp> {
  return createTestApp({
    config,
    listen: opts.listen,
    setup: (app) => {
      app.get('/test/protected', { onRequest: app.requireEditor }, async (request) => ({ editor: request.editor }));
    },
  });
}
