import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { buildApp, type App } from '../app.ts';
import { mintTestToken, type TestClaims } from '../auth/testing.ts';
import { loadConfig, type Config } from '../config.ts';
import { openDatabase, type Db } from '../db/index.ts';

export interface AdminTestApp {
  app: App;
  config: Config;
  database: Db;
  /** An Authorization header value: a real access token of the built-in provider for this editor. */
  bearer(claims?: TestClaims): Promise<string>;
  close(): Promise<void>;
}

/**
 * The whole application (buildApp, as server.ts builds it) on a throwaway SQLite database,
 * used through inject(); tokens are signed with the built-in provider's own stored key.
 */
export async function startAdminTestApp(): Promise<AdminTestApp> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'tabloid-admin-'));
  const webDir = await fs.mkdtemp(path.join(os.tmpdir(), 'tabloid-admin-web-'));
  const config = loadConfig({
    PORT: '3398',
    HOST: '127.0.0.1',
    PUBLIC_URL: 'http://127.0.0.1:3398',
    DATA_DIR: dataDir,
    WEB_DIST_DIR: webDir,
    DATABASE_URL: '',
    SEED_DEMO: 'false',
    LOG_LEVEL: 'silent',
    ADMIN_USERNAME: 'admin-api-test',
    ADMIN_PASSWORD: 'admin api test password 1',
  });
  const database = await openDatabase(config);
  const app = await buildApp({ config, database, logger: false });
  await app.ready();
  return {
    app,
    config,
    database,
    async bearer(claims = {}) {
      return `Bearer ${await mintTestToken(database, config, claims)}`;
    },
    async close() {
      await app.close();
      await database.destroy();
      await fs.rm(dataDir, { recursive: true, force: true });
      await fs.rm(webDir, { recursive: true, force: true });
    },
  };
}
