// `npm test`: the whole suite. Makes sure Debian's chromium is there for the browser tests,
// builds the front end the end-to-end tests load (dist/web), then runs every vitest project.
// Extra arguments go to vitest: `npm test -- --project unit`, `npm test -- e2e/public-home.test.ts`.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { ensureChromium } from './ensure-chromium.mjs';

ensureChromium();

/** Runs node with the args; returns a process exit code (signals and spawn errors count as failures). */
function run(args) {
  const r = spawnSync(process.execPath, args, { stdio: 'inherit', env: { ...process.env, NODE_ENV: 'test' } });
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

let status = run(['node_modules/vite/bin/vite.js', 'build', '--config', 'web/vite.config.ts', '--logLevel', 'warn']);
if (status !== 0) console.error('npm test: the front-end build failed; the tests were not run.');
else {
  const summary = 'test-results/vitest-summary.json';
  rmSync(summary, { force: true });
  status = run([
    'node_modules/vitest/vitest.mjs',
    'run',
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${summary}`,
    ...process.argv.slice(2),
  ]);
  // A plain closing line that any CI reads: 'N passed, N failed'.
  if (existsSync(summary)) {
    try {
      const r = JSON.parse(readFileSync(summary, 'utf8'));
      const skipped = (r.numPendingTests ?? 0) + (r.numTodoTests ?? 0);
      console.log(`${r.numPassedTests} passed, ${r.numFailedTests} failed${skipped ? `, ${skipped} skipped` : ''}`);
    } catch {
      // the summary is a convenience; vitest's own output and exit code stand
    }
  }
}
process.exit(status);
