// `npm run bench -- --web [--duration S=10] [--rounds N=3] [--mixed-duration S=60] [--json]`:
// the public site against nginx and under mixed load, with default settings (LOG_LEVEL=info).
//  1. Cold start: the compiled server is started on an existing database; time to the first answer.
//  2. Throughput ratio: nginx (Debian's nginx-light) serves the identical response bytes as static
//     files from a temporary config on a random port; wrk -t2 -c64 loads the server and nginx in
//     alternating rounds (both share the machine's cores), for GET /News?count=15 and an article page.
//  3. Mixed public traffic at 200 connections (pages, /News, an article, a 404, a bad query) with the
//     server's resident memory sampled; wrk's timeouts and socket errors are reported.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { freePort } from '../server/src/test-support/free-port.ts';
import { buildBenchServer, readRss, sampleRss } from './bench-server.ts';

const ROOT = path.resolve(import.meta.dirname, '..');
const NGINX = process.env.NGINX_PATH || '/usr/sbin/nginx';
const WRK = process.env.WRK_PATH || 'wrk';

const { values: args } = parseArgs({
  options: {
    web: { type: 'boolean', default: true },
    duration: { type: 'string', default: '10' },
    rounds: { type: 'string', default: '3' },
    'mixed-duration': { type: 'string', default: '60' },
    json: { type: 'boolean', default: false },
  },
});
const log = (msg: string) => {
  if (!args.json) console.log(msg);
};

interface WrkResult {
  rps: number;
  timeouts: number;
  socketErrors: number;
  non2xx: number;
}

