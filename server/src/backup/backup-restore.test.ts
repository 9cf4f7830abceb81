import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as tar from 'tar';
import { codeFlow } from '../test-support/sign-in-http.ts';
import { loadConfig } from '../config.ts';
import { cipherFromConfig, KEY_FILE_NAME } from '../crypto/token-cipher.ts';
import { migrateTo, openDatabase } from '../db/index.ts';
import { EditorsRepository } from '../repositories/editors-repository.ts';
import { SocialTokenRepository } from '../repositories/social-token-repository.ts';
import { PROJECT_ROOT } from '../project-root.ts';
import { createTestApp, TEST_APP_ENV, type TestApp } from '../test-support/test-app.ts';
import { createTestPostgresDatabase, type TestPostgresDatabase } from '../test-support/postgres-databases.ts';
import { freePort } from '../test-support/free-port.ts';
import { insertArticle } from '../test-support/admin-articles.ts';
import { ArchiveProblem, verifyArchive, type Manifest } from './archive.ts';
import { takeBackup } from './backup.ts';
import { migrations } from '../db/migrations/index.ts';
import { RestoreRefused, restoreBackup, type RestoreResult } from './restore.ts';

/** The newest migration: a backup taken today is at it, and a restore brings an older one forward to it. */
const LATEST_MIGRATION = Object.keys(migrations).at(-1);

/**
 * Backups taken while the newsroom writes, proven by restoring them (SQLite in project api,
 * PostgreSQL in api-pg): `npm run backup` runs as its own process, as an operator runs it, while
 * 1,000 publishes and edits go through the admin API; the archive is restored with
 * restoreBackup() (what `npm run restore` calls) and a server started on the copy.
 */

const EDITOR = { username: 'night.editor', password: 'a long night-desk passphrase' };
const FB_TOKEN = 'EAAB-stored-page-token-for-the-backup-test';
const ARTICLE = (headline: string) => ({
  headline,
  category: 'Politics',
  summary: 'A summary.',
  content: 'Body text.',
});

let t: TestApp;
let auth: Record<string, string>;
let tmp: string;
const pgDatabases: TestPostgresDatabase[] = [];

beforeAll(async () => {
  t = await createTestApp();
  auth = { authorization: await t.bearer() };
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'tabloid-backup-test-'));
  await new EditorsRepository(t.database).create({ username: EDITOR.username, password: EDITOR.password });
  await new SocialTokenRepository(t.database, cipherFromConfig(t.config)).put('facebook', t.config.siteName, {
    accessToken: FB_TOKEN,
    refreshToken: null,
    expiresAt: '2030-01-01T00:00:00.000Z',
    scope: 'pages_manage_posts',
  });
  // A picture, so the archive holds one beside the database.
  fs.mkdirSync(path.join(t.dataDir, 'images'), { recursive: true });
  fs.writeFileSync(path.join(t.dataDir, 'images', `${'ab'.repeat(16)}-960.webp`), Buffer.from('RIFF picture bytes'));
});

afterAll(async () => {
  await t?.close();
  for (const d of pgDatabases) await d.drop();
  fs.rmSync(tmp, { recursive: true, force: true });
});

const isPostgres = () => t.database.dialect === 'postgres';

/** `npm run backup` as its own process against the test app's database. */
function runBackupCommand(outDir: string, extra: string[] = []): Promise<{ code: number; out: string }> {
  const key = fs.readFileSync(path.join(t.dataDir, KEY_FILE_NAME), 'utf8').trim();
  const env: Record<string, string> = {
    ...process.env,
    ...TEST_APP_ENV,
    DATA_DIR: t.dataDir,
    DATABASE_URL: isPostgres() ? t.database.connectionString! : '',
    TOKEN_ENCRYPTION_KEY: key,
    BACKUP_DIR: path.join(tmp, 'unused-backup-dir'),
  };
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/backup.ts', '--out', outDir, ...extra], {
      cwd: PROJECT_ROOT,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (out += d));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code: code ?? 1, out }));
  });
}

