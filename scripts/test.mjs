// `npm test`: the whole suite. Makes sure Debian's chromium is there for the browser tests,
// builds the front end the end-to-end tests load, then runs every vitest project. Two builds: the
// production build readers and editors get (dist/web, dist/ssr), which the journeys use, and React's
// development build (dist/dev/web, dist/dev/ssr) for the tests that check hydration: it reports every
// mismatch between the server's HTML and the first render, attributes included (the production build
// reports mismatched text only).
// Extra arguments go to vitest: `npm test -- --project unit`, `npm test -- e2e/public-home.test.ts`.
// It closes with 'N passed, N failed' (failed files and unhandled errors count as failures), a notice when the
// PostgreSQL suites did not run, and the total duration.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { ensureChromium } from './ensure-chromium.mjs';
import { DEVELOPMENT_WEB_DIST } from './front-end-builds.mjs';
import { closingLine, failedFileLines } from './test-summary-reporter.mjs';

const started = process.hrtime.bigint();
ensureChromium();

/** Runs node with the args; returns a process exit code (signals and spawn errors count as failures). */
function run(args, nodeEnv = 'test') {
  const r = spawnSync(process.execPath, args, { stdio: 'inherit', env: { ...process.env, NODE_ENV: nodeEnv } });
  if (r.error) {
    console.error(`npm test: could not run ${args[0]}: ${r.error.message}`);
    return 1;
  }
  if (r.signal) {
    console.error(`npm test: ${args[0]} was stopped by ${r.signal}`);
    return 1;
  }
  return r.status ?? 1;
}

function duration() {
  const seconds = Math.round(Number(process.hrtime.bigint() - started) / 1e9);
  return `${Math.floor(seconds / 60)}m ${String(seconds % 60).padStart(2, '0')}s`;
}

const viteBuild = ['node_modules/vite/bin/vite.js', 'build', '--config', 'web/vite.config.ts', '--logLevel', 'warn'];
let status = run(viteBuild, 'production');
if (status === 0) status = run([...viteBuild, '--outDir', path.resolve(DEVELOPMENT_WEB_DIST)]);
if (status !== 0) console.error('npm test: the front-end build failed; the tests were not run.');
else {
  const summaryFile = 'test-results/vitest-summary.json';
  rmSync(summaryFile, { force: true });
  status = run([
    'node_modules/vitest/vitest.mjs',
    'run',
    '--reporter=default',
    '--reporter=./scripts/test-summary-reporter.mjs',
    ...process.argv.slice(2),
  ]);
  // A plain closing line that any CI reads: 'N passed, N failed'.
  let summary;
  try {
    if (existsSync(summaryFile)) summary = JSON.parse(readFileSync(summaryFile, 'utf8'));
  } catch {
    summary = undefined;
  }
  if (!process.env.TEST_DATABASE_URL?.trim()) {
    console.log(
      'npm test: NOTICE: TEST_DATABASE_URL is not set, so the PostgreSQL suites (api-pg, pg, e2e-pg, pg-outage) were NOT run.',
    );
  }
  if (summary) {
    for (const line of failedFileLines(summary)) console.log(line);
    if (summary.reason === 'interrupted') console.log('npm test: the run was interrupted before it finished.');
    console.log(closingLine(summary));
  } else {
    console.log(`npm test: vitest wrote no summary (exit code ${status}); read its output above.`);
    if (status === 0) status = 1;
  }
}
console.log(`npm test: took ${duration()}`);
process.exit(status);
