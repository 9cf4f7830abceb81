// `npm run import -- FILE [--dry-run]`: loads articles from a JSON array or NDJSON file.
// Every record is validated with the same rules as POST /api/admin/articles; good records
// are stored in batches (one transaction per batch, each with its 'create' audit row,
// actor 'import'); malformed ones are reported with their line number and skipped.
// Exit code: 0 all stored, 2 some skipped, 1 fatal (no file, unreadable, database error).
// --keep-ids: records carry `id`, `createdAt`, `updatedAt` (as `npm run export` writes them) and
// are stored with those (into a database that does not have those ids yet).
import fs from 'node:fs';
import path from 'node:path';
import cliProgress from 'cli-progress';
import { ConfigError, loadConfig } from '../server/src/config.ts';
import { openDatabase, type Db } from '../server/src/db/index.ts';
import { AdminArticlesRepository } from '../server/src/repositories/admin-articles.ts';
import { IMPORT_ACTOR } from '../server/src/repositories/audit-log.ts';
import { validateArticleInput, type ValidArticle } from '../server/src/domain/article-input.ts';
import { formatFieldErrors, stripForbiddenCharacters } from '../server/src/domain/typebox-validation.ts';
import { insertExactArticles, type ExactArticle } from '../server/src/repositories/article-transfer.ts';
import { splitMeta } from './article-ndjson.ts';
import { missingBodyImages } from '../server/src/images/body-images.ts';
import { FileImageStore, S3ImageStore, type ImageStore } from '../server/src/images/storage.ts';
import { parseFileCommand } from './file-command-args.ts';
import { detectFormat, ImportFileError, readJsonArray, readNdjson, type RawRecord } from './import-records.ts';

export const IMPORT_BATCH_SIZE = 500;

const USAGE =
  'Usage: npm run import -- FILE [--dry-run] [--keep-ids]\n  FILE  a JSON array of articles, or NDJSON (one article per line)\n  --keep-ids  keep the id, createdAt and updatedAt of each record (a file of npm run export)';

interface Progress {
  start(total: number, unit: 'records' | 'bytes'): void;
  advance(records: number, bytes?: number): void;
  stop(): void;
}

/** A bar on a terminal; otherwise a plain line at every tenth of the way (and at the end). */
function progress(tty: boolean, out: NodeJS.WritableStream): Progress {
  let total = 0;
  let unit: 'records' | 'bytes' = 'records';
  let records = 0;
  let done = 0;
  let nextReport = 0;
  let bar: cliProgress.SingleBar | undefined;
  return {
    start(t, u) {
      total = t;
      unit = u;
      nextReport = total / 10;
      if (tty) {
        bar = new cliProgress.SingleBar(
          {
            format: ` {bar} {percentage}% | {records} records | ${u === 'bytes' ? '{value}/{total} bytes' : '{value}/{total}'} | ETA {eta_formatted}`,
            stream: out as NodeJS.WriteStream,
            hideCursor: true,
          },
          cliProgress.Presets.shades_classic,
        );
        bar.start(Math.max(total, 1), 0, { records: 0 });
      }
    },
    advance(n, bytes) {
      records += n;
      done += unit === 'bytes' ? (bytes ?? 0) : n;
      if (bar) bar.update(Math.min(done, total), { records });
      else if (total > 0 && done >= nextReport && done < total) {
        out.write(`progress: ${records} records read (${Math.floor((done / total) * 100)}%)\n`);
        nextReport = done + total / 10;
      }
    },
    stop() {
      if (bar) {
        bar.update(Math.max(total, 1), { records });
        bar.stop();
      } else out.write(`progress: ${records} records read (100%)\n`);
    },
  };
}

export interface ImportOptions {
  file: string;
  dryRun: boolean;
  database: Db;
  out: NodeJS.WritableStream;
  err: NodeJS.WritableStream;
  tty: boolean;
  /** Store each record with its own id and timestamps (an export file). */
  keepIds?: boolean;
  /**
   * The site's uploaded images: a record whose body shows a picture (or embed thumbnail) not in it
   * is skipped. Without it (tests of other rules), image ids are checked for their form only.
   */
  imageStore?: ImageStore;
}

export interface ImportResult {
  read: number;
  stored: number;
  skipped: { line: number; index: number; reason: string }[];
  /** Records stored without the control characters they held (NUL...), with the fields cleaned. */
  cleaned: { line: number; index: number; fields: string[] }[];
}

