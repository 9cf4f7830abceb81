// `npm start`: builds the front end and compiles the server (`npm run build`), then runs the
// compiled server (API + pages) in one process: plain `node`, no TypeScript loader.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import { PRODUCTION_MALLOC_CONF, PRODUCTION_NODE_FLAGS } from './production-node.mjs';

const npm = process.env.npm_execpath;
const build = npm
  ? spawnSync(process.execPath, [npm, 'run', 'build', '--silent'], { stdio: 'inherit' })
  : spawnSync('npm', ['run', 'build', '--silent'], { stdio: 'inherit', shell: process.platform === 'win32' });
if (build.status !== 0) process.exit(build.status ?? 1);

// A 4 MB young generation (semi-space) instead of V8's 16 MB, and a 256 MB old generation (seven
// times the live heap): V8 then grows the heap by ~1.3x after a collection instead of up to 4x, so
// the resident memory stays under target under load (docs/decisions/028-shared-cache.md). The same flags are in
// the Dockerfile's CMD and in scripts/bench-web.ts.
// jemalloc instead of glibc's malloc when the system has it (Debian/Ubuntu: libjemalloc2), unless
// LD_PRELOAD is set already: glibc keeps much of the memory sharp's threads free after an image
// upload, jemalloc hands it back within seconds (docs/performance.md, the newsroom's writes).
const arch = { x64: 'x86_64', arm64: 'aarch64' }[os.arch()];
const jemalloc = arch && `/usr/lib/${arch}-linux-gnu/libjemalloc.so.2`;
const preload =
  process.platform === 'linux' && !process.env.LD_PRELOAD && jemalloc && fs.existsSync(jemalloc)
    ? { LD_PRELOAD: jemalloc, MALLOC_CONF: PRODUCTION_MALLOC_CONF }
    : {};

const server = spawn(process.execPath, [...PRODUCTION_NODE_FLAGS, 'dist/server/server.js'], {
  stdio: 'inherit',
  // MALLOC_ARENA_MAX=2 (without jemalloc): glibc would keep memory freed by sharp's threads in
  // per-thread arenas, so the server would not come back near its resting size after uploads.
  env: { NODE_ENV: 'production', MALLOC_ARENA_MAX: '2', ...preload, ...process.env },
});
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => server.kill(sig));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 0 : 1)));
