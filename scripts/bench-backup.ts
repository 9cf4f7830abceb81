// `npm run bench:backup`: the backup targets of docs/performance.md, measured on SQLite.
//  1. Builds a newsroom of 100,000 articles (one revision each) and 1 GB of pictures (random
//     bytes in 5,000 files of 200 KB: WebP does not compress further, neither do these).
//  2. Starts the compiled server on it and loads /News with autocannon while `npm run backup`
//     runs as its own process; then loads /News for as long again without a backup. Reports both
//     p99 latencies and the backup's time and size.
//  3. Restores the archive onto an empty data directory (`npm run restore`), starts the server
//     on it, compares the counts and checks the pages and the admin API (signed in as the editor).
// BENCH_BACKUP_ARTICLES / BENCH_BACKUP_PICTURE_MB make a smaller run; BENCH_CONNECTIONS (10).
import { spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { codeFlow } from '../server/src/test-support/sign-in-http.ts';
import { openDatabase } from '../server/src/db/index.ts';
import type { Insertable } from 'kysely';
import type { ArticleRevisionsTable } from '../server/src/db/schema.ts';
import { seedBenchArticles } from './bench-seed.ts';
import { buildBenchServer, startServer } from './bench-server.ts';
import { freePort } from '../server/src/test-support/free-port.ts';

const ROOT = path.resolve(import.meta.dirname, '..');
const ARTICLES = Number(process.env.BENCH_BACKUP_ARTICLES ?? 100_000);
const PICTURE_MB = Number(process.env.BENCH_BACKUP_PICTURE_MB ?? 1024);
const PICTURE_BYTES = 200 * 1024;
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const EDITOR = { username: 'bench.editor', password: 'bench-only password, not a secret' };

const mb = (n: number) => `${(n / 1024 / 1024).toFixed(0)} MB`;
const secs = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

function run(
  script: string,
  args: string[],
  env: Record<string, string>,
): Promise<{ code: number; out: string; ms: number }> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', script, ...args], {
      cwd: ROOT,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (out += d));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code: code ?? 1, out, ms: performance.now() - started }));
  });
}

/** Loads `url` until `until` settles (or for `ms`); the autocannon result. */
function load(url: string, opts: { until?: Promise<unknown>; ms?: number }): Promise<autocannon.Result> {
  return new Promise((resolve, reject) => {
    const instance = autocannon(
      { url, connections: CONNECTIONS, duration: opts.ms ? opts.ms / 1000 : 3600 },
      (err, result) => (err ? reject(err) : resolve(result)),
    );
    if (opts.until) void opts.until.finally(() => instance.stop());
  });
}

async function seed(dataDir: string) {
  const env = { DATA_DIR: dataDir, DATABASE_URL: '' };
  const database = await openDatabase({ dataDir: env.DATA_DIR, databaseUrl: '' });
  try {
    const started = performance.now();
    await seedBenchArticles(database, ARTICLES, (done) => {
      if (done % 20_000 === 0) console.error(`  ${done} articles`);
    });
    // One revision per article, as a first save writes.
    const ids = await database.db.selectFrom('articles').select(['id', 'headline', 'version']).execute();
    for (let i = 0; i < ids.length; i += 500) {
      const rows: Insertable<ArticleRevisionsTable>[] = ids.slice(i, i + 500).map((a) => ({
        article_id: a.id,
        version: a.version,
        action: 'created',
        editor_subject: 'bench',
        editor_name: 'Bench Editor',
        at: new Date().toISOString(),
        changed_fields: '["headline"]',
        snapshot: JSON.stringify({ id: a.id, headline: a.headline }),
        image_id: null,
      }));
      await database.db.insertInto('article_revisions').values(rows).execute();
    }
    console.error(`  ${ids.length} articles and revisions in ${secs(performance.now() - started)}`);
  } finally {
    await database.destroy();
  }
  const images = path.join(dataDir, 'images');
  fs.mkdirSync(images, { recursive: true });
  const files = Math.round((PICTURE_MB * 1024 * 1024) / PICTURE_BYTES);
  for (let i = 0; i < files; i++) {
    fs.writeFileSync(
      path.join(images, `${crypto.randomBytes(16).toString('hex')}-960.webp`),
      crypto.randomBytes(PICTURE_BYTES),
    );
  }
  console.error(`  ${files} pictures, ${mb(files * PICTURE_BYTES)}`);
}

