// `npm run bench:shares`: sharing published articles to X and Facebook, against the local fakes.
//
//   npm run bench:shares -- [--publishes 2000] [--connections 10] [--rate N] [--burst 200] [--database-url ADMIN_URL]
//                           [--posting-instance]
//
// The real server runs as a child process (compiled, as `npm start` runs it) with its default job
// settings (JOBS_POLL_MS 1 s, JOBS_CONCURRENCY 4); the fake X and Facebook run in this process over
// real HTTP. On SQLite unless --database-url names a PostgreSQL admin connection (a throwaway
// database is created there and dropped afterwards). With --posting-instance (PostgreSQL only) the
// server that takes the publishes runs no share workers (SHARE_JOBS_ENABLED=false) and a second
// server on the same database posts, as a deployment on several machines may split them.
//  1. POST /api/admin/articles/{id}/publish at 10 connections, every request a different draft:
//     first with no account connected (sharing off), then with X and Facebook connected (each publish
//     queues two jobs, posted by the workers while the run goes on). Target: the p99 with sharing on
//     within 10% of the same run's p99 with sharing off (the posts happen after the response).
//     With --rate N the two measured runs send N publishes a second in all, evenly spaced (a fixed
//     pace, below what the server can take; autocannon's own pace sends a second's requests together),
//     instead of as many as the server answers: at saturation the latency is the queue, and its ratio
//     that of the work per publish.
//     Each run also reports the server's own p50/p99 (its Server-Timing header: without the time in
//     the network stack and in this client) and how late this process ran its own work (the load
//     generator and the fakes share the machine's cores with the server and the database).
//  2. A burst of 200 publishes with both platforms on, the stored X access token expired first:
//     400 posts, no duplicates, none lost, each refresh token spent once, every post within 60 s of
//     its publication (posted time of the share minus the article's publication time).
import fs from 'node:fs/promises';
import http, { type IncomingHttpHeaders } from 'node:http';
import { once } from 'node:events';
import { setTimeout as sleep } from 'node:timers/promises';
import os from 'node:os';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import path from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { mintTestToken } from '../server/src/test-support/tokens.ts';
import { loadConfig } from '../server/src/config.ts';
import { openDatabase, type Db } from '../server/src/db/index.ts';
import { startFakeFacebook } from '../server/src/fakes/facebook.ts';
import { startFakeX } from '../server/src/fakes/x.ts';
import { createSocial } from '../server/src/sharing/social-clients.ts';
import { connectFacebook, connectX } from '../server/src/test-support/shares.ts';
import { insertArticles } from '../server/src/test-support/admin-articles.ts';
import { freePort } from '../server/src/test-support/free-port.ts';
import {
  createTestPostgresDatabase,
  type TestPostgresDatabase,
} from '../server/src/test-support/postgres-databases.ts';
import { fakeProviderEnv } from '../server/src/test-support/test-app.ts';
import { buildBenchServer, startServer } from './bench-server.ts';

const { values: args } = parseArgs({
  options: {
    publishes: { type: 'string', default: '2000' },
    connections: { type: 'string', default: '10' },
    burst: { type: 'string', default: '200' },
    rate: { type: 'string' },
    'database-url': { type: 'string' },
    'posting-instance': { type: 'boolean', default: false },
  },
});
const publishes = Number(args.publishes);
const connections = Number(args.connections);
const burst = Number(args.burst);
const rate = args.rate ? Number(args.rate) : undefined;
const TOKEN_KEY = Buffer.alloc(32, 11).toString('base64');
const WARMUP = 200;
const log = (s: string) => console.log(s);

type ShareRow = { article_id: number; platform: string; state: string; updated_at: string };

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

/**
 * POSTs to `paths` at `rate` a second in all, evenly spaced (one every 1000 / rate ms), over at most
 * `connections` kept-alive connections, and answers the figures the report reads, as autocannon
 * gives them. autocannon's own pace (`overallRate`) sends each connection's share of a second at the
 * start of that second: at 20 a second, ten publishes arrived together twice a second and each
 * waited for the others; and it "corrects" its latencies for coordinated omission with an interval of
 * 1 ms whatever the rate, so that a 20 ms answer was recorded as 20, 19, … 1 ms. Here a latency runs
 * from the request's planned start, so a late send counts against it.
 */
