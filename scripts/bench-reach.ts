// Bench of search, older stories, feeds and sitemaps on a seeded database (SQLite, or PostgreSQL):
//   npm run bench:reach -- [--articles N] [--duration 10] [--connections 10] [--data-dir DIR]
//                          [--database-url ADMIN_URL] [--database URL] [--seed-only]
// SQLite (the default, 100,000 articles): --data-dir keeps the seeded database in DIR (seeded on the
// first run, reused after): reruns skip the seed.
// PostgreSQL (1,000,000 articles by default): --database-url creates a throwaway database through
// ADMIN_URL, seeds it in the server (bench-seed-postgres.ts, the seed bench:newsroom uses) and drops it
// afterwards; --database URL uses that database and keeps it, seeding it first only when it holds
// fewer articles than asked for (so one kept database serves both bench:reach and bench:newsroom).
// --seed-only stops after the seed (with --data-dir or --database: seed now, measure in a later run).
// The real server runs as a child process, compiled as `npm start` runs it.
// Prints the first request's time, req/s, p50/p99 per scenario and the deep-archive/page-1 p99 ratio
// (target: within 1.5x).
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { loadConfig } from '../server/src/config.ts';
import { openDatabase } from '../server/src/db/index.ts';
import { createTestPostgresDatabase } from '../server/src/test-support/postgres-databases.ts';
import { seedBenchArticles } from './bench-seed.ts';
import { seedBenchArticlesPostgres } from './bench-seed-postgres.ts';
import { allocatorEnv, buildBenchServer, readCpuMs, startServer } from './bench-server.ts';

const { values } = parseArgs({
  options: {
    articles: { type: 'string' },
    duration: { type: 'string', default: '10' },
    connections: { type: 'string', default: '10' },
    'data-dir': { type: 'string' },
    'database-url': { type: 'string' },
    database: { type: 'string' },
    'seed-only': { type: 'boolean', default: false },
  },
});
const postgres = Boolean(values['database-url'] || values.database);
const articles = Number(values.articles ?? (postgres ? 1_000_000 : 100_000));
const duration = Number(values.duration);
const connections = Number(values.connections);
const TOKEN_KEY = Buffer.alloc(32, 5).toString('base64');

const keep = values['data-dir'];
if (values['seed-only'] && !(postgres ? values.database : keep)) {
  throw new Error('--seed-only keeps the seed for a later run: give --data-dir (SQLite) or --database (PostgreSQL)');
}
const dataDir = keep ? path.resolve(keep) : await fs.mkdtemp(path.join(os.tmpdir(), 'tabloid-bench-reach-'));
const pg = values.database
  ? { name: new URL(values.database).pathname.slice(1), url: values.database, drop: async () => undefined }
  : values['database-url']
    ? await createTestPostgresDatabase(values['database-url'], 'tabloid_bench_reach')
    : undefined;
