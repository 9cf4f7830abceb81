// Bench of search, older stories, feeds and sitemaps on a seeded SQLite database:
//   npm run bench:reach -- [--articles 100000] [--duration 10] [--connections 10] [--data-dir DIR]
// --data-dir keeps the seeded database in DIR (seeded on the first run, reused after): reruns skip the seed.
// Prints p50/p99 per scenario and the deep-archive/page-1 p99 ratio (target: within 1.5x).
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { loadConfig } from '../server/src/config.ts';
import { openDatabase } from '../server/src/db/index.ts';
import { seedBenchArticles } from './bench-seed.ts';
import { startServer } from './bench-server.ts';

const { values } = parseArgs({
  options: {
    articles: { type: 'string', default: '100000' },
    duration: { type: 'string', default: '10' },
    connections: { type: 'string', default: '10' },
    'data-dir': { type: 'string' },
  },
});
const articles = Number(values.articles);
const duration = Number(values.duration);
const connections = Number(values.connections);

const keep = values['data-dir'];
const dataDir = keep ? path.resolve(keep) : await fs.mkdtemp(path.join(os.tmpdir(), 'tabloid-bench-reach-'));
try {
  await fs.mkdir(dataDir, { recursive: true });
  const database = await openDatabase(loadConfig({ ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' }));
  const existing = Number(
    (
      await database.db
        .selectFrom('articles')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );
  if (existing >= articles) console.log(`reusing ${existing} articles in ${dataDir}`);
  else {
    const seeded = await seedBenchArticles(database, articles - existing);
    console.log(`seeded ${seeded.inserted} articles in ${seeded.ms} ms`);
  }
  // The cursor of page 5,000 (15 a page), or the deepest page there is: found once here with OFFSET.
  const deepPage = Math.min(5_000, Math.floor((articles * 0.85) / 15));
  const deep = await database.db
    .selectFrom('articles')
    .select(['published_at', 'id'])
    .where('published_at', 'is not', null)
    .orderBy('published_at', 'desc')
    .orderBy('id', 'desc')
    .offset(deepPage * 15 - 1)
    .limit(1)
    .executeTakeFirstOrThrow();
  await database.destroy();

  const port = 20_000 + Math.floor(Math.random() * 20_000);
  const server = await startServer({ port, dataDir });
  const scenarios = [
    { name: 'search, one word', path: '/News/search?q=goose' },
    { name: 'search, three words', path: '/News/search?q=minister%20leaked%20memo' },
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
      await first.arrayBuffer();
      const coldMs = Math.round(performance.now() - started);
      const result = await autocannon({
        url: `${server.baseUrl}${s.path}`,
        connections,
        duration,
        headers: s.headers,
      });
      p99[s.name] = result.latency.p99;
      const bad = result.non2xx + result.errors;
      console.log(
        `${s.name.padEnd(24)} first ${String(coldMs).padStart(5)} ms  ${String(Math.round(result.requests.average)).padStart(6)} req/s  p50 ${result.latency.p50} ms  p99 ${result.latency.p99} ms${bad ? `  (${bad} errors/non-2xx)` : ''}`,
      );
    }
  } finally {
    await server.stop();
  }
  const ratio = (p99[`archive page ${deepPage}`] ?? 0) / Math.max(1, p99['archive page 1'] ?? 1);
  console.log(`deep archive p99 / page 1 p99 = ${ratio.toFixed(2)} (target <= 1.5)`);
} finally {
  if (!keep) await fs.rm(dataDir, { recursive: true, force: true });
}
