// `npm run migrate-data`: copies the embedded SQLite database of DATA_DIR into the PostgreSQL
// database of DATABASE_URL: articles, categories, audit trail, editors' activity, editors, the
// sign-in provider's keys and state, social tokens. The target must be empty (freshly created;
// its schema is migrated here); everything is copied in ONE transaction, ids are kept and the
// id sequences moved past them. Social tokens and the sign-in provider's keys (auth_keys) are
// re-encrypted when the source used another key (DATA_DIR/token-encryption.key) than
// TOKEN_ENCRYPTION_KEY; auth_keys rows still in plain text (older databases) are encrypted on the
// way. Exit code 0, or 1 with a message.
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { sql, type Kysely } from 'kysely';
import { ConfigError, loadConfig } from '../server/src/config.ts';
import { openDatabase, type Db } from '../server/src/db/index.ts';
import { reencryptStoredKey } from '../server/src/repositories/keys-repository.ts';
import { resetIdSequences } from '../server/src/repositories/article-transfer.ts';
import { KEY_FILE_NAME, TokenCipher } from '../server/src/crypto/token-cipher.ts';

const USAGE = 'Usage: DATA_DIR=... DATABASE_URL=postgres://... TOKEN_ENCRYPTION_KEY=... npm run migrate-data';

/** Copied in this order (foreign keys: categories before articles); `key` orders and pages the rows. */
export const TABLES: { name: string; key: string[]; serial?: boolean }[] = [
  { name: 'categories', key: ['id'] },
  { name: 'articles', key: ['id'], serial: true },
  { name: 'audit_log', key: ['id'], serial: true },
  { name: 'editor_activity', key: ['subject'] },
  { name: 'editors', key: ['id'], serial: true },
  { name: 'auth_keys', key: ['id'] },
  { name: 'oidc_payloads', key: ['kind', 'id'] },
  { name: 'social_tokens', key: ['persona', 'platform'] },
  { name: 'article_revisions', key: ['id'], serial: true },
  { name: 'article_body_images', key: ['article_id', 'image_id'] },
  { name: 'slug_redirects', key: ['old_slug'] },
  { name: 'login_attempts', key: ['key'] },
  { name: 'jobs', key: ['id'], serial: true },
  { name: 'social_shares', key: ['article_id', 'platform', 'entry_id'] },
  { name: 'social_settings', key: ['key'] },
  { name: 'backup_runs', key: ['id'], serial: true },
  { name: 'images', key: ['id'] },
  { name: 'authors', key: ['id'], serial: true },
  { name: 'article_authors', key: ['article_id', 'author_id'] },
  { name: 'author_slug_redirects', key: ['old_slug'] },
  { name: 'tags', key: ['id'], serial: true },
  { name: 'article_tags', key: ['article_id', 'tag_id'] },
  { name: 'tag_slug_redirects', key: ['old_slug'] },
  { name: 'live_entries', key: ['id'], serial: true },
  { name: 'live_entry_revisions', key: ['id'], serial: true },
  // The live stream's recent events: copied so the ids go on increasing (a reader's Last-Event-ID stays valid).
  { name: 'live_events', key: ['id'], serial: true },
  { name: 'preview_links', key: ['article_id'] },
  { name: 'article_corrections', key: ['id'], serial: true },
  // Who has an article open (decision 047): rows older than a minute are ignored and then deleted.
  { name: 'article_presence', key: ['article_id', 'editor_subject', 'tab_id'] },
  // Read counts by article and hour (decision 049).
  { name: 'article_reads', key: ['article_id', 'hour'] },
  // Editors' notes on an article (decision 058).
  { name: 'article_notes', key: ['id'], serial: true },
  // The colleagues each note mentions (decision 060).
  { name: 'note_mentions', key: ['note_id', 'subject'] },
];
/** Derived data the target's own triggers rebuild while the articles are inserted. */
const DERIVED = new Set([
  'article_counts',
  'article_hour_counts',
  // The search index (FTS5 table and its shadow tables on SQLite, article_search on PostgreSQL).
  'articles_fts',
  'articles_fts_data',
  'articles_fts_idx',
  'articles_fts_docsize',
  'articles_fts_config',
  'article_search',
]);