async function main() {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'tabloid-bench-backup-'));
  const dataDir = path.join(work, 'data');
  const outDir = path.join(work, 'backups');
  const restoredDir = path.join(work, 'restored');
  const serverEnv = { ADMIN_USERNAME: EDITOR.username, ADMIN_PASSWORD: EDITOR.password, BACKUP_DIR: outDir };
  const build = await buildBenchServer();
  try {
    console.error(`seeding ${ARTICLES} articles and ${PICTURE_MB} MB of pictures in ${work}`);
    await seed(dataDir);

    const server = await startServer({ port: await freePort(), dataDir, entry: build.entry, env: serverEnv });
    let during: autocannon.Result;
    let without: autocannon.Result;
    let backup: { code: number; out: string; ms: number };
    try {
      const news = `${server.baseUrl}/News`;
      await load(news, { ms: 3_000 }); // warm-up
      const backupRun = run('scripts/backup.ts', ['--out', outDir, '--with-key'], {
        DATA_DIR: dataDir,
        DATABASE_URL: '',
        BACKUP_DIR: outDir,
      });
      during = await load(news, { until: backupRun });
      backup = await backupRun;
      if (backup.code !== 0) throw new Error(`backup failed:\n${backup.out}`);
      without = await load(news, { ms: Math.max(5_000, Math.round(backup.ms)) });
    } finally {
      await server.stop();
    }
    const archive = path.join(
      outDir,
      fs.readdirSync(outDir).find((f) => f.endsWith('.tar'))!,
    );
    const size = fs.statSync(archive).size;

    const restore = await run('scripts/restore.ts', [archive, '--data-dir', restoredDir], {
      DATA_DIR: restoredDir,
      DATABASE_URL: '',
    });
    if (restore.code !== 0) throw new Error(`restore failed:\n${restore.out}`);
    const restored = await startServer({
      port: await freePort(),
      dataDir: restoredDir,
      entry: build.entry,
      env: serverEnv,
    });
    const checks: string[] = [];
    try {
      const get = async (p: string, headers: Record<string, string> = {}) => {
        const res = await fetch(`${restored.baseUrl}${p}`, { headers });
        await res.arrayBuffer();
        checks.push(`${p} ${res.status}`);
        if (!res.ok) throw new Error(`${p} answered ${res.status} on the restored server`);
        return res;
      };
      const list = (await (await fetch(`${restored.baseUrl}/News`)).json()) as { allArticles: { slug: string }[] };
      const slug = list.allArticles[0]!.slug;
      for (const p of [
        '/',
        '/News',
        `/News/slug/${slug}`,
        `/article/${slug}`,
        '/search?q=minister',
        '/sitemap.xml',
        '/admin',
      ])
        await get(p);
      const tokens = await codeFlow({ origin: restored.baseUrl }).signIn(EDITOR);
      const auth = { authorization: `Bearer ${tokens.access_token}` };
      for (const p of ['/api/admin/dashboard', '/api/admin/articles?pageSize=100', '/api/admin/audit'])
        await get(p, auth);
    } finally {
      await restored.stop();
    }

    const p99 = (r: autocannon.Result) => r.latency.p99;
    console.log(
      `\nbench:backup (${new Date().toISOString()}, ${os.cpus().length} cores, load ${os.loadavg()[0]!.toFixed(1)})`,
    );
    console.log(`  ${ARTICLES} articles with a revision each, ${PICTURE_MB} MB of pictures (SQLite)`);
    console.log(`  backup: ${secs(backup.ms)} (npm run backup, whole process), archive ${mb(size)}`);
    console.log(
      `  backup steps:${backup.out.split('\n').find((l) => / in .*\(database /.test(l)) ?? ' (not reported)'}`,
    );
    console.log(
      `  /News p99 during the backup: ${p99(during)} ms (${during.requests.total} requests, ${during.non2xx} non-2xx)`,
    );
    console.log(
      `  /News p99 without a backup:  ${p99(without)} ms (${without.requests.total} requests, ${without.non2xx} non-2xx)`,
    );
    console.log(`  ratio: ${(p99(during) / Math.max(1, p99(without))).toFixed(2)}x`);
    console.log(`  restore onto an empty data directory: ${secs(restore.ms)}`);
    console.log(
      restore.out
        .split('\n')
        .filter((l) => /^(restored| {2}schema| {2}SQLite| {2}pictures|articles |article_revisions )/.test(l))
        .join('\n'),
    );
    console.log(`  restored server: ${checks.join(', ')}`);
  } finally {
    build.remove();
    fs.rmSync(work, { recursive: true, force: true });
  }
}

await main();
