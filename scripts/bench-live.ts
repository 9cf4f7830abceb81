// `npm run bench:live`: the live event stream (GET /live/stream, common/live-stream-contract.ts) under
// 10,000 open streams, with production settings (the compiled server with the flags of `npm start`,
// NODE_ENV=production, LOG_LEVEL=info, telemetry on to the local fake collector, TRUST_PROXY set).
//
//   npm run bench:live -- [--streams 10000] [--workers 2] [--wrk-duration 15] [--wrk-connections 16]
//                         [--posts 3] [--pg-streams N (default --streams)] [--database-url ADMIN_URL]
//                         [--skip-pg] [--skip-sqlite] [--json]
//
// The streams come from scripts/bench-live-streams.ts: `--workers` processes holding raw sockets,
// opened gradually (500 per 100 ms), each with its own X-Forwarded-For address (production has the
// load balancer in front, and TRUST_PROXY believes it), every event's arrival recorded per stream.
//  1. One instance on SQLite (the default database) with the demo content. Public pages (the home
//     page and an article, straight at the instance, wrk --latency) without streams; then --streams
//     streams on a live article (`?article={id}`: the site's events and that article's entries);
//     the same pages again with the streams open (target: p99 within 2x of the run without); the
//     server's resident memory (VmRSS) at idle, with the streams open, and after the posts (target
//     <= 400 MB with 10,000 streams). Then --posts live entries (POST
//     /api/admin/articles/{id}/live/entries), one at a time: each stream's arrival of the entry's
//     `entry-added` event minus the moment the request was sent (target: p99 <= 1 s), and one story
//     published (`story-published`, the same measure).
//  2. Two instances on one PostgreSQL database (created for the run through --database-url, else
//     TEST_DATABASE_URL, else postgres://postgres@127.0.0.1:5432/postgres, and dropped afterwards):
//     --pg-streams streams on the second, the entries posted on the first (target: p99 <= 2 s).
import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../server/src/config.ts';
import { openDatabase } from '../server/src/db/index.ts';
import { startAppInsightsCollector } from '../server/src/fakes/appinsights-collector.ts';
import { insertArticles } from '../server/src/test-support/admin-articles.ts';
import { freePort } from '../server/src/test-support/free-port.ts';
import { createTestPostgresDatabase } from '../server/src/test-support/postgres-databases.ts';
import { selfSignedCertificate } from '../server/src/test-support/self-signed-certificate.ts';
import { mintTestToken } from '../server/src/test-support/tokens.ts';
import { LIVE_STREAM_PATH } from '../common/live-stream-contract.ts';
import { allocatorEnv, buildBenchServer, readCpuMs, readRss, sampleRss } from './bench-server.ts';
import {
  clock,
  percentile,
  spawnWithFileLimit,
  startStreamWorkers,
  type EventMatch,
  type StreamFleet,
} from './bench-live-streams.ts';
// @ts-expect-error: a plain .mjs module without type declarations
import { PRODUCTION_NODE_FLAGS } from './production-node.mjs';
import { wrk, type WrkResult } from './wrk.ts';

const ROOT = path.resolve(import.meta.dirname, '..');

const { values: args } = parseArgs({
  options: {
    streams: { type: 'string', default: '10000' },
    workers: { type: 'string', default: '2' },
    'wrk-duration': { type: 'string', default: '15' },
    'wrk-connections': { type: 'string', default: '16' },
    posts: { type: 'string', default: '3' },
    'pg-streams': { type: 'string' },
    'database-url': { type: 'string' },
    'skip-pg': { type: 'boolean', default: false },
    'skip-sqlite': { type: 'boolean', default: false },
    json: { type: 'boolean', default: false },
  },
});
const STREAMS = Number(args.streams);
const PG_STREAMS = Number(args['pg-streams'] ?? args.streams);
const WORKERS = Number(args.workers);
const WRK_SECONDS = Number(args['wrk-duration']);
const WRK_CONNECTIONS = Number(args['wrk-connections']);
const POSTS = Number(args.posts);
const TOKEN_KEY = Buffer.alloc(32, 9).toString('base64');
/** Opening: 500 connections per 100 ms (5,000/s), split over the workers. */
const BATCH = 500;
const TICK_MS = 100;
const MB = 1048576;
/** The running commentary: on stdout, or on stderr with --json (stdout then carries the JSON alone). */
const log = (s: string) => {
  if (args.json) console.error(s);
  else console.log(s);
};
const loadavg = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(', ');
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const mb = (n: number) => `${(n / MB).toFixed(0)} MB`;
const ms = (n: number) => (Number.isFinite(n) ? `${n.toFixed(0)} ms` : 'n/a');

