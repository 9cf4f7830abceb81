import path from 'node:path';
import { defineConfig } from 'vitest/config';

const root = import.meta.dirname;
const alias = { '@': path.join(root, 'web/src'), '@common': path.join(root, 'common') };

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
        test: { name: 'unit', environment: 'node', include: ['common/**/*.test.ts', 'web/src/**/*.test.{ts,tsx}', 'server/src/**/*.unit.test.ts'] },
      },
      {
        resolve: { alias },
        test: {
          name: 'api',
          environment: 'node',
          include: ['server/src/**/*.test.ts', 'scripts/**/*.test.ts'],
          exclude: ['server/src/**/*.unit.test.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'e2e',
          environment: 'node',
          include: ['e2e/**/*.test.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
