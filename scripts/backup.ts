// `npm run backup -- [--out DIR] [--with-key]`: one consistent backup of the configured database
// (DATA_DIR's SQLite file through SQLite's online backup, or DATABASE_URL through pg_dump), the
// pictures of DATA_DIR/images (with S3_BUCKET: the bucket's object list) and a manifest, as one
// tar archive in DIR (default BACKUP_DIR). The server may keep running and writing meanwhile.
// The token key goes in only with --with-key. Exit code 0, or 1 with a message.
import path from 'node:path';
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from '../server/src/config.ts';
import { openDatabase, type Db } from '../server/src/db/index.ts';
import { takeBackup } from '../server/src/backup/backup.ts';

const USAGE = `Usage: npm run backup -- [--out DIR] [--with-key]
  --out DIR    where to write the archive (default BACKUP_DIR, else ./backups)
  --with-key   also put the token key into the archive (it decrypts the stored X and Facebook
               tokens and the sign-in keys): keep such an archive as safe as the key itself`;

export function formatBytes(n: number): string {
  if (n < 1024) return `${n} B`;
  const units = ['KB', 'MB', 'GB', 'TB'];
  let v = n / 1024;
  let i = 0;
  while (v >= 1024 && i < units.length - 1) {
    v /= 1024;
    i++;
  }
  return `${v.toFixed(v < 10 ? 1 : 0)} ${units[i]}`;
}

async function main(): Promise<number> {
  let args;
  try {
    args = parseArgs({
      args: process.argv.slice(2),
      options: { out: { type: 'string' }, 'with-key': { type: 'boolean' }, help: { type: 'boolean', short: 'h' } },
    });
  } catch (err) {
    console.error(`${(err as Error).message}\n${USAGE}`);
    return 1;
  }
  if (args.values.help) {
    console.log(USAGE);
    return 0;
  }
  const base =
    process.env.npm_lifecycle_event === 'backup' && process.env.INIT_CWD ? process.env.INIT_CWD : process.cwd();
  let database: Db | undefined;
  try {
    const config = loadConfig(process.env);
    const outDir = args.values.out ? path.resolve(base, args.values.out) : config.backup.dir;
    // The schema as it is: a backup never migrates the database it copies.
    database = await openDatabase(
      { ...config, databasePoolMax: 2, databaseStatementTimeoutMs: 0 },
      { skipMigrations: true },
    );
    const started = Date.now();
    const result = await takeBackup({
      database,
      dataDir: config.dataDir,
      outDir,
      withKey: Boolean(args.values['with-key']),
      tokenEncryptionKey: config.social.tokenEncryptionKey,
      s3: config.newsroom.s3,
    });
    const m = result.manifest;
    const rows = Object.values(m.database.tables).reduce((a, b) => a + b, 0);
    console.log(`backup written: ${result.file}`);
    const t = result.timings;
    const s = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
    console.log(
      `  ${formatBytes(result.sizeBytes)} in ${s(Date.now() - started)} (database ${s(t.databaseMs)}, pictures ${s(t.picturesMs)}, archive with checksums ${s(t.archiveMs)})`,
    );
    console.log(
      `  database: ${m.database.dialect}, schema ${m.schemaVersion ?? 'none'}, ${rows} rows in ${Object.keys(m.database.tables).length} tables`,
    );
    console.log(
      m.images.storage === 's3'
        ? `  pictures: ${m.images.count} objects in bucket ${m.images.s3?.bucket} listed, not copied (protect the bucket itself: see docs/decisions/031-backups.md)`
        : `  pictures: ${m.images.count} files`,
    );
    console.log(
      m.keyIncluded
        ? '  token key: INCLUDED (--with-key). Anyone with this archive can read the stored social tokens: keep it as safe as the key.'
        : '  token key: NOT included. Keep TOKEN_ENCRYPTION_KEY or DATA_DIR/token-encryption.key somewhere else: without it a restored server cannot read the stored tokens or its sign-in keys.',
    );
    return 0;
  } catch (err) {
    if (err instanceof ConfigError) console.error(err.message);
    else console.error('backup failed:', (err as Error).message);
    return 1;
  } finally {
    await database?.destroy();
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === import.meta.filename) {
  process.exitCode = await main();
}