// ---------------------------------------------------------------------------------------------

interface Instance {
  child: ChildProcess;
  pid: number;
  port: number;
  baseUrl: string;
  output(): string;
}

/** Starts the compiled server as `npm start` runs it, with production settings and a raised open-files limit. */
async function startInstance(opts: {
  entry: string;
  dataDir: string;
  env: Record<string, string>;
  telemetry: { connectionString: string; certFile: string };
}): Promise<Instance> {
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const child = spawnWithFileLimit([process.execPath, ...(PRODUCTION_NODE_FLAGS as string[]), opts.entry], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      ...allocatorEnv(),
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: baseUrl,
      DATA_DIR: opts.dataDir,
      DATABASE_URL: '',
      LOG_LEVEL: 'info',
      APPLICATIONINSIGHTS_CONNECTION_STRING: opts.telemetry.connectionString,
      NODE_EXTRA_CA_CERTS: opts.telemetry.certFile,
      TRUST_PROXY: '127.0.0.1',
      TOKEN_ENCRYPTION_KEY: TOKEN_KEY,
      SCHEDULER_INTERVAL_MS: '15000',
      // Room for every stream of the run (the limit itself is not what is measured).
      LIVE_MAX_STREAMS: String(Math.max(STREAMS, PG_STREAMS) + 1000),
      ...opts.env,
    },
    // The logs are written where an operator's go (here: a pipe that is read and kept only for errors).
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  const keep = (d: Buffer) => {
    out += d.toString();
    if (out.length > 200_000) out = out.slice(-100_000);
  };
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  const started = Date.now();
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited (${child.exitCode}) before it was ready:\n${out}`);
    try {
      const res = await fetch(`${baseUrl}/News?count=15`);
      await res.arrayBuffer();
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() - started > 90_000) throw new Error(`the server did not become ready:\n${out.slice(-5000)}`);
    await sleep(100);
  }
  return { child, pid: child.pid!, port, baseUrl, output: () => out };
}

function stopInstance(i: Instance | undefined): Promise<void> {
  return new Promise((resolve) => {
    if (!i || i.child.exitCode !== null || i.child.signalCode !== null) return resolve();
    const timer = setTimeout(() => i.child.kill('SIGKILL'), 15_000);
    i.child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    i.child.kill('SIGTERM');
  });
}

/** wrk --latency against one URL: requests/s, p50 and p99 in ms, errors. */
function wrkPage(url: string, seconds = WRK_SECONDS): Promise<WrkResult> {
  return wrk(url, { connections: WRK_CONNECTIONS, seconds, latency: true });
}

/** wrk on each page (after a 3 s warm-up when asked); with `base`, p99 against it (target <= 2x). */
async function pageRun(
  pages: Array<{ name: string; url: string }>,
  warm: boolean,
  base?: Record<string, WrkResult>,
): Promise<Record<string, WrkResult>> {
  const out: Record<string, WrkResult> = {};
  for (const p of pages) {
    if (warm) await wrkPage(p.url, 3);
    const r = (out[p.name] = await wrkPage(p.url));
    const b = base?.[p.name];
    const ratio = b ? r.p99 / b.p99 : NaN;
    log(
      `    ${p.name}: ${r.rps.toFixed(0)} req/s, p50 ${r.p50.toFixed(1)} ms, p99 ${r.p99.toFixed(1)} ms, errors ${r.timeouts + r.socketErrors}, non-2xx ${r.non2xx}` +
        (b
          ? `; p99 ${ratio.toFixed(2)}x of the run without streams (target <= 2x: ${ratio <= 2 ? 'met' : 'MISSED'})`
          : ''),
    );
  }
  return out;
}

interface Admin {
  call(method: string, p: string, body?: unknown): Promise<{ status: number; json: unknown; ms: number }>;
}

function adminClient(baseUrl: string, token: string): Admin {
  return {
    async call(method, p, body) {
      const started = clock();
      const res = await fetch(`${baseUrl}${p}`, {
        method,
        headers: {
          authorization: `Bearer ${token}`,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const text = await res.text();
      let json: unknown = null;
      try {
        json = JSON.parse(text);
      } catch {
        json = text;
      }
      return { status: res.status, json, ms: clock() - started };
    },
  };
}

/** A live entry as the composer sends it: two short paragraphs. */
function entryInput(n: number) {
  const paragraph = (text: string) => ({ type: 'paragraph', content: [{ type: 'text', text }] });
  return {
    body: {
      type: 'doc',
      content: [
        paragraph(`Update ${n}: the goose has left the council chamber and is heading for the press gallery.`),
        paragraph('Officials say the bird remains calm; the leader of the opposition does not.'),
      ],
    },
    keyEvent: n === 1,
  };
}

interface Arrival {
  what: string;
  requestMs: number;
  /** The instances' CPU time (user + system) from the post until every stream had the event. */
  serverCpuMs: number;
  expected: number;
  received: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
}

/** Sends one post (an entry or a publish), then collects every stream's arrival of its event. */
async function measure(
  pids: number[],
  fleet: StreamFleet,
  group: number,
  what: string,
  send: () => Promise<{ status: number; json: unknown; ms: number }>,
  matchOf: (json: unknown) => EventMatch,
  waitMs: number,
): Promise<Arrival> {
  const cpu = () => pids.reduce((t, pid) => t + (readCpuMs(pid) ?? NaN), 0);
  const cpuBefore = cpu();
  const since = clock();
  const res = await send();
  if (res.status >= 300) throw new Error(`${what}: answered ${res.status} ${JSON.stringify(res.json)}`);
  const r = await fleet.arrivals({ group, match: matchOf(res.json), since, waitMs });
  const a = r.arrivals;
  return {
    what,
    requestMs: res.ms,
    serverCpuMs: cpu() - cpuBefore,
    expected: r.open,
    received: a.length,
    p50: percentile(a, 50),
    p95: percentile(a, 95),
    p99: percentile(a, 99),
    max: a.at(-1) ?? NaN,
  };
}

function logArrival(a: Arrival, target: number) {
  log(
    `  ${a.what}: ${a.received.toLocaleString('en-GB')} of ${a.expected.toLocaleString('en-GB')} streams received it; ` +
      `after the post: p50 ${ms(a.p50)}, p95 ${ms(a.p95)}, p99 ${ms(a.p99)}, max ${ms(a.max)} ` +
      `(the POST answered in ${ms(a.requestMs)}, server CPU ${ms(a.serverCpuMs)} from the post to the last arrival; target p99 <= ${target} ms: ${a.p99 <= target && a.received === a.expected ? 'met' : 'MISSED'})`,
  );
}

async function workerSummary(fleet: StreamFleet): Promise<string> {
  const s = await fleet.stats();
  return (
    `generator: ${s.map((w) => w.open).join(' + ')} streams open, ${s.reduce((t, w) => t + w.closed, 0)} closed by the server, ` +
    `workers' RSS ${s.map((w) => mb(w.rss)).join(' + ')}, event loop late max ${s.map((w) => w.lagMaxMs.toFixed(0)).join(' / ')} ms`
  );
}