async function paced(
  baseUrl: string,
  paths: string[],
  rate: number,
  headers: Record<string, string>,
  onResponse: (status: number, body: string, context: object, headers?: IncomingHttpHeaders) => void,
) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  const interval = 1000 / rate;
  const latencies: number[] = [];
  let non2xx = 0;
  let errors = 0;
  const started = performance.now();
  await Promise.all(
    paths.map(async (p, i) => {
      const planned = started + i * interval;
      await sleep(Math.max(0, planned - performance.now()));
      try {
        const res = await new Promise<http.IncomingMessage>((resolve, reject) =>
          http.request(new URL(p, baseUrl), { method: 'POST', headers, agent }, resolve).on('error', reject).end(),
        );
        res.resume();
        await once(res, 'end');
        latencies.push(performance.now() - planned);
        if (res.statusCode! < 200 || res.statusCode! >= 300) non2xx++;
        onResponse(res.statusCode!, '', {}, res.headers);
      } catch {
        errors++;
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  agent.destroy();
  latencies.sort((a, b) => a - b);
  const ms = (v: number) => Math.round(v);
  return {
    latency: {
      p50: ms(percentile(latencies, 50)),
      p99: ms(percentile(latencies, 99)),
      max: ms(latencies.at(-1) ?? NaN),
    },
    requests: { average: paths.length / seconds },
    non2xx,
    errors,
  };
}

async function shareRows(database: Db, ids: number[]): Promise<ShareRow[]> {
  const rows: ShareRow[] = [];
  for (let i = 0; i < ids.length; i += 500) {
    rows.push(
      ...(await database.db
        .withTables<{ social_shares: ShareRow }>()
        .selectFrom('social_shares')
        .select(['article_id', 'platform', 'state', 'updated_at'])
        .where('article_id', 'in', ids.slice(i, i + 500))
        .execute()),
    );
  }
  return rows;
}

/** Waits (polling) until every share of the articles has an end state; returns the rows. */
async function settle(database: Db, ids: number[], expected: number, limitMs: number): Promise<ShareRow[]> {
  const deadline = Date.now() + limitMs;
  for (;;) {
    const rows = await shareRows(database, ids);
    const open = rows.filter((r) => r.state === 'queued' || r.state === 'posting').length;
    if ((rows.length >= expected && open === 0) || Date.now() > deadline) return rows;
    await new Promise((r) => setTimeout(r, 250));
  }
}

async function main() {
  const [x, fb] = await Promise.all([startFakeX(), startFakeFacebook()]);
  const adminUrl = args['database-url'];
  let pg: TestPostgresDatabase | undefined;
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'tabloid-bench-shares-'));
  let stop: (() => Promise<void>) | undefined;
  let stopPoster: (() => Promise<void>) | undefined;
  let posterDir: string | undefined;
  let remove: (() => void) | undefined;
  let database: Db | undefined;
  try {
    if (adminUrl) pg = await createTestPostgresDatabase(adminUrl, 'tabloid_bench_shares');
    const port = await freePort();
    const env: Record<string, string> = {
      ...fakeProviderEnv(x, fb),
      SOCIAL_HTTP_TIMEOUT_MS: '10000',
      DATABASE_URL: pg?.url ?? '',
      TOKEN_ENCRYPTION_KEY: TOKEN_KEY,
      SCHEDULER_INTERVAL_MS: '0',
      PUBLIC_URL: `http://127.0.0.1:${port}`,
    };
    const config = loadConfig({ ...process.env, DATA_DIR: dataDir, ...env, LOG_LEVEL: 'warn' });
    database = await openDatabase(config);
    const total = 2 * (WARMUP + publishes) + burst;
    log(`${pg ? `PostgreSQL (${pg.name})` : 'SQLite'}: inserting ${total} drafts ...`);
    const drafts = (
      await insertArticles(
        database.db,
        Array.from({ length: total }, () => ({})),
      )
    ).map((r) => Number(r.id));
    let next = 0;
    const take = (n: number) => drafts.slice(next, (next += n));

    const compiled = await buildBenchServer();
    remove = compiled.remove;
    const apart = args['posting-instance'];
    if (apart && !pg) throw new Error('--posting-instance needs --database-url (one instance posts on SQLite)');
    const server = await startServer({
      port,
      dataDir,
      entry: compiled.entry,
      env: apart ? { ...env, SHARE_JOBS_ENABLED: 'false' } : env,
      readyPath: '/readyz',
    });
    stop = server.stop;
    if (apart) {
      // The same database, key and public address: its posts link to the articles the first one publishes.
      const poster = await startServer({
        port: await freePort(),
        dataDir: (posterDir = await fs.mkdtemp(path.join(os.tmpdir(), 'tabloid-bench-shares-poster-'))),
        entry: compiled.entry,
        env,
        readyPath: '/readyz',
      });
      stopPoster = poster.stop;
      log('The publishes go to an instance without share workers; a second instance posts.');
    }
    async function publishRun(name: string, ids: number[], overallRate?: number) {
      // A fresh access token per run (a slow run on a busy machine outlives one).
      const auth = { authorization: `Bearer ${await mintTestToken(database!, config)}` };
      let i = 0;
      const setupRequest = (req: autocannon.Request) => ({
        ...req,
        method: 'POST' as const,
        path: `/api/admin/articles/${ids[i++ % ids.length]}/publish`,
        headers: auth,
      });
      // How late this process (the load generator, and the fakes) ran its own work: a late client
      // adds its delay to the latencies it measures (the machine's cores are shared by all of them).
      const lateness = monitorEventLoopDelay({ resolution: 5 });
      // The server's own time per answer (its Server-Timing header): from the request read to the
      // answer sent, without the time in the network stack and in this client.
      const serverMs: number[] = [];
      const onResponse = (_status: number, _body: string, _context: object, headers?: IncomingHttpHeaders) => {
        const dur = /dur=([\d.]+)/.exec(String(headers?.['server-timing'] ?? ''));
        if (dur) serverMs.push(Number(dur[1]));
      };
      lateness.enable();
      const r = overallRate
        ? await paced(
            server.baseUrl,
            ids.map((id) => `/api/admin/articles/${id}/publish`),
            overallRate,
            auth,
            onResponse,
          )
        : await autocannon({
            url: server.baseUrl,
            connections,
            amount: ids.length,
            requests: [{ setupRequest, onResponse }],
          });
      lateness.disable();
      const late = (ns: number) => Math.max(0, ns / 1e6 - 5).toFixed(0);
      serverMs.sort((a, b) => a - b);
      log(
        `  ${name.padEnd(34)} ${String(Math.round(r.requests.average)).padStart(5)} req/s  p50 ${r.latency.p50} ms  p99 ${r.latency.p99} ms  max ${r.latency.max} ms  non-2xx ${r.non2xx}  errors ${r.errors}`,
      );
      log(
        `  ${''.padEnd(34)} server's own time p50 ${percentile(serverMs, 50)} ms  p99 ${percentile(serverMs, 99)} ms; this client late p99 ${late(lateness.percentile(99))} ms, max ${late(lateness.max)} ms`,
      );
      return { ...r, serverP99: percentile(serverMs, 99) };
    }

    log(
      `Publishing at ${connections} connections${rate ? `, ${rate} a second` : ''} (${publishes} publishes each, after ${WARMUP} to warm up):`,
    );
    await publishRun('warm-up, sharing off', take(WARMUP));
    const off = await publishRun('sharing off (nothing connected)', take(publishes), rate);

    const social = createSocial(config, database);
    await connectX(social, x, config.siteName);
    await connectFacebook(social, fb, config.siteName);
    const sharedIds = take(WARMUP);
    await publishRun('warm-up, sharing on', sharedIds);
    const onIds = take(publishes);
    const postsBefore = x.posts.length + fb.posts.length;
    const on = await publishRun('sharing on (X and Facebook)', onIds, rate);
    log(`  posts made while that run published: ${x.posts.length + fb.posts.length - postsBefore}`);
    sharedIds.push(...onIds);
    log('  waiting for the jobs of those publishes to finish ...');
    const onRows = await settle(database, sharedIds, 2 * sharedIds.length, 600_000);
    log(`  ${onRows.filter((r) => r.state === 'posted').length} of ${onRows.length} shares posted`);

    // The burst: the stored X access token expires first, so the first posts need a refresh.
    log(`Burst: ${burst} publishes at ${connections} connections, both platforms on, the X access token expired:`);
    x.expireAccessTokens();
    const refreshesBefore = x.stats.refreshes;
    const reusedBefore = x.stats.reusedRefreshTokens;
    const xBefore = x.posts.length;
    const fbBefore = fb.posts.length;
    const burstIds = take(burst);
    const burstStarted = Date.now();
    await publishRun('burst', burstIds);
    const rows = await settle(database, burstIds, 2 * burst, 180_000);
    const drained = (Date.now() - burstStarted) / 1000;
    const articles = await database.db
      .selectFrom('articles')
      .select(['id', 'slug', 'published_at'])
      .where('id', 'in', burstIds)
      .execute();
    const publishedAt = new Map(articles.map((a) => [Number(a.id), Date.parse(a.published_at!)]));
    const delays = rows
      .filter((r) => r.state === 'posted')
      .map((r) => (Date.parse(r.updated_at) - publishedAt.get(Number(r.article_id))!) / 1000)
      .sort((a, b) => a - b);
    const xPosts = x.posts.slice(xBefore);
    const fbPosts = fb.posts.slice(fbBefore);
    const count = (links: string[]) => {
      const per = new Map<string, number>();
      for (const l of links) per.set(l, (per.get(l) ?? 0) + 1);
      return per;
    };
    const linkOf = (slug: string) => `${config.publicUrl}/article/${slug}`;
    const xPer = count(xPosts.map((p) => p.text.slice(p.text.lastIndexOf(' ') + 1)));
    const fbPer = count(fbPosts.map((p) => p.link ?? ''));
    const lost = articles.filter((a) => !xPer.has(linkOf(a.slug)) || !fbPer.has(linkOf(a.slug))).length;
    const duplicates = [...xPer.values(), ...fbPer.values()].filter((n) => n > 1).length;
    const states = rows.reduce<Record<string, number>>(
      (acc, r) => ({ ...acc, [r.state]: (acc[r.state] ?? 0) + 1 }),
      {},
    );
    log(
      `  posts: X ${xPosts.length}, Facebook ${fbPosts.length} (target ${burst} each); duplicates ${duplicates}; lost ${lost}; share states ${JSON.stringify(states)}`,
    );
    log(
      `  X refreshes ${x.stats.refreshes - refreshesBefore}, refresh tokens spent twice ${x.stats.reusedRefreshTokens - reusedBefore} (target 0)`,
    );
    log(
      `  publish to posted: p50 ${percentile(delays, 50).toFixed(1)} s, p99 ${percentile(delays, 99).toFixed(1)} s, max ${(delays.at(-1) ?? NaN).toFixed(1)} s (target: every post within 60 s); all settled ${drained.toFixed(1)} s after the burst began`,
    );
    const burstOk =
      xPosts.length === burst &&
      fbPosts.length === burst &&
      duplicates === 0 &&
      lost === 0 &&
      x.stats.reusedRefreshTokens === reusedBefore &&
      (delays.at(-1) ?? Infinity) <= 60;
    const latencyOk = on.latency.p99 <= 1.1 * off.latency.p99;
    log(
      `Summary: publish p99 ${off.latency.p99} ms without sharing, ${on.latency.p99} ms with sharing (target: within 10% of the p99 without, <= ${(1.1 * off.latency.p99).toFixed(0)} ms: ${latencyOk ? 'met' : 'MISSED'}; the server's own p99 ${off.serverP99} and ${on.serverP99} ms); burst targets ${burstOk ? 'met' : 'MISSED'}.`,
    );
    const ok = burstOk && latencyOk;
    if (!ok) process.exitCode = 1;
  } finally {
    await stop?.();
    await stopPoster?.();
    remove?.();
    await database?.destroy();
    await pg?.drop();
    await Promise.all([x.close(), fb.close()]);
    await fs.rm(dataDir, { recursive: true, force: true });
    if (posterDir) await fs.rm(posterDir, { recursive: true, force: true });
  }
}

await main();