/** Restores into a fresh target of the test's dialect; returns the result and a config for a server on it. */
async function restoreFresh(archive: string, name: string) {
  const dataDir = path.join(tmp, name);
  let databaseUrl = '';
  if (isPostgres()) {
    const db = await createTestPostgresDatabase(undefined, 'tabloid_restore');
    pgDatabases.push(db);
    databaseUrl = db.url;
  }
  const result = await restoreBackup({
    archive,
    dataDir,
    databaseUrl: databaseUrl || undefined,
    imagesDataDir: dataDir,
  });
  return { result, dataDir, databaseUrl };
}

describe('a backup taken while 1,000 publishes and edits go on', () => {
  let archive: string;
  let manifest: Manifest;
  let restored: RestoreResult;
  let restoredDataDir: string;
  let restoredUrl: string;
  /** Article id → the version the server acknowledged before the backup began. */
  const ackedBefore = new Map<number, number>();
  let revisionsBefore = 0;

  it(
    'is consistent: every write acknowledged before it began is in the restored copy',
    { timeout: 360_000 },
    async () => {
      const acked = new Map<number, { version: number; headline: string }>();
      let ops = 0;
      let backupDone = false;
      let backupStarted = false;
      const failures: string[] = [];
      const worker = async (w: number) => {
        while (ops < 1000 || !backupDone) {
          const n = ops++;
          const ids = [...acked.keys()];
          if (ids.length < 20 || n % 2 === 0) {
            const res = await t.app.inject({
              method: 'POST',
              url: '/api/admin/articles',
              headers: auth,
              payload: { ...ARTICLE(`Backup story ${w}-${n}`), published: true },
            });
            if (res.statusCode !== 201) failures.push(`create ${res.statusCode} ${res.body}`);
            else acked.set(res.json().id, { version: res.json().version, headline: res.json().headline });
          } else {
            const id = ids[n % ids.length]!;
            const cur = acked.get(id)!;
            const res = await t.app.inject({
              method: 'PUT',
              url: `/api/admin/articles/${id}`,
              headers: auth,
              payload: { ...ARTICLE(`Edited ${n}`), version: cur.version },
            });
            // 409: another worker edited it first (that edit is acknowledged and recorded instead).
            if (res.statusCode === 200) {
              const now = acked.get(id)!;
              if (res.json().version > now.version)
                acked.set(id, { version: res.json().version, headline: res.json().headline });
            } else if (res.statusCode !== 409) failures.push(`edit ${res.statusCode} ${res.body}`);
          }
        }
      };
      const workers = [0, 1, 2, 3].map(worker);
      while (ops < 300) await new Promise((r) => setTimeout(r, 10));
      for (const [id, a] of acked) ackedBefore.set(id, a.version);
      revisionsBefore = Number(
        (
          await t.database.db
            .selectFrom('article_revisions')
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
      backupStarted = true;
      const outDir = path.join(tmp, 'out');
      const run = await runBackupCommand(outDir, ['--with-key']);
      backupDone = true;
      await Promise.all(workers);
      expect(backupStarted).toBe(true);
      expect(failures).toEqual([]);
      expect(run.code, run.out).toBe(0);
      expect(run.out).toMatch(/token key: INCLUDED/);
      expect(ops).toBeGreaterThanOrEqual(1000);
      const files = fs.readdirSync(outDir).filter((f) => f.endsWith('.tar'));
      expect(files).toHaveLength(1);
      archive = path.join(outDir, files[0]!);
      manifest = await verifyArchive(archive);
      expect(manifest.database.dialect).toBe(t.database.dialect);
      expect(manifest.keyIncluded).toBe(true);
      expect(manifest.images.count).toBe(1);
      expect(manifest.schemaVersion).toBe(LATEST_MIGRATION);
      // Writes went on during the backup: the copy holds more than what was acknowledged before it.
      expect(manifest.database.tables.articles).toBeGreaterThanOrEqual(ackedBefore.size);

      ({
        result: restored,
        dataDir: restoredDataDir,
        databaseUrl: restoredUrl,
      } = await restoreFresh(archive, 'restored'));
      expect(restored.mismatches).toEqual([]);
      expect(restored.counts.find((c) => c.table === 'articles')).toEqual({
        table: 'articles',
        manifest: manifest.database.tables.articles,
        restored: manifest.database.tables.articles,
      });
      if (!isPostgres()) expect(restored.integrity).toEqual(['ok']);
      expect(restored.keyRestored).toBe(true);
      expect(fs.readdirSync(path.join(restoredDataDir, 'images'))).toEqual([`${'ab'.repeat(16)}-960.webp`]);

      const copy = await openDatabase({ dataDir: restoredDataDir, databaseUrl: restoredUrl }, { skipMigrations: true });
      try {
        const rows = await copy.db.selectFrom('articles').select(['id', 'version']).execute();
        const versions = new Map(rows.map((r) => [r.id, r.version]));
        const missing = [...ackedBefore].filter(([id, v]) => (versions.get(id) ?? 0) < v);
        expect(missing, 'acknowledged writes missing from the restored copy').toEqual([]);
        const revisions = await copy.db
          .selectFrom('article_revisions')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow();
        expect(Number(revisions.n)).toBeGreaterThanOrEqual(revisionsBefore);
        expect(Number(revisions.n)).toBe(manifest.database.tables.article_revisions);
      } finally {
        await copy.destroy();
      }
    },
  );

  it('the restored server serves the articles, the revisions, the editors’ sign-in and the stored tokens', async () => {
    expect(restored, 'the first test restored the backup').toBeDefined();
    const port = await freePort();
    const config = loadConfig({
      ...TEST_APP_ENV,
      DATA_DIR: restoredDataDir,
      DATABASE_URL: restoredUrl,
      // PostgreSQL takes the key from the environment only: the one the archive brought back.
      TOKEN_ENCRYPTION_KEY: restoredUrl
        ? fs.readFileSync(path.join(restoredDataDir, KEY_FILE_NAME), 'utf8').trim()
        : '',
      WEB_DIST_DIR: path.join(restoredDataDir, 'no-web-dist'),
      PORT: String(port),
      PUBLIC_URL: `http://127.0.0.1:${port}`,
    });
    const r = await createTestApp({ config, listen: true });
    try {
      const [id, version] = [...ackedBefore].at(-1)!;
      const article = await r.app.inject({
        method: 'GET',
        url: `/api/admin/articles/${id}`,
        headers: { authorization: await r.bearer() },
      });
      expect(article.statusCode).toBe(200);
      expect(article.json().version).toBeGreaterThanOrEqual(version);
      const pub = await r.app.inject({ method: 'GET', url: `/News/slug/${article.json().slug}` });
      expect(pub.statusCode).toBe(200);
      expect(pub.json().headline).toBe(article.json().headline);

      // An article edited before the backup: its revisions came along.
      const edited = [...ackedBefore].find(([, v]) => v > 1);
      expect(edited, 'some article was edited before the backup').toBeDefined();
      const revs = await r.app.inject({
        method: 'GET',
        url: `/api/admin/articles/${edited![0]}/revisions`,
        headers: { authorization: await r.bearer() },
      });
      expect(revs.statusCode).toBe(200);
      expect(revs.json().revisions.length).toBeGreaterThanOrEqual(1);

      // The editor created before the backup signs in with the password (the provider's keys restored and readable).
      const tokens = await codeFlow({ origin: r.baseUrl }).signIn(EDITOR);
      expect(tokens.access_token).toBeTruthy();
      const me = await fetch(`${r.baseUrl}/api/admin/dashboard`, {
        headers: { authorization: `Bearer ${tokens.access_token}` },
      });
      expect(me.status).toBe(200);

      // The stored Facebook token, decrypted with the restored key.
      const fb = await r.app.inject({
        method: 'GET',
        url: `/api/social/facebook/${encodeURIComponent(config.siteName)}/token`,
        headers: { authorization: `Bearer ${tokens.access_token}` },
      });
      expect(fb.statusCode).toBe(200);
      expect(fb.json()).toMatchObject({ tokenPresent: true, expiresAtUtc: '2030-01-01T00:00:00.000Z' });
      const stored = await new SocialTokenRepository(r.database, cipherFromConfig(config)).get(
        'facebook',
        config.siteName,
      );
      expect(stored?.accessToken).toBe(FB_TOKEN);
    } finally {
      await r.close();
    }
  });

  it('refuses a data directory or database that a running server uses, and one that is not empty', async () => {
    expect(archive).toBeDefined();
    // The running test app's own data directory / database.
    await expect(
      restoreBackup({
        archive,
        dataDir: t.dataDir,
        databaseUrl: isPostgres() ? t.database.connectionString : undefined,
        force: true,
      }),
    ).rejects.toThrow(RestoreRefused);
    await expect(
      restoreBackup({
        archive,
        dataDir: t.dataDir,
        databaseUrl: isPostgres() ? t.database.connectionString : undefined,
        force: true,
      }),
    ).rejects.toThrow(/in use/);
    // The copy restored above is stopped but holds data: refused without --force, moved aside with it.
    const again = {
      archive,
      dataDir: restoredDataDir,
      databaseUrl: restoredUrl || undefined,
      imagesDataDir: restoredDataDir,
    };
    await expect(restoreBackup(again)).rejects.toThrow(/not empty/);
    const forced = await restoreBackup({ ...again, force: true });
    expect(forced.movedAside).toBeTruthy();
    expect(forced.mismatches).toEqual([]);
    if (!isPostgres()) {
      expect(fs.existsSync(path.join(forced.movedAside!, 'tabloid.db'))).toBe(true);
    } else {
      const u = new URL(restoredUrl);
      u.pathname = `/${forced.movedAside}`;
      pgDatabases.push({ name: forced.movedAside!, url: u.toString(), drop: dropDatabase(forced.movedAside!) });
    }
  });
});

function dropDatabase(name: string) {
  return async () => {
    const admin = await openDatabase(
      { dataDir: tmp, databaseUrl: process.env.TEST_DATABASE_URL!, databasePoolMax: 1 },
      { skipMigrations: true },
    );
    try {
      const { sql } = await import('kysely');
      await sql`drop database if exists ${sql.id(name)} with (force)`.execute(admin.db);
    } finally {
      await admin.destroy();
    }
  };
}

describe('a damaged archive is refused with what is wrong, and nothing is written', () => {
  let good: string;
  let pictureBytes: Buffer;
  beforeAll(async () => {
    const outDir = path.join(tmp, 'damage');
    pictureBytes = Buffer.from(`picture ${'x'.repeat(2000)} end`);
    fs.writeFileSync(path.join(t.dataDir, 'images', `${'cd'.repeat(16)}-480.webp`), pictureBytes);
    const run = await runBackupCommand(outDir);
    expect(run.code, run.out).toBe(0);
    expect(run.out).toMatch(/token key: NOT included/);
    good = path.join(
      outDir,
      fs.readdirSync(outDir).find((f) => f.endsWith('.tar'))!,
    );
  });

  async function expectRefused(archive: string, message: RegExp) {
    const dataDir = path.join(tmp, `never-${path.basename(archive)}`);
    const admin = isPostgres() ? await createTestPostgresDatabase(undefined, 'tabloid_never') : null;
    if (admin) {
      pgDatabases.push(admin);
      // An empty database stays empty: nothing restored into it.
    }
    const err = await restoreBackup({ archive, dataDir, databaseUrl: admin?.url, imagesDataDir: dataDir }).catch(
      (e: Error) => e,
    );
    expect(err).toBeInstanceOf(ArchiveProblem);
    expect((err as Error).message).toMatch(message);
    expect(fs.existsSync(dataDir)).toBe(false);
    expect(fs.readdirSync(path.dirname(dataDir)).filter((f) => f.includes(path.basename(dataDir)))).toEqual([]);
    if (admin) {
      const db = await openDatabase({ dataDir, databaseUrl: admin.url, databasePoolMax: 1 }, { skipMigrations: true });
      try {
        const { countRows } = await import('../repositories/backup-repository.ts');
        expect(await countRows(db.db, 'postgres')).toEqual({});
      } finally {
        await db.destroy();
      }
    }
  }

  it('the intact archive verifies', async () => {
    const manifest = await verifyArchive(good);
    expect(manifest.keyIncluded).toBe(false);
    expect(manifest.files.map((f) => f.path)).toContain(`images/${'cd'.repeat(16)}-480.webp`);
  });

  it('a truncated archive', async () => {
    const bytes = fs.readFileSync(good);
    const cut = path.join(tmp, 'truncated.tar');
    fs.writeFileSync(cut, bytes.subarray(0, Math.floor(bytes.length * 0.6)));
    await expectRefused(cut, /damaged or truncated|missing from the archive/);
  });

  it('a changed byte in a file', async () => {
    const bytes = Buffer.from(fs.readFileSync(good));
    const at = bytes.indexOf(pictureBytes);
    expect(at).toBeGreaterThan(0);
    bytes[at + 100] = bytes[at + 100]! ^ 0x01;
    const changed = path.join(tmp, 'changed-byte.tar');
    fs.writeFileSync(changed, bytes);
    await expectRefused(changed, new RegExp(`images/${'cd'.repeat(16)}-480\\.webp does not match its SHA-256`));
  });

  it('a manifest that does not match the files', async () => {
    const dir = path.join(tmp, 'unpacked');
    fs.mkdirSync(dir);
    await tar.x({ file: good, cwd: dir });
    const manifest = JSON.parse(fs.readFileSync(path.join(dir, 'manifest.json'), 'utf8')) as Manifest;
    // Claims a picture the archive lacks, and another size for the database.
    manifest.files.push({ path: `images/${'ef'.repeat(16)}-960.webp`, size: 10, sha256: 'a'.repeat(64) });
    manifest.images.count += 1;
    manifest.files[0]!.size += 1;
    fs.writeFileSync(path.join(dir, 'manifest.json'), JSON.stringify(manifest));
    const edited = path.join(tmp, 'edited-manifest.tar');
    await tar.c({ file: edited, cwd: dir, portable: true }, ['manifest.json', 'database', 'images']);
    await expectRefused(
      edited,
      /images\/efef.*missing from the archive[\s\S]*|database\/tabloid\.\w+ has \d+ bytes, the manifest says/,
    );
    const err = (await verifyArchive(edited).catch((e: Error) => e)) as ArchiveProblem;
    expect(err.problems).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^images\/(ef){16}-960\.webp is listed in the manifest but missing from the archive$/),
        expect.stringMatching(/^database\/tabloid\.(db|pgdump) has \d+ bytes, the manifest says \d+$/),
      ]),
    );
  });

  it('an archive that is not a backup at all', async () => {
    const junk = path.join(tmp, 'junk.tar');
    fs.writeFileSync(junk, Buffer.alloc(4096, 7));
    await expectRefused(junk, /damaged or truncated|not a backup archive/);
  });
});