export async function runImport(opts: ImportOptions): Promise<ImportResult> {
  if (!fs.existsSync(opts.file)) throw new ImportFileError(`${opts.file}: no such file`);
  if (!fs.statSync(opts.file).isFile()) throw new ImportFileError(`${opts.file} is not a file`);
  const format = await detectFormat(opts.file);
  const repo = new AdminArticlesRepository(opts.database.db, opts.database.dialect);
  const bar = progress(opts.tty, opts.err);
  const result: ImportResult = { read: 0, stored: 0, skipped: [], cleaned: [] };
  const skipped = (r: RawRecord, reason: string) => {
    result.skipped.push({ line: r.line, index: r.index, reason });
    // On a terminal the bar owns the screen: skipped records are listed once it stops.
    if (!opts.tty) opts.err.write(`skipped: ${where(format, r)}: ${reason}\n`);
  };

  let batch: ValidArticle[] = [];
  const flush = async () => {
    if (batch.length === 0) return;
    if (!opts.dryRun) {
      if (opts.keepIds) await insertExactArticles(opts.database, batch as ExactArticle[], IMPORT_ACTOR);
      else await repo.createMany(batch, IMPORT_ACTOR);
    }
    result.stored += batch.length;
    batch = [];
  };
  const take = async (r: RawRecord) => {
    result.read++;
    if ('parseError' in r) skipped(r, r.parseError);
    else {
      const split = splitMeta(r.value, opts.keepIds === true);
      if ('error' in split) skipped(r, split.error);
      else {
        // Characters no text may hold (NUL and other control characters) are removed, and reported.
        const clean = stripForbiddenCharacters(split.article);
        const v = validateArticleInput(clean.value);
        // An export read back (--keep-ids) was checked when it was stored; its pictures travel with
        // the images folder or bucket, not with the file.
        const missing =
          v.ok && opts.imageStore && !opts.keepIds ? await missingBodyImages(opts.imageStore, v.value.body) : [];
        if (missing.length > 0) skipped(r, formatFieldErrors(missing, 'record'));
        else if (v.ok) {
          batch.push({ ...v.value, ...split.meta });
          if (clean.changed.length > 0) {
            result.cleaned.push({ line: r.line, index: r.index, fields: clean.changed });
            if (!opts.tty) opts.err.write(cleanedLine(format, r, clean.changed));
          }
        } else skipped(r, formatFieldErrors(v.errors, 'record'));
      }
    }
    if (batch.length >= IMPORT_BATCH_SIZE) await flush();
  };

  if (format === 'json-array') {
    const { total, records } = await readJsonArray(opts.file);
    bar.start(total, 'records');
    for (const r of records) {
      await take(r);
      bar.advance(1);
    }
  } else {
    bar.start(fs.statSync(opts.file).size, 'bytes');
    let bytes = 0;
    for await (const r of readNdjson(opts.file, (b) => (bytes += b))) {
      await take(r);
      bar.advance(1, bytes);
      bytes = 0;
    }
  }
  await flush();
  bar.stop();

  if (opts.tty) for (const c of result.cleaned) opts.err.write(cleanedLine(format, c, c.fields));
  if (opts.tty) for (const s of result.skipped) opts.err.write(`skipped: ${where(format, s)}: ${s.reason}\n`);
  const verb = opts.dryRun ? 'would be imported (dry run: nothing stored)' : 'imported';
  opts.out.write(`${result.stored} of ${result.read} records ${verb}; ${result.skipped.length} skipped.\n`);
  return result;
}

function cleanedLine(format: 'json-array' | 'ndjson', r: { line: number; index: number }, fields: string[]): string {
  return `cleaned: ${where(format, r)}: control characters removed from ${fields.join(', ')}\n`;
}

function where(format: 'json-array' | 'ndjson', r: { line: number; index: number }): string {
  return format === 'ndjson' ? `line ${r.line}` : `line ${r.line} (array index ${r.index})`;
}

async function main(): Promise<number> {
  const parsed = parseFileCommand('import', USAGE, { 'dry-run': { type: 'boolean' }, 'keep-ids': { type: 'boolean' } });
  if ('exitCode' in parsed) return parsed.exitCode;
  const file = path.resolve(parsed.baseDir, parsed.file);
  let database: Db | undefined;
  let s3Store: S3ImageStore | undefined;
  try {
    if (!fs.existsSync(file)) throw new ImportFileError(`${file}: no such file`);
    const config = loadConfig(process.env);
    database = await openDatabase(config);
    const { s3 } = config.newsroom;
    s3Store = s3 ? new S3ImageStore(s3) : undefined;
    const imageStore = s3Store ?? new FileImageStore(path.join(config.dataDir, 'images'));
    const result = await runImport({
      imageStore,
      file,
      dryRun: parsed.values['dry-run'] === true,
      keepIds: parsed.values['keep-ids'] === true,
      database,
      out: process.stdout,
      err: process.stderr,
      tty: process.stderr.isTTY === true,
    });
    return result.skipped.length > 0 ? 2 : 0;
  } catch (err) {
    if (err instanceof ImportFileError || err instanceof ConfigError) console.error(err.message);
    else console.error('import failed:', err);
    return 1;
  } finally {
    s3Store?.destroy();
    await database?.destroy();
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === import.meta.filename) {
  process.exitCode = await main();
}