/** Runs wrk (asynchronously, so memory sampling goes on meanwhile) and reads its summary. */
async function wrk(url: string, opts: { connections: number; seconds: number; script?: string }): Promise<WrkResult> {
  const argv = ['-t2', `-c${opts.connections}`, `-d${opts.seconds}s`, '--timeout', '5s'];
  if (opts.script) argv.push('-s', opts.script);
  const child = spawn(WRK, [...argv, url], { stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  let err = '';
  child.stdout.on('data', (d) => (out += d));
  child.stderr.on('data', (d) => (err += d));
  const code = await new Promise<number | null>((resolve, reject) => {
    child.on('error', reject);
    child.on('exit', resolve);
  });
  if (code !== 0) throw new Error(`wrk failed (${code}): ${err}`);
  const rps = Number(/Requests\/sec:\s+([\d.]+)/.exec(out)?.[1] ?? NaN);
  const errors = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(out);
  const non2xx = Number(/Non-2xx or 3xx responses: (\d+)/.exec(out)?.[1] ?? 0);
  return {
    rps,
    timeouts: errors ? Number(errors[4]) : 0,
    socketErrors: errors ? Number(errors[1]) + Number(errors[2]) + Number(errors[3]) : 0,
    non2xx,
  };
}

function startNode(entry: string, port: number, dataDir: string): { child: ChildProcess; started: number } {
  const devNull = fs.openSync('/dev/null', 'w');
  const started = performance.now();
  // The flags `npm start` and the image use (scripts/start.mjs).
  const child = spawn(
    process.execPath,
    ['--enable-source-maps', '--max-semi-space-size=4', '--max-old-space-size=256', entry],
    {
      cwd: ROOT,
      env: {
        ...process.env,
        NODE_ENV: 'production',
        // As `npm start` and the image set it (scripts/start.mjs, Dockerfile).
        MALLOC_ARENA_MAX: process.env.MALLOC_ARENA_MAX ?? '2',
        PORT: String(port),
        HOST: '127.0.0.1',
        PUBLIC_URL: `http://127.0.0.1:${port}`,
        DATA_DIR: dataDir,
        DATABASE_URL: '',
        SEED_DEMO: 'true',
        LOG_LEVEL: 'info',
        ADMIN_USERNAME: 'bench.editor',
        ADMIN_PASSWORD: 'bench-only password, not a secret',
      },
      // The logs go where an operator's would (a file or the journal): written, not read back.
      stdio: ['ignore', devNull, 'inherit'],
    },
  );
  return { child, started };
}

async function firstAnswer(url: string, started: number, timeoutMs = 30_000): Promise<number> {
  for (;;) {
    try {
      const res = await fetch(url);
      await res.arrayBuffer();
      if (res.ok) return performance.now() - started;
    } catch {
      // not listening yet
    }
    if (performance.now() - started > timeoutMs) throw new Error(`${url} did not answer in ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

function stop(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

async function main() {
  if (!fs.existsSync(path.join(ROOT, 'dist/ssr/entry-server.js')))
    throw new Error('build the front end first: npx vite build --config web/vite.config.ts');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tabloid-bench-web-'));
  fs.chmodSync(dir, 0o755);
  const compiled = await buildBenchServer();
  let node: ChildProcess | undefined;
  let nginx: ChildProcess | undefined;
  try {
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    // First start: migrations and demo content. Second start: cold start on the existing database.
    let s = startNode(compiled.entry, port, dir);
    await firstAnswer(`${base}/News?count=15`, s.started);
    await stop(s.child);
    s = startNode(compiled.entry, port, dir);
    node = s.child;
    const coldStartMs = await firstAnswer(`${base}/`, s.started);
    log(`Cold start (existing database) to the first answered page: ${coldStartMs.toFixed(0)} ms`);

    // The identical bytes for nginx.
    const newsBody = Buffer.from(await (await fetch(`${base}/News?count=15`)).arrayBuffer());
    const list = JSON.parse(newsBody.toString()) as { allArticles: Array<{ slug: string }> };
    const articlePath = `/article/${list.allArticles[0]!.slug}`;
    const articleBody = Buffer.from(await (await fetch(`${base}${articlePath}`)).arrayBuffer());
    const www = path.join(dir, 'www');
    fs.mkdirSync(www, { mode: 0o755 });
    fs.writeFileSync(path.join(www, 'news.json'), newsBody, { mode: 0o644 });
    fs.writeFileSync(path.join(www, 'article.html'), articleBody, { mode: 0o644 });
    const nginxPort = await freePort();
    const conf = path.join(dir, 'nginx.conf');
    fs.writeFileSync(
      conf,
      `worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/nginx-error.log warn;
events { worker_connections 1024; }
http {
  access_log off;
  sendfile on;
  tcp_nopush on;
  keepalive_requests 1000000;
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  server {
    listen 127.0.0.1:${nginxPort};
    location = /News { default_type application/json; alias ${www}/news.json; }
    location = ${articlePath} { default_type text/html; alias ${www}/article.html; }
  }
}
`,
    );
    nginx = spawn(NGINX, ['-c', conf, '-p', dir, '-g', 'daemon off;'], { stdio: 'inherit' });
    await firstAnswer(`http://127.0.0.1:${nginxPort}/News`, performance.now());

    const seconds = Number(args.duration);
    const rounds = Number(args.rounds);
    const targets = [
      { name: 'GET /News?count=15', path: '/News?count=15', goal: 0.5 },
      { name: `GET ${articlePath} (HTML)`, path: articlePath, goal: 0.4 },
    ];
    const ratios: Array<{ name: string; node: number; nginx: number; ratio: number; goal: number }> = [];
    for (const t of targets) {
      let nodeSum = 0;
      let nginxSum = 0;
      for (let i = 0; i < rounds; i++) {
        nodeSum += (await wrk(`${base}${t.path}`, { connections: 64, seconds })).rps;
        nginxSum += (await wrk(`http://127.0.0.1:${nginxPort}${t.path}`, { connections: 64, seconds })).rps;
      }
      const ratio = nodeSum / nginxSum;
      ratios.push({ name: t.name, node: nodeSum / rounds, nginx: nginxSum / rounds, ratio, goal: t.goal });
      log(
        `${t.name}: server ${(nodeSum / rounds).toFixed(0)} req/s, nginx ${(nginxSum / rounds).toFixed(0)} req/s, ratio ${ratio.toFixed(2)}x (goal >= ${t.goal}x)`,
      );
    }
    await stop(nginx);
    nginx = undefined;

    // Mixed traffic: each connection cycles through the public paths.
    const paths = ['/', '/politics', '/News?count=15', articlePath, '/no-such-page', '/News?count=abc', '/uk'];
    const lua = path.join(dir, 'mixed.lua');
    fs.writeFileSync(
      lua,
      `local paths = {${paths.map((p) => JSON.stringify(p)).join(', ')}}
local i = 0
request = function()
  i = i % #paths + 1
  return wrk.format("GET", paths[i], { ["Accept-Encoding"] = "br, gzip" })
end
`,
    );
    const pid = node.pid!;
    const rssBefore = readRss(pid)?.rss ?? NaN;
    const sampler = sampleRss(pid, 200);
    const mixed = await wrk(base, { connections: 200, seconds: Number(args['mixed-duration']), script: lua });
    const { peakSampled } = sampler.stop();
    const peak = Math.max(peakSampled, readRss(pid)?.peak ?? 0);
    log(
      `Mixed public traffic, 200 connections, ${args['mixed-duration']} s: ${mixed.rps.toFixed(0)} req/s, ` +
        `${mixed.timeouts} timeouts, ${mixed.socketErrors} socket errors, RSS ${(rssBefore / 1048576).toFixed(0)} MB before, ` +
        `${(peak / 1048576).toFixed(0)} MB peak (goal < 150 MB)`,
    );
    if (args.json)
      console.log(
        JSON.stringify(
          { date: new Date().toISOString(), coldStartMs, ratios, mixed: { ...mixed, rssBefore, rssPeak: peak } },
          null,
          2,
        ),
      );
  } finally {
    if (nginx) await stop(nginx);
    if (node) await stop(node);
    compiled.remove();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

await main();
