import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { migrate, openDatabase, type Db } from '../db/index.ts';
import { KEY_FILE_NAME } from '../crypto/token-cipher.ts';
import {
  countRows,
  createPostgresDatabase,
  integrityCheck,
  latestMigration,
  otherSessions,
  postgresDatabaseExists,
  renamePostgresDatabase,
} from '../repositories/backup-repository.ts';
import {
  ArchiveProblem,
  extractArchive,
  KEY_ENTRY,
  POSTGRES_ENTRY,
  SQLITE_ENTRY,
  verifyArchive,
  type Manifest,
} from './archive.ts';
import { dataDirUser } from './data-dir-lock.ts';
import { redactConnectionStrings, runPgTool } from './pg-tools.ts';

export interface RestoreOptions {
  archive: string;
  /** SQLite: the data directory to restore into. */
  dataDir?: string;
  /** PostgreSQL: the database to restore into (created when missing). */
  databaseUrl?: string;
  /** PostgreSQL: the data directory that receives the pictures (and the key); optional. */
  imagesDataDir?: string;
  /** Move a data directory or database that is not empty aside (never deleted) and restore anyway. */
  force?: boolean;
  now?: () => Date;
}

export interface RestoredCount {
  table: string;
  manifest: number | null;
  restored: number | null;
}

export interface RestoreResult {
  manifest: Manifest;
  /** Where the old data directory or database went (--force). */
  movedAside: string | null;
  /** The schema version before and after the migrations that ran forward. */
  schemaBefore: string | null;
  schemaAfter: string | null;
  counts: RestoredCount[];
  /** Tables whose restored count differs from the manifest's. */
  mismatches: string[];
  /** SQLite's integrity check ('ok' or the problems); null on PostgreSQL. */
  integrity: string[] | null;
  pictures: number;
  keyRestored: boolean;
}

/** A restore that must not go ahead (a data directory in use, not empty, the wrong kind of backup). */
export class RestoreRefused extends Error {}

const stamp = (d: Date) =>
  d
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d+Z$/, 'Z');

function isEmptyDir(dir: string): boolean {
  return !fs.existsSync(dir) || fs.readdirSync(dir).length === 0;
}

function compareCounts(manifest: Manifest, restored: Record<string, number>) {
  const names = [...new Set([...Object.keys(manifest.database.tables), ...Object.keys(restored)])].sort();
  const counts: RestoredCount[] = names.map((table) => ({
    table,
    manifest: manifest.database.tables[table] ?? null,
    restored: restored[table] ?? null,
  }));
  const mismatches = counts
    .filter((c) => c.manifest !== null && c.manifest !== c.restored && c.table !== 'kysely_migration')
    .map((c) => c.table);
  return { counts, mismatches };
}

/**
 * Restores a backup archive: checks every checksum before anything is written, refuses a target
 * that a running server uses or that holds data (unless `force`, which moves it aside), restores,
 * brings the schema forward with the migrations and counts the rows again.
 */
export async function restoreBackup(options: RestoreOptions): Promise<RestoreResult> {
  const now = options.now ?? (() => new Date());
  const manifest = await verifyArchive(options.archive);
  if (manifest.database.dialect === 'sqlite') {
    if (!options.dataDir)
      throw new RestoreRefused('this backup holds an embedded (SQLite) database: restore it with --data-dir DIR');
    return restoreSqlite(options, options.dataDir, manifest, now);
  }
  if (!options.databaseUrl)
    throw new RestoreRefused('this backup holds a PostgreSQL database: restore it with --database-url postgres://…');
  return restorePostgres(options, options.databaseUrl, manifest, now);
}

function checkDataDir(dataDir: string, force: boolean): void {
  const user = dataDirUser(dataDir);
  if (user) throw new RestoreRefused(`${dataDir} is in use by ${user}: stop it first`);
  if (!isEmptyDir(dataDir) && !force)
    throw new RestoreRefused(`${dataDir} is not empty: choose an empty directory, or add --force to move it aside`);
}

