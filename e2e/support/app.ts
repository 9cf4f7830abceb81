import path from 'node:path';
import { DEVELOPMENT_WEB_DIST } from '../../scripts/front-end-builds.mjs';
import { createTestApp, type TestApp, type TestAppOptions } from '../../server/src/test-support/test-app.ts';
import { EDITOR_ENV } from './sign-in.ts';

export { freePort } from '../../server/src/test-support/free-port.ts';

export interface StartAppOptions {
  /** Extra environment for loadConfig (wins over the defaults below). */
  env?: Record<string, string>;
  /** Fill the database with the demo content (default true). */
  seed?: boolean;
  /**
   * The front end to serve: the production build readers and editors get (the default), or React's
   * development build, which reports every mismatch between the server's HTML and the first render,
   * attributes included (the tests that check hydration). `npm test` makes both (scripts/test.mjs).
   */
  build?: 'production' | 'development';
  /** Read counting's timings (buildApp's `reads`). */
  reads?: TestAppOptions['reads'];
}

export type RunningApp = TestApp & { port: number };

const repoRoot = path.resolve(import.meta.dirname, '../..');

/**
 * The real application for the browser: the server suites' test app (server/src/test-support/test-app.ts)
 * on a real port with the demo content, the built front end and a known first editor (the admin tests sign
 * in as it). WEB_DIST_DIR defaults to dist/web, or dist/dev/web for the development build (npm test builds
 * both first); set it (DEV_WEB_DIST_DIR for the development build) in the environment, or in opts.env, to
 * test another build.
 */
export async function startApp(opts: StartAppOptions = {}): Promise<RunningApp> {
  const running = await createTestApp({
    listen: true,
    seed: opts.seed !== false,
    reads: opts.reads,
    env: {
      WEB_DIST_DIR:
        opts.build === 'development'
          ? // DEV_WEB_DIST_DIR names another development build (the hydration tests of one's own build).
            process.env.DEV_WEB_DIST_DIR || path.join(repoRoot, DEVELOPMENT_WEB_DIST)
          : // The production build: the server's own default (dist/web) unless the environment names another.
            (process.env.WEB_DIST_DIR ?? ''),
      LOG_LEVEL: 'warn',
      ...EDITOR_ENV,
      ...opts.env,
    },
  });
  return running as RunningApp;
}
