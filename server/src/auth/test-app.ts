import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../app.ts';
import { loadConfig, type Config } from '../config.ts';
import { openDatabase, type Db } from '../db/index.ts';
import { freePort } from '../test-support/free-port.ts';
import { TEST_APP_ENV } from '../test-support/test-app.ts';

/**
 * The auth tests' app: the environment of the server test app (test-support/test-app.ts) with a fixed
 * port and first editor, and GET /test/protected behind app.requireEditor.
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

export interface TestApp {
  app: Awaited<ReturnType<typeof buildApp>>;
  config: Config;
  database: Db;
  close(): Promise<void>;
}

/** Builds the whole app plus GET /test/protected (behind app.requireEditor) answering request.editor. */
export async function startTestApp(config: Config, opts: { listen?: boolean } = {}): Promise<TestApp> {
  const database = await openDatabase(config);
  const app = await buildApp({ config, database, logger: false });
  app.get('/test/protected', { onRequest: app.requireEditor }, async (request) => ({ editor: request.editor }));
  if (opts.listen) await app.listen({ port: config.port, host: '127.0.0.1' });
  else await app.ready();
  return {
    app,
    config,
    database,
    async close() {
      await app.close();
      await database.destroy();
    },
  };
}
