import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, SqliteDialect } from 'kysely';
import type { Db } from '../db/index.ts';
import type { Database } from '../db/schema.ts';
import { KEY_FILE_NAME } from '../crypto/token-cipher.ts';
import { FileImageStore, S3ImageStore } from '../images/storage.ts';
import type { S3Config } from '../newsroom-config.ts';
import { PROJECT_ROOT } from '../project-root.ts';
import {
  countRows,
  integrityCheck,
  latestMigration,
  recordBackupRun,
  withExportedSnapshot,
} from '../repositories/backup-repository.ts';
import {
  ARCHIVE_FORMAT,
  ARCHIVE_FORMAT_VERSION,
  KEY_ENTRY,
  POSTGRES_ENTRY,
  SQLITE_ENTRY,
  writeArchive,
  type Manifest,
} from './archive.ts';
import { redactConnectionStrings, runPgTool } from './pg-tools.ts';

export interface BackupOptions {
  database: Db;
  dataDir: string;
  /** Where the archive goes (created if missing). */
  outDir: string;
  /** Put the token key into the archive (default: left out). */
  withKey?: boolean;
  /** TOKEN_ENCRYPTION_KEY when set; else the key file in DATA_DIR. */
  tokenEncryptionKey?: Buffer | null;
  /** With S3_BUCKET, the manifest lists the bucket's pictures instead of holding them. */
  s3?: S3Config | null;
  /** 'command' for npm run backup, 'scheduled' for the server's own schedule (recorded in backup_runs). */
  origin?: 'command' | 'scheduled';
  now?: () => Date;
  /**
   * SQLite pages copied per step. The server backs up through its own connection in small steps
   * (its writes between steps go into the copy too); a separate process copies everything in one
   * step, one read transaction that writers in WAL mode do not wait for.
   */
  pagesPerStep?: number;
}

export interface BackupResult {
  file: string;
  sizeBytes: number;
  /** Milliseconds per step: the database copy (and its check and counts), pictures, checksums, the archive. */
  timings: { databaseMs: number; picturesMs: number; archiveMs: number };
  manifest: Manifest;
  startedAt: string;
  finishedAt: string;
}

/** Archive names sort by time: tabloid-backup-2026-11-27T10-30-00-000Z.tar */
export const BACKUP_FILE_PATTERN = /^tabloid-backup-(\d{4}-\d{2}-\d{2})T(\d{2})-(\d{2})-(\d{2})-(\d{3})Z\.tar$/;

export function backupFileName(at: Date): string {
  return `tabloid-backup-${at.toISOString().replace(/[:.]/g, '-')}.tar`;
}

/** The time in a backup's file name, or null for any other file. */
export function backupFileTime(name: string): Date | null {
  const m = BACKUP_FILE_PATTERN.exec(name);
  return m ? new Date(`${m[1]}T${m[2]}:${m[3]}:${m[4]}.${m[5]}Z`) : null;
}

export function productVersion(): string {
  try {
    return (JSON.parse(fs.readFileSync(path.join(PROJECT_ROOT, 'package.json'), 'utf8')) as { version: string })
      .version;
  } catch {
    return 'unknown';
  }
}

/** The token key as stored (base64 line), or null when there is none yet. */
function tokenKeyText(dataDir: string, configured: Buffer | null | undefined): string | null {
  if (configured) return `${configured.toString('base64')}\n`;
  const file = path.join(dataDir, KEY_FILE_NAME);
  return fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : null;
}

/** Links a file into the staging folder (pictures never change once written), or copies it across file systems. */
function linkOrCopy(from: string, to: string): void {
  try {
    fs.linkSync(from, to);
  } catch (err) {
    if (!['EXDEV', 'EPERM', 'ENOTSUP'].includes((err as NodeJS.ErrnoException).code ?? '')) throw err;
    fs.copyFileSync(from, to);
  }
}

async function snapshotSqlite(database: Db, target: string, pagesPerStep: number) {
  if (!database.sqliteFile) throw new Error('the SQLite connection is not available for a backup');
  await database.sqliteFile.backup(target, { progress: () => pagesPerStep });
  // The copy is a database of its own: one file (no WAL), checked and counted before it is archived.
  const copy = new SQLite(target);
  try {
    copy.pragma('journal_mode = DELETE');
    const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: copy }) });
    // The quick check here; a restore runs the full one.
    const problems = (await integrityCheck(db, true)).filter((l) => l !== 'ok');
    if (problems.length) throw new Error(`the copy fails SQLite's integrity check: ${problems.slice(0, 5).join('; ')}`);
    return { tables: await countRows(db, 'sqlite'), schemaVersion: await latestMigration(db) };
  } finally {
    copy.close();
  }
}

async function snapshotPostgres(database: Db, target: string) {
  if (!database.connectionString) throw new Error('the PostgreSQL connection string is not available for a backup');
  const url = database.connectionString;
  return withExportedSnapshot(database.db, async (snapshot, trx) => {
    const tables = await countRows(trx, 'postgres');
    const schemaVersion = await latestMigration(trx);
    await runPgTool('pg_dump', ['--format=custom', `--snapshot=${snapshot}`, '--no-password', `--file=${target}`], url);
    return { tables, schemaVersion };
  });
}