describe('a backup of an older version', () => {
  it('is brought forward by the migrations when restored', { timeout: 120_000 }, async () => {
    const oldDir = path.join(tmp, 'older-version');
    const old = await openDatabase({ dataDir: oldDir, databaseUrl: '' }, { skipMigrations: true });
    let archive: string;
    try {
      await migrateTo(old.db, old.dialect, '031-article-counts-slots');
      await insertArticle(old.db, { headline: 'Written by an older version' });
      const result = await takeBackup({ database: old, dataDir: oldDir, outDir: path.join(tmp, 'older-out') });
      expect(result.manifest.schemaVersion).toBe('031-article-counts-slots');
      expect(result.manifest.database.tables).not.toHaveProperty('backup_runs');
      archive = result.file;
    } finally {
      await old.destroy();
    }
    const { result } = await restoreFresh(archive, 'older-restored');
    expect(result.schemaBefore).toBe('031-article-counts-slots');
    expect(result.schemaAfter).toBe(LATEST_MIGRATION);
    expect(result.mismatches).toEqual([]);
    expect(result.counts.find((c) => c.table === 'articles')).toEqual({ table: 'articles', manifest: 1, restored: 1 });
    // The counts are of the backup's own tables, taken before the migrations ran forward: the table a
    // later migration adds is not among them.
    expect(result.counts.find((c) => c.table === 'backup_runs')).toBeUndefined();
  });
});
