// `npm test`: the whole suite. Makes sure Debian's chromium is there for the browser tests,
// builds the front end the end-to-end tests load, then runs every vitest project.
import { spawnSync } from 'node:child_process';
import { ensureChromium } from './ensure-chromium.mjs';

ensureChromium();
const run = (args) => spawnSync(process.execPath, args, { stdio: 'inherit', env: { ...process.env, NODE_ENV: 'test' } }).status ?? 1;
let status = run(['node_modules/vite/bin/vite.js', 'build', '--config', 'web/vite.config.ts', '--logLevel', 'warn']);
if (status === 0) status = run(['node_modules/vitest/vitest.mjs', 'run', ...process.argv.slice(2)]);
process.exit(status);