function moveAside(dataDir: string, now: Date): string | null {
  if (isEmptyDir(dataDir)) {
    if (fs.existsSync(dataDir)) fs.rmdirSync(dataDir);
    return null;
  }
  const aside = `${dataDir}.before-restore-${stamp(now)}`;
  fs.renameSync(dataDir, aside);
  return aside;
}

/** Extracts next to the target (same file system, so the final step is a rename). */
async function extractBeside(archive: string, target: string): Promise<string> {
  const parent = path.dirname(path.resolve(target));
  fs.mkdirSync(parent, { recursive: true });
  const dir = path.join(parent, `.${path.basename(target)}.restoring-${crypto.randomBytes(4).toString('hex')}`);
  fs.mkdirSync(dir, { mode: 0o700 });
  try {
    await extractArchive(archive, dir);
  } catch (err) {
    fs.rmSync(dir, { recursive: true, force: true });
    throw err;
  }
  return dir;
}

/** Turns the archive's layout into a data directory's: tabloid.db (SQLite), images/, token-encryption.key. */
function arrangeDataDir(dir: string, manifest: Manifest): void {
  if (manifest.database.dialect === 'sqlite') fs.renameSync(path.join(dir, SQLITE_ENTRY), path.join(dir, 'tabloid.db'));
  else fs.rmSync(path.join(dir, POSTGRES_ENTRY), { force: true });
  fs.rmSync(path.join(dir, 'database'), { recursive: true, force: true });
  if (manifest.keyIncluded) {
    fs.renameSync(path.join(dir, KEY_ENTRY), path.join(dir, KEY_FILE_NAME));
    fs.chmodSync(path.join(dir, KEY_FILE_NAME), 0o600);
  }
  fs.rmSync(path.join(dir, 'key'), { recursive: true, force: true });
  fs.rmSync(path.join(dir, 'manifest.json'), { force: true });
  if (manifest.database.dialect === 'sqlite') fs.chmodSync(path.join(dir, 'tabloid.db'), 0o600);
}

async function finish(
  database: Db,
  manifest: Manifest,
  extra: Pick<RestoreResult, 'movedAside' | 'pictures' | 'keyRestored'>,
  schemaBefore: string | null,
): Promise<RestoreResult> {
  // The rows as the backup holds them, counted before the migrations run forward (a newer version's
  // migrations may add rows, e.g. a first revision for every article).
  const restored = await countRows(database.db, database.dialect);
  await migrate(database.db, database.dialect);
  const schemaAfter = await latestMigration(database.db);
  const integrity = database.dialect === 'sqlite' ? await integrityCheck(database.db) : null;
  return { manifest, ...extra, schemaBefore, schemaAfter, integrity, ...compareCounts(manifest, restored) };
}

async function restoreSqlite(options: RestoreOptions, target: string, manifest: Manifest, now: () => Date) {
  const dataDir = path.resolve(target);
  checkDataDir(dataDir, Boolean(options.force));
  const staged = await extractBeside(options.archive, dataDir);
  let movedAside: string | null = null;
  try {
    arrangeDataDir(staged, manifest);
    // Checked again just before the switch: a server may have started on it meanwhile.
    checkDataDir(dataDir, Boolean(options.force));
    movedAside = moveAside(dataDir, now());
    fs.renameSync(staged, dataDir);
  } catch (err) {
    fs.rmSync(staged, { recursive: true, force: true });
    throw err;
  }
  // The migrations run forward (in finish) when the backup is older than this version.
  const database = await openDatabase({ dataDir, databaseUrl: '' }, { skipMigrations: true });
  try {
    return await finish(
      database,
      manifest,
      {
        movedAside,
        pictures: manifest.images.storage === 'files' ? manifest.images.count : 0,
        keyRestored: manifest.keyIncluded,
      },
      manifest.schemaVersion,
    );
  } finally {
    await database.destroy();
  }
}