/** Starts live coverage of a published article (the streams then carry its entries). */
async function startCoverage(admin: Admin, articleId: number): Promise<void> {
  const started = await admin.call('POST', `/api/admin/articles/${articleId}/live/start`);
  if (started.status >= 300) throw new Error(`live/start answered ${started.status}: ${JSON.stringify(started.json)}`);
}

/** Drafts to publish during the run (story events), and one article for the live blog. */
async function prepareArticles(
  dbEnv: Record<string, string>,
  dataDir: string,
  baseUrl: string,
  port: number,
  count: number,
): Promise<{ token: string; drafts: number[] }> {
  const config = loadConfig({
    ...process.env,
    DATA_DIR: dataDir,
    ...dbEnv,
    TOKEN_ENCRYPTION_KEY: TOKEN_KEY,
    LOG_LEVEL: 'warn',
  });
  const database = await openDatabase(config);
  try {
    const rows = await insertArticles(
      database.db,
      Array.from({ length: count }, (_, i) => ({
        headline: `Live bench: Goose Seen Near Council Chamber ${Date.now().toString(36)}-${i}`,
        summary: 'A goose was seen near the council chamber; the council says it is under control.',
      })),
    );
    const token = await mintTestToken(database, { ...config, publicUrl: baseUrl, port });
    return { token, drafts: rows.map((r) => Number(r.id)) };
  } finally {
    await database.destroy();
  }
}

