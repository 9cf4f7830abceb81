// `npm run bench -- --web [--duration S=10] [--rounds N=3] [--mixed-duration S=60] [--json]`:
// the public site as readers get it, with production settings (NODE_ENV=production, LOG_LEVEL=info,
// telemetry on to the local fake collector, TRUST_PROXY set), behind the shipped nginx configuration.
//  1. Cold start: the compiled server is started on an existing database; time to the first answer.
//  2. Through the cache: deploy/nginx.conf (templated to this instance and a temporary cache) in front
//     of the server, against nginx serving the identical bytes as static files; wrk -t2 -c64 loads
//     each in alternating rounds (they share the machine's cores), for the home page, an article and
//     GET /News?count=15 (target >= 0.9x).
//  3. Mixed public traffic through the cache at 200 connections (pages, /News, an article, a 404, a
//     bad query) with the server's resident memory sampled; wrk's timeouts and socket errors.
//  4. The server alone, beside a bare node:http server sending the same bytes with the same headers
//     (the runtime's ceiling; no target), and the server's resident memory after it.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import http from 'node:http';
import { freePort } from '../server/src/test-support/free-port.ts';
import { nginxMainConf, startNginxFront } from '../server/src/test-support/nginx-front.ts';
import { selfSignedCertificate } from '../server/src/test-support/self-signed-certificate.ts';
import { startAppInsightsCollector } from '../server/src/fakes/appinsights-collector.ts';
import { allocatorEnv, buildBenchServer, readRss, sampleRss } from './bench-server.ts';
// @ts-expect-error: a plain .mjs module without type declarations
import { PRODUCTION_NODE_FLAGS } from './production-node.mjs';
import { wrk } from './wrk.ts';

const ROOT = path.resolve(import.meta.dirname, '..');
const NGINX = process.env.NGINX_PATH || '/usr/sbin/nginx';

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

function startNode(
  entry: string,
  port: number,
  dataDir: string,
  telemetry: { connectionString: string; certFile: string },
): { child: ChildProcess; started: number } {
  const devNull = fs.openSync('/dev/null', 'w');
  const started = performance.now();
  // The flags `npm start` and the image use (scripts/start.mjs).
  const child = spawn(process.execPath, [...(PRODUCTION_NODE_FLAGS as string[]), entry], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      // The allocator as `npm start` and the image set it (scripts/start.mjs, Dockerfile).
      ...allocatorEnv(),
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      SEED_DEMO: 'true',
      LOG_LEVEL: 'info',
      // Production has telemetry on and a proxy in front: so does the bench.
      APPLICATIONINSIGHTS_CONNECTION_STRING: telemetry.connectionString,
      NODE_EXTRA_CA_CERTS: telemetry.certFile,
      TRUST_PROXY: '127.0.0.1',
      ADMIN_USERNAME: 'bench.editor',
      ADMIN_PASSWORD: 'bench-only password, not a secret',
    },
    // The logs go where an operator's would (a file or the journal): written, not read back.
    stdio: ['ignore', devNull, 'inherit'],
  });
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

/** Alternating wrk rounds against two URLs; requests/s of each and their ratio. */
async function compare(name: string, a: string, b: string, rounds: number, seconds: number) {
  let aSum = 0;
  let bSum = 0;
  // A side that answered with errors measured its error path, not the page: the run stops.
  const run = async (url: string) => {
    const r = await wrk(url, { connections: 64, seconds });
    if (r.non2xx || r.timeouts || r.socketErrors)
      throw new Error(
        `${name}: ${url} answered ${r.non2xx} non-2xx, ${r.timeouts} timeouts, ${r.socketErrors} socket errors`,
      );
    return r.rps;
  };
  const each: string[] = [];
  for (let i = 0; i < rounds; i++) {
    const ra = await run(a);
    const rb = await run(b);
    aSum += ra;
    bSum += rb;
    each.push((ra / rb).toFixed(2));
  }
  // Each round's ratio as well: a wide spread says the machine was noisy during the comparison.
  log(`    ${name}, each round: ${each.join(', ')}`);
  return { name, a: aSum / rounds, b: bSum / rounds, ratio: aSum / bSum };
}