/**
 * Takes one backup while the server runs: a consistent copy of the database (SQLite's online
 * backup, or pg_dump from one snapshot), the pictures, a manifest with row counts and a SHA-256
 * per file, written as `<outDir>/tabloid-backup-<time>.tar` (complete, or not there at all).
 * Records the run (succeeded or failed) in backup_runs.
 */
export async function takeBackup(options: BackupOptions): Promise<BackupResult> {
  const now = options.now ?? (() => new Date());
  const started = now();
  const origin = options.origin ?? 'command';
  try {
    const result = await writeBackup(options, started);
    const finishedAt = now().toISOString();
    // Best effort: a database of an older version (no backup_runs yet) is backed up all the same.
    await recordBackupRun(options.database.db, {
      started_at: started.toISOString(),
      finished_at: finishedAt,
      status: 'succeeded',
      origin,
      file: path.basename(result.file),
      size_bytes: result.sizeBytes,
      error: null,
    }).catch(() => undefined);
    return { ...result, finishedAt };
  } catch (err) {
    await recordBackupRun(options.database.db, {
      started_at: started.toISOString(),
      finished_at: now().toISOString(),
      status: 'failed',
      origin,
      file: null,
      size_bytes: null,
      error: redactConnectionStrings((err as Error).message).slice(0, 2000),
    }).catch(() => undefined);
    throw err;
  }
}

async function writeBackup(options: BackupOptions, started: Date): Promise<Omit<BackupResult, 'finishedAt'>> {
  const { database, dataDir, outDir } = options;
  fs.mkdirSync(outDir, { recursive: true });
  const name = backupFileName(started);
  const file = path.join(outDir, name);
  if (fs.existsSync(file)) throw new Error(`${file} exists already`);
  const staging = path.join(outDir, `.${name}.${crypto.randomBytes(4).toString('hex')}.staging`);
  const partial = `${staging}.partial`;
  fs.mkdirSync(path.join(staging, 'database'), { recursive: true, mode: 0o700 });
  try {
    let mark = performance.now();
    const lap = () => {
      const ms = Math.round(performance.now() - mark);
      mark = performance.now();
      return ms;
    };
    const dbEntry = database.dialect === 'sqlite' ? SQLITE_ENTRY : POSTGRES_ENTRY;
    const snapshot =
      database.dialect === 'sqlite'
        ? await snapshotSqlite(database, path.join(staging, dbEntry), options.pagesPerStep ?? 0x7fffffff)
        : await snapshotPostgres(database, path.join(staging, dbEntry));
    const databaseMs = lap();
    const createdAt = started.toISOString();
    const entries = [dbEntry];

    const images: Manifest['images'] = { storage: options.s3 ? 's3' : 'files', count: 0 };
    if (options.s3) {
      const objects: string[] = [];
      for await (const f of new S3ImageStore(options.s3).list()) objects.push(`images/${f.key}`);
      objects.sort();
      images.count = objects.length;
      images.s3 = { bucket: options.s3.bucket, endpoint: options.s3.endpoint, prefix: 'images/', objects };
    } else {
      const source = path.join(dataDir, 'images');
      fs.mkdirSync(path.join(staging, 'images'));
      const keys: string[] = [];
      for await (const f of new FileImageStore(source).list()) keys.push(f.key);
      keys.sort();
      for (const key of keys) {
        try {
          linkOrCopy(path.join(source, key), path.join(staging, 'images', key));
        } catch (err) {
          // Removed since it was listed (the sweep of unused pictures): not part of this backup.
          if ((err as NodeJS.ErrnoException).code === 'ENOENT') continue;
          throw err;
        }
        entries.push(`images/${key}`);
      }
      images.count = entries.length - 1;
    }

    let keyIncluded = false;
    if (options.withKey) {
      const key = tokenKeyText(dataDir, options.tokenEncryptionKey);
      if (!key)
        throw new Error(
          '--with-key: there is no token key (neither TOKEN_ENCRYPTION_KEY nor DATA_DIR/token-encryption.key)',
        );
      fs.mkdirSync(path.join(staging, 'key'), { mode: 0o700 });
      fs.writeFileSync(path.join(staging, KEY_ENTRY), key, { mode: 0o600 });
      entries.push(KEY_ENTRY);
      keyIncluded = true;
    }

    const picturesMs = lap();
    const manifest = await writeArchive(
      staging,
      entries,
      (files) => ({
        format: ARCHIVE_FORMAT,
        formatVersion: ARCHIVE_FORMAT_VERSION,
        createdAt,
        productVersion: productVersion(),
        schemaVersion: snapshot.schemaVersion,
        database: { dialect: database.dialect, file: dbEntry, tables: snapshot.tables },
        images,
        keyIncluded,
        files,
      }),
      partial,
    );
    // With the key inside, the archive is as secret as the key: readable by its owner only.
    fs.chmodSync(partial, 0o600);
    fs.renameSync(partial, file);
    const archiveMs = lap();
    return {
      file,
      sizeBytes: fs.statSync(file).size,
      manifest,
      startedAt: createdAt,
      timings: { databaseMs, picturesMs, archiveMs },
    };
  } finally {
    fs.rmSync(staging, { recursive: true, force: true });
    fs.rmSync(partial, { force: true });
  }
}
