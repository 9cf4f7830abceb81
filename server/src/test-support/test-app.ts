import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import type { FastifyServerOptions } from 'fastify';
import { buildApp, type App, type AppOptions } from '../app.ts';
import { mintTestToken, type TestClaims } from './tokens.ts';
import { loadConfig, type Config } from '../config.ts';
import { openDatabase, type Db } from '../db/index.ts';
import { startFakeFacebook, type FakeFacebook } from '../fakes/facebook.ts';
import { startFakeX, type FakeX } from '../fakes/x.ts';
import { seedIfEmpty } from '../seed/index.ts';
import { SOCIAL_LOG_REDACT_PATHS } from '../sharing/log-redaction.ts';
import { freePort } from './free-port.ts';

/**
 * The one test app of the server suites: the whole application (buildApp, as server.ts builds it) on a
 * throwaway SQLite DATA_DIR (on PostgreSQL in the api-pg project: postgres-setup.ts gives every
 * openDatabase() a fresh database). Options add what a suite needs: a real port, the fake X and Facebook,
 * captured log lines.
 */
export interface TestAppOptions {
  /** Environment for loadConfig, over TEST_APP_ENV. */
  env?: Record<string, string>;
  /**
   * Listen on a free port of 127.0.0.1; else use app.inject(). The port is chosen before the config is loaded,
   * so PUBLIC_URL (and with it the built-in OpenID provider's issuer) is the address a browser talks to.
   */
  listen?: boolean;
  /** Fill the database with the demo content, as a first start with SEED_DEMO=true does. */
  seed?: boolean;
  /** Start the fake X and Facebook and point the app at them (FAKE_PROVIDER_ENV). */
  fakeProviders?: boolean;
  /** Keep every log line (JSON strings, secrets redacted as in production) in `logs`, at level trace. */
  captureLogs?: boolean;
  /**
   * A config the suite built itself (a restart on the same DATA_DIR, a fixed port): used as it is, instead
   * of `env`; its DATA_DIR is the suite's and is kept on close.
   */
  config?: Config;
  /** Called before the app is ready: a suite's extra routes. */
  setup?: (app: App) => void;
  /** Read counting's timings (buildApp's `reads`): a suite writes the counts sooner or by flush() alone. */
  reads?: AppOptions['reads'];
}

export interface TestApp {
  app: App;
  config: Config;
  database: Db;
  dataDir: string;
  /** The port when listening. */
  port?: number;
  /** http://127.0.0.1:PORT when listening, else PUBLIC_URL. */
  baseUrl: string;
  /** An Authorization header value: an access token signed with the built-in provider's own stored key. */
  bearer(claims?: TestClaims): Promise<string>;
  /** Every log line the app wrote (with captureLogs). */
  logs: string[];
  /** The fake providers (with fakeProviders). */
  x: FakeX;
  fb: FakeFacebook;
  close(): Promise<void>;
}

/** What every test app starts with; a suite's `env` wins. */
export const TEST_APP_ENV: Record<string, string> = {
  HOST: '127.0.0.1',
  PUBLIC_URL: 'http://news.test',
  DATABASE_URL: '',
  SEED_DEMO: 'false',
  LOG_LEVEL: 'silent',
  APPLICATIONINSIGHTS_CONNECTION_STRING: '',
  TOKEN_ENCRYPTION_KEY: '',
  // A known first editor, so starting the app never prints a generated password (that print is for real first starts).
  ADMIN_USERNAME: 'test.editor',
  ADMIN_PASSWORD: 'test-only password, not a secret',
};

/** The app's settings for the fake X and Facebook (server/src/fakes). */
export function fakeProviderEnv(x: FakeX, fb: FakeFacebook): Record<string, string> {
  return {
    X_CLIENT_ID: x.clientId,
    X_CLIENT_SECRET: x.clientSecret,
    X_AUTHORIZE_URL: `${x.baseUrl}/i/oauth2/authorize`,
    X_API_URL: x.baseUrl,
    FACEBOOK_APP_ID: fb.appId,
    FACEBOOK_APP_SECRET: fb.appSecret,
    FACEBOOK_PAGE_ID: fb.pageId,
    FACEBOOK_GRAPH_URL: fb.graphUrl,
    SOCIAL_HTTP_TIMEOUT_MS: '1500',
  };
}

function unavailable<T extends object>(what: string): T {
  return new Proxy({} as T, {
    get() {
      throw new Error(`createTestApp: ${what} needs the option fakeProviders: true`);
    },
  });
}

export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const ownDataDir = !options.config;
  const dataDir = options.config?.dataDir ?? (await fs.mkdtemp(path.join(os.tmpdir(), 'tabloid-test-')));
  const [x, fb] = options.fakeProviders ? await Promise.all([startFakeX(), startFakeFacebook()]) : [];
  const port = options.listen ? (options.config?.port ?? (await freePort())) : undefined;
  const logs: string[] = [];
  let app: App | undefined;
  let database: Db | undefined;
  const removeDataDir = () => (ownDataDir ? fs.rm(dataDir, { recursive: true, force: true }) : undefined);
  try {
    const config =
      options.config ??
      loadConfig({
        ...TEST_APP_ENV,
        DATA_DIR: dataDir,
        WEB_DIST_DIR: path.join(dataDir, 'no-web-dist'),
        ...(port ? { PORT: String(port), PUBLIC_URL: `http://127.0.0.1:${port}` } : {}),
        ...(options.seed ? { SEED_DEMO: 'true' } : {}),
        ...(x && fb ? fakeProviderEnv(x, fb) : {}),
        ...(options.captureLogs ? { LOG_LEVEL: 'trace' } : {}),
        ...options.env,
      });
    let logger: FastifyServerOptions['logger'] = false;
    if (options.captureLogs) {
      const stream = new Writable({
        write(chunk, _encoding, done) {
          logs.push(String(chunk));
          done();
        },
      });
      logger = { level: 'trace', stream, redact: { paths: SOCIAL_LOG_REDACT_PATHS, censor: '[redacted]' } };
    }
    database = await openDatabase(config);
    app = await buildApp({ config, database, logger, reads: options.reads });
    options.setup?.(app);
    if (options.seed) await seedIfEmpty(database, app.log, { imageStore: app.imageStore });
    if (port) await app.listen({ port, host: '127.0.0.1' });
    else await app.ready();
    const baseUrl = port ? `http://127.0.0.1:${port}` : config.publicUrl;
    const started = { app, database };
    return {
      app,
      config,
      database,
      dataDir,
      baseUrl,
      port,
      logs,
      x: x ?? unavailable<FakeX>('the fake X'),
      fb: fb ?? unavailable<FakeFacebook>('the fake Facebook'),
      async bearer(claims = {}) {
        return `Bearer ${await mintTestToken(started.database, config, claims)}`;
      },
      async close() {
        try {
          await started.app.close();
          await started.database.destroy();
        } finally {
          await Promise.all([x?.close(), fb?.close()]);
          await removeDataDir();
        }
      },
    };
  } catch (err) {
    await app?.close();
    await database?.destroy();
    await Promise.all([x?.close(), fb?.close()]);
    await removeDataDir();
    throw err;
  }
}