let removeBuild: (() => void) | undefined;
try {
  await fs.mkdir(dataDir, { recursive: true });
  const env: Record<string, string> = {
    DATABASE_URL: pg?.url ?? '',
    TOKEN_ENCRYPTION_KEY: TOKEN_KEY,
    ...allocatorEnv(),
  };
  const config = loadConfig({ ...process.env, DATA_DIR: dataDir, ...env, LOG_LEVEL: 'warn' });
  const database = await openDatabase({ ...config, databaseStatementTimeoutMs: 0 });
  const existing = Number(
    (
      await database.db
        .selectFrom('articles')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );
  const where = pg ? `PostgreSQL database ${pg.name}` : dataDir;
  if (existing >= articles) console.log(`reusing ${existing} articles in ${where}`);
  else {
    const seeded = pg
      ? await seedBenchArticlesPostgres(database, articles - existing)
      : await seedBenchArticles(database, articles - existing);
    console.log(`seeded ${seeded.inserted} articles into ${where} in ${seeded.ms} ms`);
  }
  if (values['seed-only']) {
    await database.destroy();
    if (!keep) await fs.rm(dataDir, { recursive: true, force: true });
    process.exit(0);
  }
  const total = Math.max(existing, articles);
  // The cursor of page 5,000 (15 a page), or the deepest page there is: found once here with OFFSET.
  const deepPage = Math.min(5_000, Math.floor((total * 0.85) / 15));
  const deep = await database.db
    .selectFrom('articles')
    .select(['published_at', 'id'])
    .where('published_at', 'is not', null)
    .where('deleted_at', 'is', null)
    .orderBy('published_at', 'desc')
    .orderBy('id', 'desc')
    .offset(deepPage * 15 - 1)
    .limit(1)
    .executeTakeFirstOrThrow();
  await database.destroy();

  const compiled = await buildBenchServer();
  removeBuild = compiled.remove;
  const port = 20_000 + Math.floor(Math.random() * 20_000);
  const server = await startServer({ port, dataDir, entry: compiled.entry, env });
  // A search nobody asked since the last editorial change: every request a page (1-100) and a query
  // text never asked before (the same words, padded with spaces, which the search ignores but the
  // answer cache does not), so each one ranks, reads rows and builds snippets.
  const uncached = (words: string) => {
    let n = 0;
    return (req: autocannon.Request) => {
      const page = 1 + (n % 100);
      const pad = ' '.repeat(1 + (Math.floor(n / 100) % 150));
      n += 1;
      return { ...req, path: `/News/search?q=${encodeURIComponent(words + pad)}&page=${page}` };
    };
  };
  const scenarios: {
    name: string;
    path: string;
    headers?: Record<string, string>;
    setup?: (req: autocannon.Request) => autocannon.Request;
  }[] = [
    { name: 'search, one word', path: '/News/search?q=goose' },
    { name: 'search, three words', path: '/News/search?q=minister%20leaked%20memo' },
    { name: 'search 1 word, uncached', path: '/News/search?q=goose%20', setup: uncached('goose') },
    {
      name: 'search 3 words, uncached',
      path: '/News/search?q=minister%20leaked%20memo%20',
      setup: uncached('minister leaked memo'),
    },
    { name: 'archive page 1', path: '/News/archive' },
    {
      name: `archive page ${deepPage}`,
      path: `/News/archive?before=${encodeURIComponent(`${deep.published_at}_${deep.id}`)}`,
    },
    { name: 'sitemap file (gzip)', path: '/sitemaps/articles-1.xml', headers: { 'accept-encoding': 'gzip' } },
    { name: 'RSS feed (gzip)', path: '/feeds/rss.xml', headers: { 'accept-encoding': 'gzip' } },
  ];
  const p99: Record<string, number> = {};
  try {
    for (const s of scenarios) {
      // The first request builds what is then kept until an editorial change (a search answer, a
      // sitemap file, a feed): timed on its own, then the steady state under load.
      const started = performance.now();
      const first = await fetch(`${server.baseUrl}${s.path}`, { headers: s.headers });
      // The size on the wire (compressed when the scenario asks for it); fetch hands back the decoded body.
      const body = (await first.arrayBuffer()).byteLength;
      const bytes = Number(first.headers.get('content-length') ?? body);
      const coldMs = Math.round(performance.now() - started);
      const cpuBefore = readCpuMs(server.pid);
      const result = await autocannon({
        url: `${server.baseUrl}${s.path}`,
        connections,
        duration,
        headers: s.headers,
        ...(s.setup ? { requests: [{ setupRequest: s.setup }] } : {}),
      });
      const cpuAfter = readCpuMs(server.pid);
      // The server's own CPU per request: unlike latency, it hardly depends on the machine's load.
      const cpu =
        cpuBefore !== null && cpuAfter !== null && result.requests.total > 0
          ? `  server CPU ${((cpuAfter - cpuBefore) / result.requests.total).toFixed(2)} ms/req`
          : '';
      p99[s.name] = result.latency.p99;
      const bad = result.non2xx + result.errors;
      console.log(
        `${s.name.padEnd(24)} first ${String(coldMs).padStart(5)} ms (${first.status}, ${(bytes / 1024).toFixed(0)} KB)  ${String(Math.round(result.requests.average)).padStart(6)} req/s  p50 ${result.latency.p50} ms  p99 ${result.latency.p99} ms${cpu}${bad ? `  (${bad} errors/non-2xx)` : ''}`,
      );
    }
  } finally {
    await server.stop();
  }
  const ratio = (p99[`archive page ${deepPage}`] ?? 0) / Math.max(1, p99['archive page 1'] ?? 1);
  console.log(`deep archive p99 / page 1 p99 = ${ratio.toFixed(2)} (target <= 1.5)`);
} finally {
  removeBuild?.();
  await pg?.drop();
  if (!keep) await fs.rm(dataDir, { recursive: true, force: true });
}
