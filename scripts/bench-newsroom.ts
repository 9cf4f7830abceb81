// `npm run bench:newsroom`: the newsroom's write paths on PostgreSQL at a million articles.
//
//   npm run bench:newsroom -- [--articles 1000000] [--duration 10] [--connections 10] [--database-url ADMIN_URL]
//                             [--database URL] [--skip-uploads]
//
// A throwaway PostgreSQL database is created, seeded inside the server (bench-seed-postgres.ts) and
// dropped afterwards; with --database, that database (seeded by an earlier run of the same seed,
// e.g. kept for repeated runs) is used as it is and kept. The real server runs as a child process
// (compiled, as `npm start` runs it, with the same allocator settings as scripts/start.mjs).
//  - PUT /api/admin/articles/{id}: every request edits a different article with If-Match of its
//    current version, so each request is a real save: row lock, version check, update, audit row,
//    revision.
//  - POST /api/admin/articles/{id}/schedule: every request schedules a different draft.
//  - POST /api/admin/images: a 4 MB JPEG, uploaded one at a time, with the server's resident memory
//    before, at its peak, and 3 s and 15 s after (the server must come back to its resting level).
// Targets: PUT and schedule p99 <= 50 ms at 10 connections; an upload <= 1.5 s.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { sql } from 'kysely';
import { mintTestToken } from '../server/src/test-support/tokens.ts';
import { loadConfig } from '../server/src/config.ts';
import { openDatabase } from '../server/src/db/index.ts';
import { testImage, multipartBody } from '../server/src/test-support/test-images.ts';
import { createTestPostgresDatabase } from '../server/src/test-support/postgres-databases.ts';
import { freePort } from '../server/src/test-support/free-port.ts';
import { seedBenchArticlesPostgres } from './bench-seed-postgres.ts';
import { allocatorEnv, buildBenchServer, readCpuMs, readRss, sampleRss, startServer } from './bench-server.ts';

const { values: args } = parseArgs({
  options: {
    articles: { type: 'string', default: '1000000' },
    duration: { type: 'string', default: '10' },
    connections: { type: 'string', default: '10' },
    'database-url': { type: 'string' },
    database: { type: 'string' },
    'skip-uploads': { type: 'boolean', default: false },
  },
});
const articles = Number(args.articles);
const duration = Number(args.duration);
const connections = Number(args.connections);
const TOKEN_KEY = Buffer.alloc(32, 5).toString('base64');
const UPLOADS = 8;
const log = (s: string) => console.log(s);

