import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import * as tar from 'tar';

/**
 * One backup is one tar archive (uncompressed: the pictures are WebP already, and the database
 * file is read back at disk speed). Its last entry is `manifest.json` (format version 2; the
 * first entry in version 1), listing the other entries, each with its size and the SHA-256 of
 * the bytes written into the archive (each file is read once, hashed as it goes in):
 *   database/tabloid.db        SQLite: the online backup's copy (journal mode DELETE, one file)
 *   database/tabloid.pgdump    PostgreSQL: pg_dump --format=custom
 *   images/<id>-<width>.webp   the pictures of DATA_DIR/images
 *   key/token-encryption.key   only with --with-key
 */
export const MANIFEST_NAME = 'manifest.json';
export const ARCHIVE_FORMAT = 'tabloid-backup';
export const ARCHIVE_FORMAT_VERSION = 2;
/** Format versions this version restores: 1 had the manifest first, hashed in a pass of its own. */
const READABLE_FORMAT_VERSIONS = [1, 2];
export const SQLITE_ENTRY = 'database/tabloid.db';
export const POSTGRES_ENTRY = 'database/tabloid.pgdump';
export const KEY_ENTRY = 'key/token-encryption.key';

export interface ManifestFile {
  path: string;
  size: number;
  sha256: string;
}

export interface Manifest {
  format: typeof ARCHIVE_FORMAT;
  formatVersion: number;
  /** When the database's snapshot was taken (ISO-8601 UTC). */
  createdAt: string;
  productVersion: string;
  /** The latest migration applied to the database that was backed up. */
  schemaVersion: string | null;
  database: {
    dialect: 'sqlite' | 'postgres';
    file: string;
    /** Row counts per table, from the same snapshot as the copy. */
    tables: Record<string, number>;
  };
  images: {
    storage: 'files' | 's3';
    /** Pictures in the archive (files) or in the bucket (s3, listed in `s3.objects`, not copied). */
    count: number;
    s3?: { bucket: string; endpoint: string; prefix: string; objects: string[] };
  };
  /** Whether the token key is in the archive (`npm run backup -- --with-key`). */
  keyIncluded: boolean;
  files: ManifestFile[];
}

/**
 * Passes the chunks of `source` on as they come and, after the last, gives `done` their size and SHA-256:
 * how a file is hashed on its way into the archive, and an entry as it is read back.
 */
async function* hashing(
  source: AsyncIterable<Uint8Array>,
  done: (size: number, sha256: string) => void,
): AsyncGenerator<Uint8Array> {
  const hash = crypto.createHash('sha256');
  let size = 0;
  for await (const chunk of source) {
    size += chunk.length;
    hash.update(chunk);
    yield chunk;
  }
  done(size, hash.digest('hex'));
}

/**
 * Writes the files `entries` of `dir` as the tar archive `file`, then `manifest.json` last: the
 * manifest that `manifestFor` makes from each entry's size and SHA-256. Each file is read from the
 * disk once: its bytes are hashed on their way into the archive, and the pack reads an entry's body
 * to its end before it asks for the next entry, so the manifest is made after every file is hashed.
 */
export async function writeArchive(
  dir: string,
  entries: string[],
  manifestFor: (files: ManifestFile[]) => Manifest,
  file: string,
): Promise<Manifest> {
  const files: ManifestFile[] = [];
  let manifest: Manifest | undefined;
  async function* archiveEntries(): AsyncGenerator<tar.WriteEntry> {
    for (const name of entries) {
      const source = path.join(dir, name);
      const stat = await fs.promises.stat(source);
      const body = hashing(fs.createReadStream(source), (size, sha256) => files.push({ path: name, size, sha256 }));
      yield new tar.WriteEntry({ path: name, size: stat.size, mode: stat.mode & 0o777, mtime: stat.mtime }, body);
    }
    if (files.length !== entries.length)
      throw new Error(`the archive's manifest was asked for after ${files.length} of ${entries.length} files`);
    manifest = manifestFor(files);
    yield new tar.WriteEntry(
      { path: MANIFEST_NAME, mode: 0o644, mtime: new Date() },
      `${JSON.stringify(manifest, null, 2)}\n`,
    );
  }
  // With the key inside, the archive is as secret as the key: readable by its owner only, from the start.
  await tar.create({ file, mode: 0o600, portable: true, strict: true }, [archiveEntries()]);
  if (!manifest) throw new Error('the archive was written without its manifest');
  return manifest;
}

/** Why an archive cannot be restored: each line says what is wrong. */
export class ArchiveProblem extends Error {
  constructor(readonly problems: string[]) {
    super(`the backup cannot be restored:\n  - ${problems.join('\n  - ')}`);
  }
}

const SAFE_PATH =
  /^(?:manifest\.json|database\/tabloid\.(?:db|pgdump)|images\/[0-9a-f]{32}-\d{2,4}\.webp|key\/token-encryption\.key)$/;

