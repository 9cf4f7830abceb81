// The closing line of `npm test` counts what vitest's own JSON report would miss: a file whose beforeAll throws,
// a file that cannot be imported, a failing afterAll and an error thrown outside any test.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// @ts-expect-error plain JavaScript module without types
import { closingLine, failedFileLines } from './test-summary-reporter.mjs';

const root = path.resolve(import.meta.dirname, '..');
const fixtures: Record<string, string> = {
  'passes.test.ts': `import { expect, test } from 'vitest';\ntest('one', () => expect(1 + 1).toBe(2));\n`,
  'fails.test.ts': `import { expect, test } from 'vitest';\ntest('two', () => expect(1 + 1).toBe(3));\n`,
  'before-all.test.ts':
    `import { beforeAll, expect, test } from 'vitest';\nbeforeAll(() => { throw new Error('no browser'); });\n` +
    `test('never runs', () => expect(true).toBe(true));\n`,
  'after-all.test.ts':
    `import { afterAll, expect, test } from 'vitest';\nafterAll(() => { throw new Error('leak'); });\n` +
    `test('runs', () => expect(true).toBe(true));\n`,
  'import-error.test.ts': `import './does-not-exist';\nimport { test } from 'vitest';\ntest('never', () => {});\n`,
  'unhandled.test.ts':
    `import { expect, test } from 'vitest';\n` +
    `test('throws later', async () => {\n  setTimeout(() => { throw new Error('stray'); }, 0);\n` +
    `  await new Promise((resolve) => setTimeout(resolve, 50));\n  expect(true).toBe(true);\n});\n`,
};

type Summary = {
  reason: string;
  tests: { passed: number; failed: number; skipped: number };
  failedFiles: { file: string; errors: string[]; failedTests: number }[];
  unhandledErrors: string[];
};

describe('the closing line of npm test', () => {
  let dir: string;
  let summary: Summary;
  let exitCode: number | null;

  beforeAll(() => {
    mkdirSync(path.join(root, 'test-results'), { recursive: true });
    dir = mkdtempSync(path.join(root, 'test-results', 'summary-'));
    for (const [name, text] of Object.entries(fixtures)) writeFileSync(path.join(dir, name), text);
    writeFileSync(path.join(dir, 'vitest.config.mjs'), 'export default { test: { include: ["*.test.ts"] } };\n');
    const reporter = path.join(root, 'scripts/test-summary-reporter.mjs');
    const r = spawnSync(
      process.execPath,
      [path.join(root, 'node_modules/vitest/vitest.mjs'), 'run', '--root', dir, `--reporter=${reporter}`],
      { cwd: dir, encoding: 'utf8', env: { ...process.env, NODE_ENV: 'test' } },
    );
    exitCode = r.status;
    summary = JSON.parse(readFileSync(path.join(dir, 'test-results/vitest-summary.json'), 'utf8')) as Summary;
  }, 60_000);

  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('counts a failed test, each file that failed outside its tests and the unhandled error', () => {
    expect(exitCode).toBe(1);
    expect(summary.tests).toEqual({ passed: 3, failed: 1, skipped: 1 });
    expect(summary.failedFiles.map((f) => f.file).sort()).toEqual([
      'after-all.test.ts',
      'before-all.test.ts',
      'fails.test.ts',
      'import-error.test.ts',
    ]);
    expect(summary.unhandledErrors).toEqual(['stray']);
    // 1 failed test + 3 files (beforeAll, afterAll, import) + 1 unhandled error.
    expect(closingLine(summary)).toBe(
      '3 passed, 5 failed, 1 skipped (1 test, 3 files with an error outside its tests, 1 unhandled error)',
    );
    expect((failedFileLines(summary) as string[]).join('\n')).toMatch(/before-all\.test\.ts: no browser/);
  });

  it('closes on 0 failed only when nothing failed', () => {
    const clean: Summary = {
      reason: 'passed',
      tests: { passed: 4, failed: 0, skipped: 0 },
      failedFiles: [],
      unhandledErrors: [],
    };
    expect(closingLine(clean)).toBe('4 passed, 0 failed');
  });
});