async function main() {
  const adminUrl =
    args['database-url'] ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const pg = args.database
    ? { name: new URL(args.database).pathname.slice(1), url: args.database, drop: async () => undefined }
    : await createTestPostgresDatabase(adminUrl, 'tabloid_bench_newsroom');
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'tabloid-bench-newsroom-'));
  let stop: (() => Promise<void>) | undefined;
  let remove: (() => void) | undefined;
  try {
    const env = {
      DATABASE_URL: pg.url,
      TOKEN_ENCRYPTION_KEY: TOKEN_KEY,
      SCHEDULER_INTERVAL_MS: '15000',
      ...allocatorEnv(),
    };
    const config = loadConfig({ ...process.env, DATA_DIR: dataDir, ...env, LOG_LEVEL: 'warn' });
    const database = await openDatabase({ ...config, databaseStatementTimeoutMs: 0 });
    if (args.database) {
      const n = await sql<{ n: string }>`select count(*) as n from articles`.execute(database.db);
      log(`Using ${pg.name} as it is: ${Number(n.rows[0]!.n).toLocaleString('en-GB')} articles`);
    } else {
      log(`Seeding ${articles.toLocaleString('en-GB')} articles into ${pg.name} ...`);
      const seeded = await seedBenchArticlesPostgres(database, articles);
      log(`  seeded in ${(seeded.ms / 1000).toFixed(1)} s`);
    }
    // Each edit names the version it saw (If-Match), as the editor's screen does; versions are tracked
    // here, and the least edited articles come first, so a kept database measures first edits again.
    const editable = (
      await sql<{ id: number; version: number }>`
        select id, version from articles where deleted_at is null order by version, id limit 200000
      `.execute(database.db)
    ).rows;
    const ids = editable.map((r) => Number(r.id));
    const versions = new Map(editable.map((r) => [Number(r.id), Number(r.version)]));
    const drafts = (
      await sql<{ id: number }>`
        select id from articles where published_at is null and deleted_at is null order by version, id limit 100000
      `.execute(database.db)
    ).rows.map((r) => Number(r.id));

    const compiled = await buildBenchServer();
    remove = compiled.remove;
    const port = await freePort();
    const server = await startServer({ port, dataDir, entry: compiled.entry, env });
    stop = server.stop;
    const token = await mintTestToken(database, { ...config, publicUrl: server.baseUrl, port });
    await database.destroy();
    const auth = { authorization: `Bearer ${token}` };

    const body = JSON.stringify({
      headline: 'Council Leader Blames Heatwave On Pet Goose, Updated',
      summary: 'An edited summary.',
      content: 'Edited content.\n\nSecond paragraph.',
      category: 'Politics',
      author: 'Bench Editor',
      source: 'Bench Wire',
      ratingOutOfTen: 6,
      comments: 'Edited by the benchmark.',
      isBreaking: false,
    });
    let nextEdit = 0;
    let nextSchedule = 0;
    const publishAt = new Date(Date.now() + 7 * 24 * 3_600_000).toISOString();
    const scenarios = [
      {
        name: 'PUT /api/admin/articles/{id}',
        setup: (req: autocannon.Request) => {
          const id = ids[nextEdit++ % ids.length]!;
          const version = versions.get(id)!;
          versions.set(id, version + 1);
          return {
            ...req,
            method: 'PUT' as const,
            path: `/api/admin/articles/${id}`,
            headers: { ...auth, 'content-type': 'application/json', 'if-match': `"${version}"` },
            body,
          };
        },
      },
      {
        name: 'POST /api/admin/articles/{id}/schedule',
        setup: (req: autocannon.Request) => ({
          ...req,
          method: 'POST' as const,
          path: `/api/admin/articles/${drafts[nextSchedule++ % drafts.length]}/schedule`,
          headers: { ...auth, 'content-type': 'application/json' },
          body: JSON.stringify({ publishAt }),
        }),
      },
    ];
    for (const s of scenarios) {
      // Warm-up (2 s, other articles) so the JIT and the connection pool are settled before measuring.
      await autocannon({ url: server.baseUrl, connections, duration: 2, requests: [{ setupRequest: s.setup }] });
      log(`Running ${s.name} for ${duration} s at ${connections} connections ...`);
      const cpuBefore = readCpuMs(server.pid);
      const r = await autocannon({
        url: server.baseUrl,
        connections,
        duration,
        requests: [{ setupRequest: s.setup }],
      });
      const cpuAfter = readCpuMs(server.pid);
      // The server's own CPU per request hardly depends on what else runs on the machine.
      const cpu =
        cpuBefore !== null && cpuAfter !== null && r.requests.total > 0
          ? `, server CPU ${((cpuAfter - cpuBefore) / r.requests.total).toFixed(1)} ms/request`
          : '';
      log(
        `  ${Math.round(r.requests.average)} req/s, p50 ${r.latency.p50} ms, p99 ${r.latency.p99} ms, max ${r.latency.max} ms, non-2xx ${r.non2xx}, errors ${r.errors}${cpu}`,
      );
    }

    if (args['skip-uploads']) return;
    const jpeg = await testImage('jpeg', 2600, 1950);
    // Pad with an application segment so the upload is 4 MB of JPEG.
    const padded = jpeg.length >= 4 * 1024 * 1024 ? jpeg : padJpeg(jpeg, 4 * 1024 * 1024);
    log(`Uploading a ${(padded.length / 1048576).toFixed(1)} MB JPEG ${UPLOADS} times ...`);
    const rest = readRss(server.pid)?.rss ?? NaN;
    const sampler = sampleRss(server.pid, 50);
    const uploadCpuBefore = readCpuMs(server.pid);
    const times: number[] = [];
    for (let i = 0; i < UPLOADS; i++) {
      const { payload, headers } = multipartBody('file', 'photo.jpg', 'image/jpeg', padded);
      const started = performance.now();
      const res = await fetch(`${server.baseUrl}/api/admin/images`, {
        method: 'POST',
        headers: { ...auth, ...headers },
        body: new Uint8Array(payload),
      });
      await res.arrayBuffer();
      if (res.status !== 201) throw new Error(`upload answered ${res.status}`);
      times.push(performance.now() - started);
    }
    const uploadCpuAfter = readCpuMs(server.pid);
    await new Promise((r) => setTimeout(r, 3000));
    const peak = sampler.stop().peakSampled;
    const after = readRss(server.pid)?.rss ?? NaN;
    // And once more later: glibc hands freed memory back to the system lazily.
    await new Promise((r) => setTimeout(r, 12_000));
    const later = readRss(server.pid)?.rss ?? NaN;
    times.sort((a, b) => a - b);
    const mb = (n: number) => `${(n / 1048576).toFixed(0)} MB`;
    log(
      `  upload: median ${times[Math.floor(times.length / 2)]!.toFixed(0)} ms, max ${times[times.length - 1]!.toFixed(0)} ms${uploadCpuBefore !== null && uploadCpuAfter !== null ? `, server CPU ${((uploadCpuAfter - uploadCpuBefore) / UPLOADS).toFixed(0)} ms/upload (all threads)` : ''}; server RSS at rest ${mb(rest)}, peak ${mb(peak)}, 3 s after ${mb(after)}, 15 s after ${mb(later)}`,
    );
  } finally {
    await stop?.();
    remove?.();
    await pg.drop();
    await fs.rm(dataDir, { recursive: true, force: true });
  }
}

/** Inserts a COM segment series after SOI so the file reaches `size` bytes (still a valid JPEG). */
function padJpeg(jpeg: Buffer, size: number): Buffer {
  const segments: Buffer[] = [];
  let missing = size - jpeg.length;
  while (missing > 4) {
    const len = Math.min(65533, missing - 4);
    const seg = Buffer.alloc(len + 4, 0x20);
    seg[0] = 0xff;
    seg[1] = 0xfe;
    seg.writeUInt16BE(len + 2, 2);
    segments.push(seg);
    missing -= seg.length;
  }
  return Buffer.concat([jpeg.subarray(0, 2), ...segments, jpeg.subarray(2)]);
}

await main();
