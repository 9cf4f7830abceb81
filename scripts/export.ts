// `npm run export -- FILE`: writes every article of the configured database (DATA_DIR or
// DATABASE_URL) as NDJSON, one record per line, by id (format: scripts/article-ndjson.ts).
// Articles in the trash are left out (the record has no trash flag: an import would revive them as
// drafts); the message on standard error says how many.
// `npm run import -- FILE --keep-ids` into an empty database reads it back unchanged.
// FILE '-' writes to standard output. Exit code 0, or 1 with a message.
import fs from 'node:fs';
import path from 'node:path';
import { once } from 'node:events';
import { ConfigError, loadConfig } from '../server/src/config.ts';
import { openDatabase, type Db } from '../server/src/db/index.ts';
import { countTrashed, readArticlesById } from '../server/src/repositories/article-transfer.ts';
import { toRecord } from './article-ndjson.ts';
import { articleLinks } from '../server/src/repositories/authors-and-tags.ts';
import type { ArticleRow } from '../server/src/db/schema.ts';
import { parseFileCommand } from './file-command-args.ts';

const USAGE = 'Usage: npm run export -- FILE\n  FILE  where to write the articles as NDJSON (- for standard output)';

export async function runExport(database: Db, out: NodeJS.WritableStream): Promise<number> {
  let n = 0;
  let batch: ArticleRow[] = [];
  // Authors and tags are read for a thousand articles at a time.
  const flush = async () => {
    const links = await articleLinks(
      database.db,
      batch.map((r) => Number(r.id)),
    );
    for (const row of batch) {
      if (!out.write(`${JSON.stringify(toRecord(row, links.get(Number(row.id))))}\n`)) await once(out, 'drain');
      n++;
    }
    batch = [];
  };
  for await (const row of readArticlesById(database)) {
    batch.push(row);
    if (batch.length >= 1_000) await flush();
  }
  await flush();
  return n;
}

async function main(): Promise<number> {
  const args = parseFileCommand('export', USAGE);
  if ('exitCode' in args) return args.exitCode;
  const base = args.baseDir;
  const target = args.file;
  let database: Db | undefined;
  try {
    const config = loadConfig(process.env);
    database = await openDatabase(config);
    if (target === '-') {
      await runExport(database, process.stdout);
      return 0;
    }
    const file = path.resolve(base, target);
    const tmp = `${file}.partial`;
    const out = fs.createWriteStream(tmp);
    const n = await runExport(database, out);
    out.end();
    await once(out, 'finish');
    fs.renameSync(tmp, file);
    const trashed = await countTrashed(database);
    console.error(`${n} articles exported to ${file}${trashed > 0 ? ` (${trashed} in the trash left out)` : ''}`);
    return 0;
  } catch (err) {
    if (err instanceof ConfigError) console.error(err.message);
    else console.error('export failed:', (err as Error).message);
    return 1;
  } finally {
    await database?.destroy();
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === import.meta.filename) {
  process.exitCode = await main();
}
