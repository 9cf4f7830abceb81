// `npm start`: builds the front end and compiles the server (`npm run build`), then runs the
// compiled server (API + pages) in one process: plain `node`, no TypeScript loader.
import { spawn, spawnSync } from 'node:child_process';

const npm = process.env.npm_execpath;
const build = npm
  ? spawnSync(process.execPath, [npm, 'run', 'build', '--silent'], { stdio: 'inherit' })
  : spawnSync('npm', ['run', 'build', '--silent'], { stdio: 'inherit', shell: process.platform === 'win32' });
if (build.status !== 0) process.exit(build.status ?? 1);

// A 4 MB young generation (semi-space) instead of V8's 16 MB, and a 256 MB old generation (seven
// times the live heap): V8 then grows the heap by ~1.3x after a collection instead of up to 4x, so
// the resident memory stays under target under load (docs/decisions/030). The same flags are in
// the Dockerfile's CMD and in scripts/bench-web.ts.
const server = spawn(
  process.execPath,
  ['--enable-source-maps', '--max-semi-space-size=4', '--max-old-space-size=256', 'dist/server/server.js'],
  {
    stdio: 'inherit',
    // MALLOC_ARENA_MAX=2: glibc would keep memory freed by sharp's threads in per-thread arenas, so
    // the server would not come back to its resting size after image uploads.
    env: { NODE_ENV: 'production', MALLOC_ARENA_MAX: '2', ...process.env },
  },
);
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => server.kill(sig));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 0 : 1)));