/** A bare node:http server answering each path with the bytes and headers given (no framework). */
async function bareNode(answers: Map<string, { headers: Array<[string, string]>; body: Buffer }>) {
  const server = http.createServer((req, res) => {
    const answer = answers.get(req.url ?? '');
    if (!answer) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, answer.headers.flat());
    res.end(answer.body);
  });
  server.keepAliveTimeout = 65_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return { baseUrl: `http://127.0.0.1:${port}`, close: () => new Promise<void>((r) => server.close(() => r())) };
}

async function main() {
  if (!fs.existsSync(path.join(ROOT, 'dist/ssr/entry-server.js')))
    throw new Error('build the front end first: npx vite build --config web/vite.config.ts');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tabloid-bench-web-'));
  fs.chmodSync(dir, 0o755);
  const compiled = await buildBenchServer();
  const tls = await selfSignedCertificate(dir);
  const collector = await startAppInsightsCollector({ tls });
  const telemetry = { connectionString: collector.connectionString, certFile: tls.certFile };
  let node: ChildProcess | undefined;
  let nginx: ChildProcess | undefined;
  let front: Awaited<ReturnType<typeof startNginxFront>> | undefined;
  let bare: Awaited<ReturnType<typeof bareNode>> | undefined;
  try {
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    // First start: migrations and demo content. Second start: cold start on the existing database.
    let s = startNode(compiled.entry, port, dir, telemetry);
    await firstAnswer(`${base}/News?count=15`, s.started);
    await stop(s.child);
    s = startNode(compiled.entry, port, dir, telemetry);
    node = s.child;
    const coldStartMs = await firstAnswer(`${base}/`, s.started);
    log(`Cold start (existing database) to the first answered page: ${coldStartMs.toFixed(0)} ms`);
    log(
      `Load average at the start: ${os
        .loadavg()
        .map((l) => l.toFixed(1))
        .join(', ')} (${os.cpus().length} cores)`,
    );

    // The identical bytes (and, for the bare server, headers) of the three answers.
    const list = (await (await fetch(`${base}/News?count=15`)).json()) as { allArticles: Array<{ slug: string }> };
    const articlePath = `/article/${list.allArticles[0]!.slug}`;
    const targets = [
      { name: 'home (HTML)', path: '/', file: 'home.html', type: 'text/html' },
      { name: `article (HTML)`, path: articlePath, file: 'article.html', type: 'text/html' },
      { name: 'GET /News?count=15', path: '/News?count=15', file: 'news.json', type: 'application/json' },
    ];
    const www = path.join(dir, 'www');
    fs.mkdirSync(www, { mode: 0o755 });
    const answers = new Map<string, { headers: Array<[string, string]>; body: Buffer }>();
    for (const t of targets) {
      const res = await fetch(`${base}${t.path}`, { headers: { 'accept-encoding': 'identity' } });
      const body = Buffer.from(await res.arrayBuffer());
      fs.writeFileSync(path.join(www, t.file), body, { mode: 0o644 });
      const headers = [...res.headers].filter(([name]) => !['date', 'connection', 'keep-alive'].includes(name));
      answers.set(t.path, { headers, body });
    }
    const nginxPort = await freePort();
    const conf = path.join(dir, 'nginx.conf');
    fs.writeFileSync(
      conf,
      nginxMainConf(
        dir,
        `server {
    listen 127.0.0.1:${nginxPort};
${targets.map((t) => `    location = ${t.path === '/News?count=15' ? '/News' : t.path} { default_type ${t.type}; root ${www}; try_files /${t.file} =404; }`).join('\n')}
  }`,
      ),
    );
    nginx = spawn(NGINX, ['-c', conf, '-p', dir, '-g', 'daemon off;'], { stdio: 'inherit' });
    await firstAnswer(`http://127.0.0.1:${nginxPort}/News`, performance.now());
    const staticBase = `http://127.0.0.1:${nginxPort}`;
    // The shipped cache, one worker like the static nginx.
    front = await startNginxFront(`127.0.0.1:${port}`);

    const seconds = Number(args.duration);
    const rounds = Number(args.rounds);
    const cached: Array<{ name: string; cache: number; nginx: number; ratio: number }> = [];
    log(
      '\nThrough the shipped cache (deploy/nginx.conf) against nginx serving the same bytes as files (target >= 0.9x):',
    );
    for (const t of targets) {
      const r = await compare(t.name, `${front.baseUrl}${t.path}`, `${staticBase}${t.path}`, rounds, seconds);
      cached.push({ name: t.name, cache: r.a, nginx: r.b, ratio: r.ratio });
      log(
        `  ${t.name}: cache ${r.a.toFixed(0)} req/s, static nginx ${r.b.toFixed(0)} req/s, ratio ${r.ratio.toFixed(2)}x`,
      );
    }
    await stop(nginx);
    nginx = undefined;

    // Mixed traffic through the cache: each connection cycles through the public paths.
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
    const mixed = await wrk(front.baseUrl, { connections: 200, seconds: Number(args['mixed-duration']), script: lua });
    const { peakSampled, peakAnon } = sampler.stop();
    const peak = Math.max(peakSampled, readRss(pid)?.peak ?? 0);
    log(
      `\nMixed public traffic through the cache, 200 connections, ${args['mixed-duration']} s: ${mixed.rps.toFixed(0)} req/s, ` +
        `${mixed.timeouts} timeouts, ${mixed.socketErrors} socket errors, ${mixed.non2xx} non-2xx/3xx (the 404 and 400 are in the mix), ` +
        `server RSS ${(rssBefore / 1048576).toFixed(0)} MB before, ${(peak / 1048576).toFixed(0)} MB peak (goal <= 150 MB), ` +
        `of which its own memory (RssAnon) ${(peakAnon / 1048576).toFixed(0)} MB at the most`,
    );
    // The server hit directly (no cache), after the mixed run: this load grows V8's heap, which it
    // keeps for a while, so the memory of the server behind the cache is measured before it.
    bare = await bareNode(answers);
    const alone: Array<{ name: string; server: number; bareNode: number; ratio: number }> = [];
    log('\nThe server alone, beside a bare node:http server sending the same bytes and headers (no target):');
    for (const t of targets) {
      const r = await compare(t.name, `${base}${t.path}`, `${bare.baseUrl}${t.path}`, rounds, seconds);
      alone.push({ name: t.name, server: r.a, bareNode: r.b, ratio: r.ratio });
      log(
        `  ${t.name}: server ${r.a.toFixed(0)} req/s, bare node ${r.b.toFixed(0)} req/s, ratio ${r.ratio.toFixed(2)}x`,
      );
    }
    await bare.close();
    bare = undefined;
    const rssAlone = readRss(pid)?.rss ?? NaN;
    log(`  server RSS after this load: ${(rssAlone / 1048576).toFixed(0)} MB (no target)`);
    log(`Telemetry: ${collector.envelopes.length} envelopes received by the fake collector`);
    log(
      `Load average at the end: ${os
        .loadavg()
        .map((l) => l.toFixed(1))
        .join(', ')}`,
    );
    if (args.json)
      console.log(
        JSON.stringify(
          {
            date: new Date().toISOString(),
            loadavg: os.loadavg(),
            coldStartMs,
            cached,
            alone,
            mixed: { ...mixed, rssBefore, rssPeak: peak, rssAnonPeak: peakAnon },
            rssAfterAlone: rssAlone,
          },
          null,
          2,
        ),
      );
  } finally {
    if (nginx) await stop(nginx);
    await front?.stop();
    await bare?.close();
    if (node) await stop(node);
    await collector.close();
    compiled.remove();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

await main();