interface StreamsTarget {
  instance: Instance;
  articleId: number | null;
}

async function openStreams(fleet: StreamFleet, t: StreamsTarget, count: number) {
  const query = t.articleId === null ? '' : `?article=${t.articleId}`;
  const r = await fleet.open({
    host: '127.0.0.1',
    port: t.instance.port,
    path: `${LIVE_STREAM_PATH}${query}`,
    count,
    batch: BATCH,
    tickMs: TICK_MS,
    timeoutMs: 120_000,
    forwardedForOffset: 0,
    retries: 3,
  });
  log(
    `  ${r.opened.toLocaleString('en-GB')} of ${count.toLocaleString('en-GB')} streams open in ${(r.ms / 1000).toFixed(1)} s` +
      (Object.keys(r.refused).length ? `; refused: ${JSON.stringify(r.refused)}` : '') +
      (r.retried ? `; ${r.retried} connections tried again 3 s after an error, as EventSource does` : ''),
  );
  return r;
}

// ---------------------------------------------------------------------------------------------

async function sqliteRun(entry: string, telemetry: { connectionString: string; certFile: string }) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tabloid-bench-live-'));
  let instance: Instance | undefined;
  let fleet: StreamFleet | undefined;
  try {
    log(
      `\n1. One instance on SQLite (demo content), ${STREAMS.toLocaleString('en-GB')} streams; load average ${loadavg()}`,
    );
    instance = await startInstance({ entry, dataDir, env: { SEED_DEMO: 'true' }, telemetry });
    const { token, drafts } = await prepareArticles(
      { DATABASE_URL: '' },
      dataDir,
      instance.baseUrl,
      instance.port,
      2 + POSTS,
    );
    const admin = adminClient(instance.baseUrl, token);
    const liveId = drafts.shift()!;
    const published = await admin.call('POST', `/api/admin/articles/${liveId}/publish`);
    if (published.status !== 200)
      throw new Error(`publish answered ${published.status}: ${JSON.stringify(published.json)}`);
    await startCoverage(admin, liveId);

    const list = (await (await fetch(`${instance.baseUrl}/News?count=15`)).json()) as {
      allArticles: Array<{ slug: string }>;
    };
    const pages = [
      { name: 'home', url: `${instance.baseUrl}/` },
      { name: 'article', url: `${instance.baseUrl}/article/${list.allArticles.at(-1)!.slug}` },
    ];
    await sleep(3000);
    const idleRss = readRss(instance.pid)!.rss;
    log(`  server RSS at idle (after start-up and the first requests): ${mb(idleRss)}`);

    log(
      `  public pages without streams (wrk -t2 -c${WRK_CONNECTIONS} --latency, ${WRK_SECONDS} s each, straight at the instance); load average ${loadavg()}`,
    );
    const before = await pageRun(pages, true);

    fleet = await startStreamWorkers(WORKERS);
    const sampler = sampleRss(instance.pid, 200);
    const cpu0 = readCpuMs(instance.pid);
    const opened = await openStreams(fleet, { instance, articleId: liveId }, STREAMS);
    const cpu1 = readCpuMs(instance.pid);
    await sleep(5000);
    const streamsRss = readRss(instance.pid)!.rss;
    log(
      `  server RSS with the streams open (5 s after the last): ${mb(streamsRss)} (target <= 400 MB: ${streamsRss <= 400 * MB && opened.opened >= STREAMS ? 'met' : 'MISSED'}); ` +
        `${((streamsRss - idleRss) / Math.max(1, opened.opened) / 1024).toFixed(1)} KB per stream over idle; server CPU to open them ${cpu0 !== null && cpu1 !== null ? `${(cpu1 - cpu0).toFixed(0)} ms` : 'n/a'}`,
    );
    log(`  ${await workerSummary(fleet)}; load average ${loadavg()}`);

    log(`  public pages with the streams open; load average ${loadavg()}`);
    const during = await pageRun(pages, false, before);
    log(`  ${await workerSummary(fleet)}`);

    log(
      `  arrivals, one post at a time (each stream's arrival minus the moment the POST was sent); load average ${loadavg()}`,
    );
    const arrivals: Arrival[] = [];
    for (let n = 1; n <= POSTS; n++) {
      const a = await measure(
        [instance.pid],
        fleet,
        opened.group,
        `live entry ${n}`,
        () => admin.call('POST', `/api/admin/articles/${liveId}/live/entries`, entryInput(n)),
        (json) => ({ event: 'entry-added', field: ['entry', 'id'], value: (json as { id: number }).id }),
        15_000,
      );
      arrivals.push(a);
      logArrival(a, 1000);
      await sleep(2000);
    }
    const storyId = drafts.shift()!;
    const story = await measure(
      [instance.pid],
      fleet,
      opened.group,
      'story published',
      () => admin.call('POST', `/api/admin/articles/${storyId}/publish`),
      () => ({ event: 'story-published', field: ['article', 'id'], value: storyId }),
      15_000,
    );
    arrivals.push(story);
    logArrival(story, 1000);
    await sleep(3000);
    const afterRss = readRss(instance.pid)!;
    const peak = Math.max(sampler.stop().peakSampled, afterRss.peak);
    log(
      `  server RSS after the posts: ${mb(afterRss.rss)}; peak while the streams were open ${mb(peak)} (kernel high-water mark included)`,
    );
    log(`  ${await workerSummary(fleet)}; load average ${loadavg()}`);
    await fleet.closeAll();
    await sleep(2000);
    const closedRss = readRss(instance.pid)!.rss;
    log(`  server RSS 2 s after every stream closed: ${mb(closedRss)}`);
    log(`  public pages again without streams (how much the machine alone moves p99); load average ${loadavg()}`);
    const after = await pageRun(pages, false);
    return {
      idleRss,
      streamsRss,
      afterRss: afterRss.rss,
      closedRss,
      peakRss: peak,
      opened,
      before,
      during,
      after,
      arrivals,
    };
  } catch (err) {
    if (instance) console.error(instance.output().slice(-5000));
    throw err;
  } finally {
    await fleet?.stop();
    await stopInstance(instance);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

async function postgresRun(entry: string, telemetry: { connectionString: string; certFile: string }) {
  const adminUrl =
    args['database-url'] ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const pg = await createTestPostgresDatabase(adminUrl, 'tabloid_bench_live');
  const dirs = [0, 1].map(() => fs.mkdtempSync(path.join(os.tmpdir(), 'tabloid-bench-live-pg-')));
  let a: Instance | undefined;
  let b: Instance | undefined;
  let fleet: StreamFleet | undefined;
  try {
    log(
      `\n2. Two instances on PostgreSQL (${pg.name}), ${PG_STREAMS.toLocaleString('en-GB')} streams on the second, the posts on the first; load average ${loadavg()}`,
    );
    a = await startInstance({ entry, dataDir: dirs[0]!, env: { DATABASE_URL: pg.url, SEED_DEMO: 'true' }, telemetry });
    b = await startInstance({ entry, dataDir: dirs[1]!, env: { DATABASE_URL: pg.url, SEED_DEMO: 'false' }, telemetry });
    const { token, drafts } = await prepareArticles({ DATABASE_URL: pg.url }, dirs[0]!, a.baseUrl, a.port, 2);
    const admin = adminClient(a.baseUrl, token);
    const liveId = drafts.shift()!;
    const published = await admin.call('POST', `/api/admin/articles/${liveId}/publish`);
    if (published.status !== 200)
      throw new Error(`publish answered ${published.status}: ${JSON.stringify(published.json)}`);
    await startCoverage(admin, liveId);
    fleet = await startStreamWorkers(WORKERS);
    const opened = await openStreams(fleet, { instance: b, articleId: liveId }, PG_STREAMS);
    await sleep(5000);
    log(
      `  RSS: the first instance ${mb(readRss(a.pid)!.rss)}, the second (with the streams) ${mb(readRss(b.pid)!.rss)}`,
    );
    const arrivals: Arrival[] = [];
    for (let n = 1; n <= POSTS; n++) {
      const r = await measure(
        [a.pid, b.pid],
        fleet,
        opened.group,
        `live entry ${n}, posted on the first instance`,
        () => admin.call('POST', `/api/admin/articles/${liveId}/live/entries`, entryInput(n)),
        (json) => ({ event: 'entry-added', field: ['entry', 'id'], value: (json as { id: number }).id }),
        15_000,
      );
      arrivals.push(r);
      logArrival(r, 2000);
      await sleep(2000);
    }
    const storyId = drafts.shift()!;
    const story = await measure(
      [a.pid, b.pid],
      fleet,
      opened.group,
      'story published on the first instance',
      () => admin.call('POST', `/api/admin/articles/${storyId}/publish`),
      () => ({ event: 'story-published', field: ['article', 'id'], value: storyId }),
      15_000,
    );
    arrivals.push(story);
    logArrival(story, 2000);
    log(`  ${await workerSummary(fleet)}; load average ${loadavg()}`);
    return { opened, arrivals, rssA: readRss(a.pid)!.rss, rssB: readRss(b.pid)!.rss };
  } catch (err) {
    for (const i of [a, b]) if (i) console.error(i.output().slice(-5000));
    throw err;
  } finally {
    await fleet?.stop();
    await Promise.all([stopInstance(a), stopInstance(b)]);
    await pg.drop();
    for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
  }
}

/** The three targets against this run's figures (the bench exits 1 when one is missed). */
function summary(
  sqlite: Awaited<ReturnType<typeof sqliteRun>> | null,
  postgres: Awaited<ReturnType<typeof postgresRun>> | null,
): Array<{ target: string; figure: string; met: boolean }> {
  const out: Array<{ target: string; figure: string; met: boolean }> = [];
  const all = (a: Arrival[]) => a.every((x) => x.received === x.expected && x.expected > 0);
  const entries = (a: Arrival[]) => a.filter((x) => x.what.startsWith('live entry'));
  log('\nSummary:');
  if (sqlite) {
    const full = sqlite.opened.opened >= STREAMS;
    out.push({
      target: `one instance holds ${STREAMS.toLocaleString('en-GB')} streams in <= 400 MB (peak RSS while they were open)`,
      figure: `${sqlite.opened.opened.toLocaleString('en-GB')} open, ${mb(sqlite.streamsRss)} once open, ${mb(sqlite.peakRss)} peak`,
      met: full && sqlite.peakRss <= 400 * MB,
    });
    const ratios = Object.keys(sqlite.before).map((k) => ({ k, r: sqlite.during[k]!.p99 / sqlite.before[k]!.p99 }));
    out.push({
      target: 'public pages p99 within 2x of the run without streams',
      figure: ratios.map(({ k, r }) => `${k} ${r.toFixed(2)}x`).join(', '),
      met: ratios.every(({ r }) => r <= 2),
    });
    const measured = entries(sqlite.arrivals);
    out.push({
      target: 'a live entry reaches p99 of the streams within 1 s',
      figure: measured.map((a) => `p99 ${ms(a.p99)} (${a.received}/${a.expected})`).join(', '),
      met: all(measured) && measured.every((a) => a.p99 <= 1000),
    });
  }
  if (postgres) {
    const measured = entries(postgres.arrivals);
    out.push({
      target: "PostgreSQL: posted on one instance, p99 of the other's streams within 2 s",
      figure: measured.map((a) => `p99 ${ms(a.p99)} (${a.received}/${a.expected})`).join(', '),
      met: all(measured) && measured.every((a) => a.p99 <= 2000),
    });
  }
  return out;
}

async function main() {
  if (!fs.existsSync(path.join(ROOT, 'dist/ssr/entry-server.js')))
    throw new Error('build the front end first: npx vite build --config web/vite.config.ts');
  log(
    `bench:live on ${os.cpus().length} cores, ${mb(os.totalmem())} of memory, Node ${process.version}; load average ${loadavg()}`,
  );
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tabloid-bench-live-tls-'));
  const compiled = await buildBenchServer();
  const tls = await selfSignedCertificate(dir);
  const collector = await startAppInsightsCollector({ tls });
  const telemetry = { connectionString: collector.connectionString, certFile: tls.certFile };
  try {
    const sqlite = args['skip-sqlite'] ? null : await sqliteRun(compiled.entry, telemetry);
    const postgres = args['skip-pg'] ? null : await postgresRun(compiled.entry, telemetry);
    log(
      `\nTelemetry: ${collector.envelopes.length} envelopes received by the fake collector; load average at the end ${loadavg()}`,
    );
    const verdicts = summary(sqlite, postgres);
    for (const v of verdicts) log(`  ${v.met ? 'met   ' : 'MISSED'} ${v.target}: ${v.figure}`);
    if (verdicts.some((v) => !v.met)) process.exitCode = 1;
    if (args.json)
      console.log(
        JSON.stringify({ date: new Date().toISOString(), loadavg: os.loadavg(), sqlite, postgres, verdicts }, null, 2),
      );
  } finally {
    await collector.close();
    compiled.remove();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

await main();
