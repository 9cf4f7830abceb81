// `npm start`: builds the front end and compiles the server (`npm run build`), then runs the
// compiled server (API + pages) in one process: plain `node`, no TypeScript loader.
import { spawn, spawnSync } from 'node:child_process';

const npm = process.env.npm_execpath;
const build = npm
  ? spawnSync(process.execPath, [npm, 'run', 'build', '--silent'], { stdio: 'inherit' })
  : spawnSync('npm', ['run', 'build', '--silent'], { stdio: 'inherit', shell: process.platform === 'win32' });
if (build.status !== 0) process.exit(build.status ?? 1);

const server = spawn(process.execPath, ['--enable-source-maps', 'dist/server/server.js'], {
  stdio: 'inherit',
  env: { NODE_ENV: 'production', ...process.env },
});
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => server.kill(sig));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 0 : 1)));
