import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { buildApp, type App } from '../app.ts';
import { freePort } from './auth-test-app.ts';
import { loadConfig, type Config } from '../config.ts';
import { openDatabase, type Db } from '../db/index.ts';

/** A 32-byte key shared by the instances of a test (they must agree, as in production). */
export const TEST_TOKEN_ENCRYPTION_KEY = Buffer.alloc(32, 7).toString('base64');

export interface Instance {
  app: App;
  config: Config;
  database: Db;
  origin: string;
  close(): Promise<void>;
}

/**
 * One app instance, as server.ts starts it, on a real port against the PostgreSQL database `url`.
 * `publicUrl` is what the load balancer would be: every instance of a test gets the same one, so the
 * built-in provider's issuer is the same everywhere.
 */
export async function startInstance(
  url: string,
  publicUrl: string,
  env: Record<string, string> = {},
  port?: number,
): Promise<Instance> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'tabloid-instance-'));
  const listenPort = port ?? (await freePort());
  const config = loadConfig({
    PORT: String(listenPort),
    HOST: '127.0.0.1',
    PUBLIC_URL: publicUrl,
    DATA_DIR: dir,
    WEB_DIST_DIR: path.join(dir, 'web'),
    DATABASE_URL: url,
    DATABASE_POOL_MAX: '4',
    TOKEN_ENCRYPTION_KEY: TEST_TOKEN_ENCRYPTION_KEY,
    SEED_DEMO: 'false',
    LOG_LEVEL: 'silent',
    ADMIN_USERNAME: 'chief',
    ADMIN_PASSWORD: 'correct horse battery staple',
    ...env,
  });
  const database = await openDatabase(config, { onPoolError: () => undefined });
  const app = await buildApp({ config, database, logger: false });
  await app.listen({ port: listenPort, host: '127.0.0.1' });
  return {
    app,
    config,
    database,
    origin: `http://127.0.0.1:${listenPort}`,
    async close() {
      await app.close();
      await database.destroy();
      await fs.rm(dir, { recursive: true, force: true });
    },
  };
}
