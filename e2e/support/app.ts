import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { buildApp, type App } from '../../server/src/app.ts';
import { loadConfig, type Config } from '../../server/src/config.ts';
import { openDatabase, type Db } from '../../server/src/db/index.ts';
import { seedIfEmpty } from '../../server/src/seed/index.ts';
import { freePort } from './port.ts';
import { EDITOR_ENV } from './sign-in.ts';

export { freePort };

export interface StartAppOptions {
  /** Extra environment for loadConfig (wins over process.env and the defaults below). */
  env?: Record<string, string>;
  /** Fill the database with the demo content (default true). */
  seed?: boolean;
}

export interface RunningApp {
  /** http://127.0.0.1:PORT (no trailing slash). */
  baseUrl: string;
  port: number;
  app: App;
  config: Config;
  database: Db;
  dataDir: string;
  close(): Promise<void>;
}

/**
 * Starts the real application in this process, on a real port, with a fresh SQLite database
 * in a temporary DATA_DIR: the same buildApp()/openDatabase()/seedIfEmpty() that server.ts uses.
 * The port is chosen before the config is loaded so PUBLIC_URL (and with it the built-in
 * OpenID provider's issuer) is the real address the browser talks to.
 * WEB_DIST_DIR defaults to dist/web (npm test builds it first); set it in the environment or
 * in opts.env to test another build.
 */
export async function startApp(opts: StartAppOptions = {}): Promise<RunningApp> {
  const port = await freePort();
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'tabloid-e2e-'));
  const baseUrl = `http://127.0.0.1:${port}`;
  let database: Db | undefined;
  let app: App | undefined;
  try {
    const config = loadConfig({
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: baseUrl,
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      SEED_DEMO: opts.seed === false ? 'false' : 'true',
      LOG_LEVEL: 'warn',
      // A known first editor (the admin tests sign in as it), so no generated password is printed.
      ...EDITOR_ENV,
      ...opts.env,
    });
    database = await openDatabase(config);
    app = await buildApp({ config, database });
    if (opts.seed !== false) await seedIfEmpty(database, app.log);
    await app.listen({ port, host: '127.0.0.1' });
    const started = { app, database };
    let closed = false;
    return {
      baseUrl,
      port,
      app,
      config,
      database,
      dataDir,
      async close() {
        if (closed) return;
        closed = true;
        try {
          await started.app.close();
        } finally {
          await started.database.destroy();
          await fs.rm(dataDir, { recursive: true, force: true });
        }
      },
    };
  } catch (err) {
    await app?.close().catch(() => {});
    await database?.destroy().catch(() => {});
    await fs.rm(dataDir, { recursive: true, force: true });
    throw err;
  }
}
