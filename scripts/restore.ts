// `npm run restore -- FILE [--data-dir DIR | --database-url URL] [--force]`: restores a backup
// archive written by `npm run backup` or the server's schedule. Every checksum is checked before
// anything is written; a data directory or database that a running server uses is refused, and
// one that is not empty too, unless --force (which moves it aside, never deletes it). The
// migrations then bring an older backup forward, and the manifest's row counts are printed next to
// the restored ones. Without --data-dir/--database-url: DATA_DIR or DATABASE_URL of the config.
// Exit code 0; 1 refused or failed (nothing written when the archive is damaged); 2 counts differ.
import path from 'node:path';
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from '../server/src/config.ts';
import { ArchiveProblem, RestoreRefused, restoreBackup, type RestoreResult } from '../server/src/backup/restore.ts';
import { redactConnectionStrings } from '../server/src/backup/pg-tools.ts';

const USAGE = `Usage: npm run restore -- FILE [--data-dir DIR | --database-url URL] [--force]
  FILE               a backup archive (tabloid-backup-….tar)
  --data-dir DIR     restore an embedded (SQLite) backup into DIR (default DATA_DIR); with a
                     PostgreSQL backup: where the pictures (and key) go
  --database-url URL restore a PostgreSQL backup into this database (default DATABASE_URL)
  --force            move a data directory or database that is not empty aside, then restore`;

export function countsTable(result: RestoreResult): string {
  const width = Math.max(5, ...result.counts.map((c) => c.table.length));
  const lines = [`${'table'.padEnd(width)}  ${'backup'.padStart(10)}  ${'restored'.padStart(10)}`];
  for (const c of result.counts) {
    const mark = result.mismatches.includes(c.table) ? '  ≠' : '';
    const show = (n: number | null) => (n === null ? '—' : String(n)).padStart(10);
    lines.push(`${c.table.padEnd(width)}  ${show(c.manifest)}  ${show(c.restored)}${mark}`);
  }
  return lines.join('\n');
}

async function main(): Promise<number> {
  let args;
  try {
    args = parseArgs({
      args: process.argv.slice(2),
      allowPositionals: true,
      options: {
        'data-dir': { type: 'string' },
        'database-url': { type: 'string' },
        force: { type: 'boolean' },
        help: { type: 'boolean', short: 'h' },
      },
    });
  } catch (err) {
    console.error(`${(err as Error).message}\n${USAGE}`);
    return 1;
  }
  if (args.values.help) {
    console.log(USAGE);
    return 0;
  }
  if (args.positionals.length !== 1) {
    console.error(USAGE);
    return 1;
  }
  const base =
    process.env.npm_lifecycle_event === 'restore' && process.env.INIT_CWD ? process.env.INIT_CWD : process.cwd();
  try {
    const config = loadConfig(process.env);
    const dataDir = args.values['data-dir'] ? path.resolve(base, args.values['data-dir']) : config.dataDir;
    const databaseUrl = args.values['database-url'] ?? config.databaseUrl;
    const result = await restoreBackup({
      archive: path.resolve(base, args.positionals[0]!),
      dataDir,
      databaseUrl: databaseUrl || undefined,
      imagesDataDir: dataDir,
      force: Boolean(args.values.force),
    });
    const m = result.manifest;
    console.log(`restored the backup of ${m.createdAt} (version ${m.productVersion}, ${m.database.dialect})`);
    if (result.movedAside) console.log(`  the previous data was moved aside to ${result.movedAside}`);
    console.log(
      result.schemaBefore === result.schemaAfter
        ? `  schema ${result.schemaAfter}`
        : `  schema ${result.schemaBefore} brought forward to ${result.schemaAfter}`,
    );
    if (result.integrity) console.log(`  SQLite integrity check: ${result.integrity.join('; ')}`);
    console.log(`  pictures: ${result.pictures}`);
    console.log(
      result.keyRestored
        ? m.database.dialect === 'postgres'
          ? `  token key: written to ${path.join(dataDir, 'token-encryption.key')}; set TOKEN_ENCRYPTION_KEY to its contents on every instance`
          : '  token key: restored from the archive'
        : '  token key: not in the archive: set TOKEN_ENCRYPTION_KEY, or put the key file back in DATA_DIR, before starting the server',
    );
    console.log(countsTable(result));
    if (result.mismatches.length) {
      console.error(`row counts differ from the backup's: ${result.mismatches.join(', ')}`);
      return 2;
    }
    return 0;
  } catch (err) {
    if (err instanceof ConfigError) console.error(err.message);
    else if (err instanceof ArchiveProblem || err instanceof RestoreRefused)
      console.error(`restore refused, nothing was written: ${err.message}`);
    else console.error('restore failed:', redactConnectionStrings((err as Error).message));
    return 1;
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === import.meta.filename) {
  process.exitCode = await main();
}
