import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { buildApp, type App } from '../app.ts';
import { loadConfig, type Config } from '../config.ts';
import { openDatabase, type Db } from '../db/index.ts';

export interface PublicTestApp {
  app: App;
  config: Config;
  database: Db;
  dataDir: string;
  close(): Promise<void>;
}

/**
 * The whole application (buildApp, as server.ts builds it) on a throwaway SQLite DATA_DIR,
 * without demo content and without listening: use app.inject().
 */
export async function startPublicTestApp(env: Record<string, string> = {}): Promise<PublicTestApp> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'tabloid-public-'));
  const config = loadConfig({
    ...process.env,
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    SEED_DEMO: 'false',
    LOG_LEVEL: 'silent',
    PUBLIC_URL: 'http://news.test',
    WEB_DIST_DIR: path.join(dataDir, 'no-dist'),
    APPLICATIONINSIGHTS_CONNECTION_STRING: '',
    // A known first editor, so starting the app never prints a generated password (that print is for real first starts).
    ADMIN_USERNAME: 'test.editor',
    ADMIN_PASSWORD: 'test-only password, not a secret',
    ...env,
  });
  const database = await openDatabase(config);
  const app = await buildApp({ config, database, logger: false });
  await app.ready();
  return {
    app,
    config,
    database,
    dataDir,
    async close() {
      await app.close();
      await database.destroy();
      await fs.rm(dataDir, { recursive: true, force: true });
    },
  };
}

export const FAKE_INDEX_HTML = `<!doctype html>
<html lang="en-GB">
  <head>
    <meta charset="UTF-8" />
    <!--app-head--><title>The Daily Smear</title><!--/app-head-->
    <!--app-config-->
    <script type="module" crossorigin src="/assets/index-abc123.js"></script>
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>
`;

/** A tiny built front end (index.html with the markers, one hashed asset, a favicon, an image). */
export async function writeFakeDist(dir: string): Promise<string> {
  await fs.mkdir(path.join(dir, 'assets'), { recursive: true });
  await fs.mkdir(path.join(dir, 'images'), { recursive: true });
  await fs.writeFile(path.join(dir, 'index.html'), FAKE_INDEX_HTML);
  await fs.writeFile(path.join(dir, 'assets', 'index-abc123.js'), 'console.log("app");\n');
  await fs.writeFile(path.join(dir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  await fs.writeFile(path.join(dir, 'images', 'pic.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  return dir;
}