export class MigrateDataError extends Error {}

type AnyDb = Kysely<any>;

async function count(db: AnyDb, table: string): Promise<number> {
  const r = await db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll().as('n'))
    .executeTakeFirstOrThrow();
  return Number(r.n);
}

async function sourceTables(source: Db): Promise<string[]> {
  const rows = await sql<{
    name: string;
  }>`select name from sqlite_master where type = 'table' and name not like 'sqlite_%' and name not like 'kysely_%'`.execute(
    source.db,
  );
  return rows.rows.map((r) => r.name);
}

export interface MigrateDataOptions {
  source: Db;
  target: Db;
  /** Key the source's social tokens are encrypted with, and the target's key. */
  sourceKey: Buffer | null;
  targetKey: Buffer | null;
  log?: (line: string) => void;
}

export async function migrateData({
  source,
  target,
  sourceKey,
  targetKey,
  log = () => undefined,
}: MigrateDataOptions): Promise<Record<string, number>> {
  if (source.dialect !== 'sqlite')
    throw new MigrateDataError('The source must be the embedded SQLite database (DATA_DIR).');
  if (target.dialect !== 'postgres')
    throw new MigrateDataError('The target must be PostgreSQL: set DATABASE_URL=postgres://...');
  const known = new Set(TABLES.map((t) => t.name));
  const unknown = (await sourceTables(source)).filter((t) => !known.has(t) && !DERIVED.has(t));
  if (unknown.length)
    throw new MigrateDataError(`The source has tables this version does not know how to copy: ${unknown.join(', ')}.`);

  const tdb = target.db as unknown as AnyDb;
  const sdb = source.db as unknown as AnyDb;
  const busy: string[] = [];
  for (const t of TABLES) if (t.name !== 'categories' && (await count(tdb, t.name)) > 0) busy.push(t.name);
  if (busy.length) {
    throw new MigrateDataError(
      `The target database is not empty (${busy.join(', ')} have rows). Migrate into a freshly created database; nothing was copied.`,
    );
  }
  const recrypt =
    sourceKey && targetKey && !sourceKey.equals(targetKey)
      ? { from: new TokenCipher(sourceKey), to: new TokenCipher(targetKey) }
      : null;
  const targetCipher = targetKey ? new TokenCipher(targetKey) : null;
  const keyCiphers = targetCipher
    ? { from: sourceKey ? new TokenCipher(sourceKey) : targetCipher, to: targetCipher }
    : null;

  const copied: Record<string, number> = {};
  await tdb.transaction().execute(async (trx) => {
    for (const t of TABLES) {
      let n = 0;
      const pageSize = 500;
      let last: unknown;
      for (let offset = 0; ; offset += pageSize) {
        let q = sdb.selectFrom(t.name).selectAll();
        for (const k of t.key) q = q.orderBy(k, 'asc');
        // One-column keys page by key (a million articles stay linear); composite keys (small tables) by offset.
        const single = t.key.length === 1;
        if (single && last !== undefined) q = q.where(t.key[0]!, '>', last);
        if (!single) q = q.offset(offset);
        let rows = (await q.limit(pageSize).execute()) as Record<string, unknown>[];
        if (rows.length === 0) break;
        if (single) last = rows[rows.length - 1]![t.key[0]!];
        if (t.name === 'social_tokens' && recrypt) rows = rows.map((r) => reencrypt(r, recrypt));
        if (t.name === 'auth_keys' && keyCiphers) rows = rows.map((r) => reencryptKeyRow(r, keyCiphers));
        let insert = trx.insertInto(t.name).values(rows);
        // Categories come with the schema: the source's must be the same ones.
        if (t.name === 'categories') insert = insert.onConflict((oc) => oc.column('id').doNothing());
        await insert.execute();
        n += rows.length;
        if (rows.length < pageSize) break;
      }
      copied[t.name] = n;
      log(`${t.name}: ${n} rows`);
    }
  });
  await resetIdSequences(
    target,
    TABLES.filter((t) => t.serial).map((t) => t.name),
  );

  // The same categories on both sides (ids are referenced by every article).
  const names = async (db: AnyDb) =>
    (await db.selectFrom('categories').select(['id', 'name']).orderBy('id').execute())
      .map((r) => `${r.id}:${r.name}`)
      .join(',');
  if ((await names(sdb)) !== (await names(tdb)))
    throw new MigrateDataError('The categories of the source and the target differ.');
  return copied;
}