function withDatabaseName(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${encodeURIComponent(name)}`;
  return u.toString();
}

async function restorePostgres(options: RestoreOptions, databaseUrl: string, manifest: Manifest, now: () => Date) {
  const name = decodeURIComponent(new URL(databaseUrl).pathname.replace(/^\//, ''));
  if (!name) throw new RestoreRefused('--database-url must name a database (postgres://host/NAME)');
  const adminUrl = withDatabaseName(databaseUrl, name === 'postgres' ? 'template1' : 'postgres');
  const open = (url: string) =>
    openDatabase(
      { dataDir: os.tmpdir(), databaseUrl: url, databasePoolMax: 1, databaseStatementTimeoutMs: 0 },
      { skipMigrations: true },
    );
  let movedAside: string | null = null;
  const admin = await open(adminUrl);
  try {
    if (await postgresDatabaseExists(admin.db, name)) {
      const target = await open(databaseUrl);
      let inUse: { applicationName: string; count: number }[];
      let tables: number;
      try {
        inUse = await otherSessions(target.db);
        tables = Object.keys(await countRows(target.db, 'postgres')).length;
      } finally {
        await target.destroy();
      }
      if (inUse.length) {
        const who = inUse.map((s) => `${s.count} × ${s.applicationName || 'unnamed'}`).join(', ');
        throw new RestoreRefused(`database ${name} is in use (${who} connected): stop the servers first`);
      }
      if (tables > 0) {
        if (!options.force)
          throw new RestoreRefused(
            `database ${name} is not empty: choose an empty database, or add --force to move it aside`,
          );
        movedAside = `${name}_before_restore_${stamp(now()).toLowerCase()}`.slice(0, 63);
        await renamePostgresDatabase(admin.db, name, movedAside);
        await createPostgresDatabase(admin.db, name);
      }
    } else {
      await createPostgresDatabase(admin.db, name);
    }
  } finally {
    await admin.destroy();
  }

  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'tabloid-restore-'));
  let pictures = 0;
  let keyRestored = false;
  try {
    await extractArchive(options.archive, scratch);
    try {
      await runPgTool(
        'pg_restore',
        [
          '--no-owner',
          '--no-privileges',
          '--exit-on-error',
          '--single-transaction',
          '--no-password',
          path.join(scratch, POSTGRES_ENTRY),
        ],
        databaseUrl,
      );
    } catch (err) {
      throw new Error(redactConnectionStrings((err as Error).message));
    }
    if (options.imagesDataDir) {
      const dataDir = path.resolve(options.imagesDataDir);
      const user = dataDirUser(dataDir);
      if (user) throw new RestoreRefused(`${dataDir} is in use by ${user}: stop it first`);
      arrangeDataDir(scratch, manifest);
      fs.mkdirSync(path.join(dataDir, 'images'), { recursive: true });
      if (fs.existsSync(path.join(scratch, 'images')))
        for (const f of fs.readdirSync(path.join(scratch, 'images'))) {
          fs.renameSync(path.join(scratch, 'images', f), path.join(dataDir, 'images', f));
          pictures++;
        }
      if (manifest.keyIncluded) {
        fs.renameSync(path.join(scratch, KEY_FILE_NAME), path.join(dataDir, KEY_FILE_NAME));
        keyRestored = true;
      }
    }
  } finally {
    fs.rmSync(scratch, { recursive: true, force: true });
  }
  const database = await openDatabase(
    { dataDir: os.tmpdir(), databaseUrl, databasePoolMax: 2, databaseStatementTimeoutMs: 0 },
    { skipMigrations: true },
  );
  try {
    return await finish(database, manifest, { movedAside, pictures, keyRestored }, manifest.schemaVersion);
  } finally {
    await database.destroy();
  }
}

export { ArchiveProblem };