function checkManifestShape(value: unknown): string[] {
  const m = value as Partial<Manifest> | null;
  if (!m || typeof m !== 'object') return ['manifest.json is not a JSON object'];
  const problems: string[] = [];
  if (m.format !== ARCHIVE_FORMAT)
    problems.push(`manifest.json is not a backup manifest (format "${String(m.format)}")`);
  if (!READABLE_FORMAT_VERSIONS.includes(m.formatVersion as number))
    problems.push(
      `manifest format version ${String(m.formatVersion)} is not one this version reads (${READABLE_FORMAT_VERSIONS.join(', ')})`,
    );
  if (!m.database || !['sqlite', 'postgres'].includes(m.database.dialect))
    problems.push('manifest.json names no database (sqlite or postgres)');
  if (!m.database?.tables || typeof m.database.tables !== 'object') problems.push('manifest.json has no row counts');
  if (!Array.isArray(m.files)) problems.push('manifest.json lists no files');
  else
    for (const f of m.files) {
      if (!f || typeof f.path !== 'string' || !SAFE_PATH.test(f.path) || f.path === MANIFEST_NAME)
        problems.push(`manifest.json lists a file no backup holds: ${JSON.stringify(f?.path)}`);
      else if (!Number.isInteger(f.size) || typeof f.sha256 !== 'string' || !/^[0-9a-f]{64}$/.test(f.sha256))
        problems.push(`manifest.json gives no size or SHA-256 for ${f.path}`);
    }
  if (m.database && Array.isArray(m.files) && !m.files.some((f) => f?.path === m.database?.file))
    problems.push(`manifest.json does not list its database file ${String(m.database.file)}`);
  if (m.images?.storage === 'files' && Array.isArray(m.files)) {
    const listed = m.files.filter((f) => f?.path?.startsWith('images/')).length;
    if (listed !== m.images.count) problems.push(`manifest.json counts ${m.images.count} pictures but lists ${listed}`);
  }
  if (Array.isArray(m.files) && m.keyIncluded !== m.files.some((f) => f?.path === KEY_ENTRY))
    problems.push('manifest.json and its file list disagree on whether the token key is included');
  return problems;
}

/**
 * Reads the whole archive once without writing anything: the manifest must come last (first in
 * format version 1), every file it lists must be there with its size and SHA-256, and nothing
 * else may be. Throws
 * ArchiveProblem with every problem found (a truncated or damaged archive, a changed byte, a
 * manifest that does not match).
 */
export async function verifyArchive(file: string): Promise<Manifest> {
  let stat: fs.Stats;
  try {
    stat = fs.statSync(file);
  } catch {
    throw new ArchiveProblem([`${file} does not exist`]);
  }
  if (!stat.isFile()) throw new ArchiveProblem([`${file} is not a file`]);
  const seen = new Map<string, { size: number; sha256: string }>();
  const problems: string[] = [];
  let manifestText: string | null = null;
  let manifestFirst = false;
  let first = true;
  let last = '';
  try {
    await tar.list({
      file,
      strict: true,
      // Each entry is read to its end before the next one (the listing awaits this function).
      onEntry: async (entry) => {
        const name = entry.path.replace(/\/$/, '');
        const isFirst = first;
        first = false;
        last = name;
        if (entry.type === 'Directory') return;
        if (entry.type !== 'File' || !SAFE_PATH.test(name)) {
          problems.push(`the archive holds an unexpected entry: ${name} (${entry.type})`);
          return;
        }
        if (name === MANIFEST_NAME) manifestFirst = isFirst;
        const chunks: Uint8Array[] = [];
        const body = hashing(entry.body, (size, sha256) => {
          if (seen.has(name)) problems.push(`${name} appears twice`);
          seen.set(name, { size, sha256 });
        });
        for await (const chunk of body) {
          // A chunk is a view into the archive's input: the manifest's are copied.
          if (name === MANIFEST_NAME) chunks.push(chunk.slice());
        }
        if (name === MANIFEST_NAME) manifestText = Buffer.concat(chunks).toString('utf8');
      },
    });
  } catch (err) {
    throw new ArchiveProblem([`the archive is damaged or truncated: ${(err as Error).message}`]);
  }
  if (seen.size === 0 && !manifestText) throw new ArchiveProblem(['the file is not a backup archive (no entries)']);
  if (manifestText === null) throw new ArchiveProblem(['the archive has no manifest.json', ...problems]);
  let manifest: Manifest;
  try {
    manifest = JSON.parse(manifestText) as Manifest;
  } catch (err) {
    throw new ArchiveProblem([`manifest.json is not valid JSON: ${(err as Error).message}`, ...problems]);
  }
  problems.push(...checkManifestShape(manifest));
  if (manifest.formatVersion === 1 && !manifestFirst) problems.push('manifest.json is not the first entry');
  if (manifest.formatVersion !== 1 && last !== MANIFEST_NAME) problems.push('manifest.json is not the last entry');
  if (problems.length) throw new ArchiveProblem(problems);
  const listed = new Set<string>();
  for (const f of manifest.files) {
    listed.add(f.path);
    const got = seen.get(f.path);
    if (!got) problems.push(`${f.path} is listed in the manifest but missing from the archive`);
    else if (got.size !== f.size) problems.push(`${f.path} has ${got.size} bytes, the manifest says ${f.size}`);
    else if (got.sha256 !== f.sha256)
      problems.push(`${f.path} does not match its SHA-256 in the manifest (the file or the manifest was changed)`);
  }
  for (const name of seen.keys())
    if (name !== MANIFEST_NAME && !listed.has(name)) problems.push(`${name} is in the archive but not in the manifest`);
  if (problems.length) throw new ArchiveProblem(problems);
  return manifest;
}

/** Extracts a verified archive into `dir` (which must exist). */
export async function extractArchive(file: string, dir: string): Promise<void> {
  await tar.extract({
    file,
    cwd: dir,
    strict: true,
    filter: (p) => SAFE_PATH.test(p.replace(/\/$/, '')) || p.endsWith('/'),
  });
}
