import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { buildApp, type App } from '../../app.ts';
import { loadConfig, type Config } from '../../config.ts';
import { openDatabase, type Db } from '../../db/index.ts';
import { startFakeFacebook, type FakeFacebook } from '../../fakes/facebook.ts';
import { startFakeX, type FakeX } from '../../fakes/x.ts';
import { SOCIAL_LOG_REDACT_PATHS } from '../../social/log-redaction.ts';
import { mintTestToken } from '../../auth/testing.ts';

export interface SocialTestEnv {
  app: App;
  baseUrl: string;
  config: Config;
  database: Db;
  x: FakeX;
  fb: FakeFacebook;
  /** Authorization header value of a signed-in editor. */
  authorization: string;
  /** Every log line the app wrote (JSON strings). */
  logs: string[];
  dataDir: string;
  close(): Promise<void>;
}

/** The real app on a real port with fresh SQLite, the fake X and Facebook, and captured logs. */
export async function startSocialTestEnv(env: Record<string, string> = {}): Promise<SocialTestEnv> {
  const x = await startFakeX();
  const fb = await startFakeFacebook();
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'tabloid-social-'));
  const config = loadConfig({
    ...process.env,
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    SEED_DEMO: 'false',
    LOG_LEVEL: 'trace',
    TOKEN_ENCRYPTION_KEY: '',
    X_CLIENT_ID: x.clientId,
    X_CLIENT_SECRET: x.clientSecret,
    X_AUTHORIZE_URL: `${x.baseUrl}/i/oauth2/authorize`,
    X_API_URL: x.baseUrl,
    FACEBOOK_APP_ID: fb.appId,
    FACEBOOK_APP_SECRET: fb.appSecret,
    FACEBOOK_PAGE_ID: fb.pageId,
    FACEBOOK_GRAPH_URL: fb.graphUrl,
    SOCIAL_HTTP_TIMEOUT_MS: '1500',
    // A known first editor, so starting the app never prints a generated password (that print is for real first starts).
    ADMIN_USERNAME: 'test.editor',
    ADMIN_PASSWORD: 'test-only password, not a secret',
    ...env,
  });
  const logs: string[] = [];
  const stream = new Writable({
    write(chunk, _enc, cb) {
      logs.push(String(chunk));
      cb();
    },
  });
  const database = await openDatabase(config);
  const logger = { level: 'trace', stream, redact: { paths: SOCIAL_LOG_REDACT_PATHS, censor: '[redacted]' } };
  const app = await buildApp({ config, database, logger });
  const authorization = `Bearer ${await mintTestToken(database, config)}`;
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    app,
    baseUrl: `http://127.0.0.1:${port}`,
    config,
    database,
    authorization,
    x,
    fb,
    logs,
    dataDir,
    async close() {
      await app.close();
      await database.destroy();
      await Promise.all([x.close(), fb.close()]);
      await fs.rm(dataDir, { recursive: true, force: true });
    },
  };
}
