// Vitest reporter behind the closing line of `npm test`: it writes what scripts/test.mjs counts to a JSON file.
// Vitest's own JSON report leaves out errors thrown outside any test (unhandled errors), so this reporter reads
// the run through vitest's reporter API instead: every test's state, every file's own errors (a beforeAll or
// afterAll that throws, an import that fails) and the unhandled errors of the run.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export default class TestSummaryReporter {
  constructor(options = {}) {
    this.outputFile = options.outputFile ?? 'test-results/vitest-summary.json';
  }

  onInit(vitest) {
    this.root = vitest.config.root;
  }

  onTestRunEnd(testModules, unhandledErrors, reason) {
    const tests = { passed: 0, failed: 0, skipped: 0 };
    const failedFiles = [];
    for (const testModule of testModules) {
      for (const test of testModule.children.allTests()) {
        const state = test.result().state;
        if (state === 'passed') tests.passed += 1;
        else if (state === 'failed') tests.failed += 1;
        else tests.skipped += 1;
      }
      // Errors that belong to the file rather than to one test: a hook outside the tests or the import failed.
      const errors = testModule.errors();
      if (errors.length > 0 || testModule.state() === 'failed') {
        const failedTests = [...testModule.children.allTests('failed')].length;
        failedFiles.push({
          file: path.relative(this.root ?? process.cwd(), testModule.moduleId),
          project: testModule.project.name,
          errors: errors.map((e) => e.message ?? String(e)),
          failedTests,
        });
      }
    }
    const summary = {
      reason,
      tests,
      failedFiles,
      unhandledErrors: unhandledErrors.map((e) => e.message ?? String(e)),
    };
    const file = path.resolve(this.root ?? process.cwd(), this.outputFile);
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, JSON.stringify(summary, null, 2));
  }
}

/**
 * The closing line of `npm test`, 'N passed, N failed', from the summary above. A failure is a failed test, a
 * file with an error of its own (its tests may never have run) or an unhandled error, so a run that lost a file
 * or threw outside a test never closes on '0 failed'.
 */
export function closingLine(summary) {
  const fileErrors = summary.failedFiles.filter((f) => f.errors.length > 0 || f.failedTests === 0).length;
  const failed = summary.tests.failed + fileErrors + summary.unhandledErrors.length;
  const parts = [`${summary.tests.passed} passed`, `${failed} failed`];
  if (summary.tests.skipped) parts.push(`${summary.tests.skipped} skipped`);
  const details = [];
  if (summary.tests.failed) details.push(`${summary.tests.failed} test${summary.tests.failed === 1 ? '' : 's'}`);
  if (fileErrors) details.push(`${fileErrors} file${fileErrors === 1 ? '' : 's'} with an error outside its tests`);
  if (summary.unhandledErrors.length) {
    details.push(`${summary.unhandledErrors.length} unhandled error${summary.unhandledErrors.length === 1 ? '' : 's'}`);
  }
  return parts.join(', ') + (failed ? ` (${details.join(', ')})` : '');
}

/** One line per file that failed outside its tests, for the end of the output where CI logs are read. */
export function failedFileLines(summary) {
  return summary.failedFiles
    .filter((f) => f.errors.length > 0 || f.failedTests === 0)
    .map((f) => `  failed file: [${f.project}] ${f.file}: ${f.errors[0] ?? 'failed'}`);
}
