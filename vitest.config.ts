import { statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';
import { defineConfig } from 'vitest/config';

const root = import.meta.dirname;
const alias = { '@': path.join(root, 'web/src'), '@common': path.join(root, 'common') };

// With TEST_DATABASE_URL (an admin connection to a PostgreSQL server), the API and e2e suites run a
// second time on PostgreSQL: every openDatabase() of a test gets a fresh database (postgres-setup.ts).
const postgres = Boolean(process.env.TEST_DATABASE_URL?.trim());
const pgSetup = path.join(root, 'server/src/test-support/postgres-setup.ts');
// ...copies of one migrated template database, made once per project and run (postgres-template.ts).
const pgTemplate = path.join(root, 'server/src/test-support/postgres-template.ts');
// Tests about the embedded file itself, or that hand their DATA_DIR to a child process.
// (share-kill.test.ts starts its own PostgreSQL database for its child processes.)
const sqliteOnly = [
  'scripts/**/*.test.ts',
  'e2e/harness.test.ts',
  'server/src/server-process.test.ts',
  'server/src/sharing/share-kill.test.ts',
];
// Stops and restarts the machine's PostgreSQL server: runs alone, after everything else.
const outage = ['server/src/**/*.outage.test.ts'];
// The newsroom's browser journeys (writing, publishing, sharing, connecting accounts) also run on
// PostgreSQL (project `e2e-pg`). The reading pages, search and sign-in get their data through the
// HTTP API and pages that the api-pg suite drives on PostgreSQL (server rendering, search, the full
// code + PKCE sign-in), so their browser tests run once.
const e2eOnPostgres = [
  'e2e/admin-articles.test.ts',
  'e2e/admin-body-editor.test.ts',
  'e2e/admin-bulk-actions.test.ts',
  'e2e/admin-calendar.test.ts',
  'e2e/admin-editor.test.ts',
  'e2e/admin-journeys.test.ts',
  'e2e/admin-live.test.ts',
  'e2e/admin-notes.test.ts',
  'e2e/admin-pin.test.ts',
  'e2e/admin-preview-link.test.ts',
  'e2e/admin-purge.test.ts',
  'e2e/admin-quick-search.test.ts',
  'e2e/admin-ready-to-publish.test.ts',
  'e2e/article-shares.test.ts',
  'e2e/bylines-tags.test.ts',
  // read counts: the beacons' counts written by the reads flusher (an upsert that adds), read back by both lists
  'e2e/most-read.test.ts',
  // live updates: the newsroom's writes reach readers through the event log (PostgreSQL NOTIFY there)
  'e2e/public-live.test.ts',
  'e2e/social-admin.test.ts',
];
// Tests that only make sense on PostgreSQL (several instances, migrate-data): project `pg`.
const pgOnly = ['server/src/**/*.pg.test.ts', 'scripts/**/*.pg.test.ts'];

/**
 * The API suites import the whole server (Fastify, oidc-provider, Kysely, sharp...): 3 to 10 s per file on
 * this 2-core machine with a fresh module graph per file. They share the worker's modules between files
 * (`isolate: false`): a file's tests make their own app, database and fakes and close them, so what stays
 * is the imported code. Module state that outlives a file is kept where every file reaches the same
 * (test-support/postgres-setup.ts keeps its databases on globalThis: a module imported by an earlier file
 * holds the mock made then). The unit files share theirs too (a new worker per file cost 14 s of a 34 s unit
 * run): a unit test replaces a module's export with `vi.spyOn` (web/src/testing/record-toasts.ts), never with
 * `vi.mock`, which cannot reach a module an earlier file of the worker already imported. The browser suites
 * keep a module graph per file: their time is the browser's (sharing their modules too was measured in two
 * whole runs, 11 min 06 s against 11 min 10 s: no gain).
 */
const shareModules = { isolate: false } as const;
const ownModules = { isolate: true } as const;

/** The projects that drive a real browser. */
const browserProjects = new Set(['e2e', 'e2e-pg']);
/** The order of the other projects in their lane: the API files (the longest) first, the unit files (under a second) last. */
const restOrder = ['api', 'api-pg', 'pg', 'unit'];

/**
 * Both cores work all the time: every project but the outage runs in one group of `maxWorkers` workers (one per
 * core), and this order keeps one browser file beside the server files rather than two browsers at once. The
 * browser files (the longest) form one lane and everything else another; the queue takes the next file from
 * whichever lane has less estimated work queued, so a worker that finishes a server file takes another one while
 * the browser file on the other core goes on. Estimates are rough (a browser file weighs about four server files,
 * a larger file more than a smaller one) and the same on every machine, so a run does not depend on an earlier
 * run's cache; a worker that runs ahead only shifts which core runs the next browser file.
 *
 * The browser lane is longest first. The other lane keeps each project's files together (api, api-pg, pg, then
 * the short unit files, each longest first): vitest hands a worker's shared module graph (`isolate: false`) to
 * the next file only when that file is next in the queue and of the same project, so a lane that changed project
 * from file to file started a new worker and imported the whole server again for most API files.
 */
class LaneSequencer extends BaseSequencer {
  override async sort(specs: TestSpecification[]): Promise<TestSpecification[]> {
    const estimate = new Map<TestSpecification, number>();
    for (const spec of specs) {
      const size = statSync(spec.moduleId, { throwIfNoEntry: false })?.size ?? 0;
      const name = spec.project.name;
      estimate.set(spec, browserProjects.has(name) ? 20 + size / 1000 : name === 'unit' ? 1 : 5 + size / 4000);
    }
    const longestFirst = (a: TestSpecification, b: TestSpecification) =>
      estimate.get(b)! - estimate.get(a)! || a.moduleId.localeCompare(b.moduleId);
    const sorted: TestSpecification[] = [];
    // The groups (sequence.groupOrder) keep their order; vitest splits them again after sorting.
    const orders = [...new Set(specs.map((s) => s.project.config.sequence.groupOrder))].sort((a, b) => a - b);
    for (const order of orders) {
      const group = specs.filter((s) => s.project.config.sequence.groupOrder === order);
      const browser = group.filter((s) => browserProjects.has(s.project.name)).sort(longestFirst);
      const rank = (name: string) => (restOrder.includes(name) ? restOrder.indexOf(name) : restOrder.length);
      const projects = [...new Set(group.map((s) => s.project.name))].sort((a, b) => rank(a) - rank(b));
      const rest = projects
        .filter((name) => !browserProjects.has(name))
        .flatMap((name) => group.filter((s) => s.project.name === name).sort(longestFirst));
      let browserWork = 0;
      let restWork = 0;
      while (browser.length || rest.length) {
        const takeBrowser = browser.length > 0 && (rest.length === 0 || browserWork <= restWork);
        const spec = (takeBrowser ? browser : rest).shift()!;
        if (takeBrowser) browserWork += estimate.get(spec)!;
        else restWork += estimate.get(spec)!;
        sorted.push(spec);
      }
    }
    return sorted;
  }
}

/**
 * One runner, three projects:
 *  - unit:   pure logic of common/, web/ and server/ (fast, no I/O)
 *  - api:    the server through HTTP (inject or a real port), on a throwaway database
 *  - e2e:    real headless Chromium (Debian's chromium via playwright-core) against the built site
 */
/**
 * The browser tests' expect.poll waits for what it means (a request made, a text shown) for up to
 * 15 s instead of vitest's 1 s: on a loaded 2-core machine a page's next request can take longer than
 * a second, and a poll answers as soon as its condition holds, so a fast run is not slowed.
 */
const browserPolls = { poll: { timeout: 15_000 } };

/**
 * A bound on a browser journey that hangs, not a wait (each step waits for what the editor or reader sees):
 * the longest journeys take 30 s on an idle 2-core machine and past 50 s with a CPU-bound process beside them.
 */
const browserJourney = { testTimeout: 120_000, hookTimeout: 120_000 };

/**
 * The built server renderer (`ssr/entry-server.js` and its chunks beside a WEB_DIST_DIR) is imported by
 * Node itself, as in production, not through vitest's module transform: transformed, its megabytes took
 * 15 s to import on a loaded 2-core machine (0.8 s native), past Fastify's 10 s limit for a plugin to
 * start (the pages and preview plugins load it).
 */
const nativeSsrBundle = { server: { deps: { external: [/\/ssr\/(entry-server|assets\/[^/]+)\.js$/] } } };

export default defineConfig({
  resolve: { alias },
  test: {
    // One worker per core (vitest's default leaves one core to itself: on two cores, a single worker).
    maxWorkers: Math.max(1, os.availableParallelism()),
    sequence: { sequencer: LaneSequencer },
    projects: [
      {
        resolve: { alias },
        test: {
          name: 'unit',
          environment: 'node',
          include: ['common/**/*.test.ts', 'web/src/**/*.test.{ts,tsx}', 'server/src/**/*.unit.test.ts'],
          // A bound on a test that hangs, not a wait: a component test that renders a screen of 600 rows
          // took past vitest's default 5 s on a loaded 2-core machine (its waits are for what it shows).
          testTimeout: 30_000,
          ...shareModules,
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'api',
          ...nativeSsrBundle,
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
                ...nativeSsrBundle,
                environment: 'node',
                include: ['server/src/**/*.test.ts'],
                exclude: ['server/src/**/*.unit.test.ts', ...outage, ...pgOnly, ...sqliteOnly],
                globalSetup: [pgTemplate],
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
              },
            },
            {
              resolve: { alias },
              test: {
                name: 'e2e-pg',
                ...nativeSsrBundle,
                environment: 'node',
                include: e2eOnPostgres,
                exclude: sqliteOnly,
                globalSetup: [pgTemplate],
                setupFiles: [pgSetup],
                ...browserJourney,
                expect: browserPolls,
                ...ownModules,
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
                sequence: { groupOrder: 1 },
              },
            },
          ]
        : []),
      {
        resolve: { alias },
        test: {
          name: 'e2e',
          ...nativeSsrBundle,
          environment: 'node',
          include: ['e2e/**/*.test.ts'],
          ...browserJourney,
          expect: browserPolls,
          ...ownModules,
        },
      },
    ],
  },
});
