import path from 'node:path';
import { defineConfig } from 'vitest/config';

const root = import.meta.dirname;
const alias = { '@': path.join(root, 'web/src'), '@common': path.join(root, 'common') };

// With TEST_DATABASE_URL (an admin connection to a PostgreSQL server), the API and e2e suites run a
// second time on PostgreSQL: every openDatabase() of a test gets a fresh database (postgres-setup.ts).
const postgres = Boolean(process.env.TEST_DATABASE_URL?.trim());
const pgSetup = path.join(root, 'server/src/test-support/postgres-setup.ts');
// Tests about the embedded file itself, or that hand their DATA_DIR to a child process.
// (share-kill.test.ts starts its own PostgreSQL database for its child processes.)
const sqliteOnly = [
  'scripts/**/*.test.ts',
  'e2e/harness.test.ts',
  'server/src/server-process.test.ts',
  'server/src/social/share-kill.test.ts',
];
// Stops and restarts the machine's PostgreSQL server: runs alone, after everything else.
const outage = ['server/src/**/*.outage.test.ts'];
// The newsroom's browser journeys (writing, publishing, sharing, connecting accounts) also run on
// PostgreSQL (project `e2e-pg`). The reading pages, search and sign-in get their data through the
// HTTP API and pages that the api-pg suite drives on PostgreSQL (server rendering, search, the full
// code + PKCE sign-in), so their browser tests run once.
const e2eOnPostgres = [
  'e2e/admin-articles.test.ts',
  'e2e/admin-editor.test.ts',
  'e2e/article-shares.test.ts',
  'e2e/social-admin.test.ts',
];
// Tests that only make sense on PostgreSQL (several instances, migrate-data): project `pg`.
const pgOnly = ['server/src/**/*.pg.test.ts', 'scripts/**/*.pg.test.ts'];

/**
 * The API and browser suites import the whole server (Fastify, oidc-provider, Kysely, sharp...): 5 to 10 s
 * per file on this 2-core machine with a fresh module graph per file. Sharing the worker's modules
 * between files (`isolate: false`) saved minutes but made a test depend on which files ran before it in
 * the same worker (the built-in provider's keys at rest on PostgreSQL failed only in the full run), so
 * every file keeps its own module graph until that shared state is found.
 */
const shareModules = { isolate: true } as const;

/**
 * One runner, three projects:
 *  - unit:   pure logic of common/, web/ and server/ (fast, no I/O)
 *  - api:    the server through HTTP (inject or a real port), on a throwaway database
 *  - e2e:    real headless Chromium (Debian's chromium via playwright-core) against the built site
 */
export default defineConfig({
  resolve: { alias },
  test: {
    projects: [
      {
        resolve: { alias },
        test: {
          name: 'unit',
          environment: 'node',
          include: ['common/**/*.test.ts', 'web/src/**/*.test.{ts,tsx}', 'server/src/**/*.unit.test.ts'],
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'api',
          environment: 'node',
          include: ['server/src/**/*.test.ts', 'scripts/**/*.test.ts'],
          exclude: ['server/src/**/*.unit.test.ts', ...outage, ...pgOnly],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          ...shareModules,
        },
      },
      ...(postgres
        ? [
            {
              resolve: { alias },
              test: {
                name: 'api-pg',
                environment: 'node',
                include: ['server/src/**/*.test.ts'],
                exclude: ['server/src/**/*.unit.test.ts', ...outage, ...pgOnly, ...sqliteOnly],
                setupFiles: [pgSetup],
                testTimeout: 30_000,
                hookTimeout: 60_000,
                ...shareModules,
              },
            },
            {
              resolve: { alias },
              test: {
                name: 'pg',
                environment: 'node',
                include: pgOnly,
                testTimeout: 60_000,
                hookTimeout: 60_000,
                // Beside e2e-pg, whose browser leaves the second core free.
                sequence: { groupOrder: 1 },
              },
            },
            {
              resolve: { alias },
              test: {
                name: 'e2e-pg',
                environment: 'node',
                include: e2eOnPostgres,
                exclude: sqliteOnly,
                setupFiles: [pgSetup],
                testTimeout: 60_000,
                hookTimeout: 120_000,
                fileParallelism: false,
                ...shareModules,
                // After the other suites (two browsers at once on 2 cores make timing tests flaky).
                sequence: { groupOrder: 1 },
              },
            },
            {
              resolve: { alias },
              test: {
                name: 'pg-outage',
                environment: 'node',
                include: outage,
                testTimeout: 120_000,
                hookTimeout: 120_000,
                fileParallelism: false,
                sequence: { groupOrder: 2 },
              },
            },
          ]
        : []),
      {
        resolve: { alias },
        test: {
          name: 'e2e',
          environment: 'node',
          include: ['e2e/**/*.test.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          fileParallelism: false,
          ...shareModules,
        },
      },
    ],
  },
});