function reencrypt(row: Record<string, unknown>, c: { from: TokenCipher; to: TokenCipher }): Record<string, unknown> {
  const aad = (field: string) => `${row.platform}:${row.persona}:${field}`;
  const out: Record<string, unknown> = {
    ...row,
    access_token: c.to.encrypt(c.from.decrypt(String(row.access_token), aad('access')), aad('access')),
  };
  if (row.refresh_token)
    out.refresh_token = c.to.encrypt(c.from.decrypt(String(row.refresh_token), aad('refresh')), aad('refresh'));
  return out;
}

function reencryptKeyRow(
  row: Record<string, unknown>,
  c: { from: TokenCipher; to: TokenCipher },
): Record<string, unknown> {
  try {
    return { ...row, value: reencryptStoredKey(String(row.id), String(row.value), c.from, c.to) };
  } catch {
    throw new MigrateDataError(
      `The sign-in key ${String(row.id)} (auth_keys) cannot be decrypted with DATA_DIR/${KEY_FILE_NAME} or TOKEN_ENCRYPTION_KEY; nothing was copied.`,
    );
  }
}

function readKeyFile(dataDir: string): Buffer | null {
  const file = path.join(dataDir, KEY_FILE_NAME);
  if (!fs.existsSync(file)) return null;
  return Buffer.from(fs.readFileSync(file, 'utf8').trim(), 'base64');
}

async function main(): Promise<number> {
  try {
    const parsed = parseArgs({ args: process.argv.slice(2), options: { help: { type: 'boolean', short: 'h' } } });
    if (parsed.values.help) {
      console.log(USAGE);
      return 0;
    }
  } catch (err) {
    console.error(`${(err as Error).message}\n${USAGE}`);
    return 1;
  }
  let source: Db | undefined;
  let target: Db | undefined;
  try {
    const config = loadConfig(process.env);
    if (!config.databaseUrl)
      throw new MigrateDataError(`DATABASE_URL is not set: it names the PostgreSQL database to copy into.\n${USAGE}`);
    if (!fs.existsSync(path.join(config.dataDir, 'tabloid.db')))
      throw new MigrateDataError(
        `${path.join(config.dataDir, 'tabloid.db')}: no embedded database to copy (set DATA_DIR).`,
      );
    source = await openDatabase({ dataDir: config.dataDir, databaseUrl: '' });
    target = await openDatabase({ ...config, databaseStatementTimeoutMs: 0 });
    const copied = await migrateData({
      source,
      target,
      sourceKey: readKeyFile(config.dataDir) ?? config.social.tokenEncryptionKey,
      targetKey: config.social.tokenEncryptionKey,
      log: (line) => console.log(line),
    });
    console.log(`Copied ${copied.articles ?? 0} articles from ${config.dataDir} into PostgreSQL.`);
    return 0;
  } catch (err) {
    if (err instanceof ConfigError || err instanceof MigrateDataError) console.error(err.message);
    else console.error('migrate-data failed:', (err as Error).message);
    return 1;
  } finally {
    await source?.destroy();
    await target?.destroy();
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === import.meta.filename) {
  process.exitCode = await main();
}
