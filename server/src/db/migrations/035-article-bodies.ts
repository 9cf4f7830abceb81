import { sql, type Kysely } from 'kysely';
import { legacyTextToBody } from '../../../../common/body/legacy.ts';
import type { Dialect } from '../dialect.ts';

/** Rows per batch of the conversion. */
const BATCH = 1_000;

/**
 * Rich article bodies (decision 032).
 *
 * 1. `articles.body`: the body in the stored format (ProseMirror JSON text, common/body/types.ts).
 *    `articles.content` stays, as the body's plain text (what search indexes, what descriptions and
 *    share texts are cut from, the admin API's read-only `content`). Every existing article's plain
 *    text is converted without loss: a blank line ends a paragraph, a single newline is a line break.
 * 2. Every revision's snapshot gains `body`, converted the same way from its `content`.
 * 3. `article_body_images`: the library images an article's body shows or showed (pictures and embed
 *    thumbnails), in the article or any of its revisions, one row per article and image, so the image
 *    sweep finds them with one index read. Rows are added on every save and go when the article is
 *    purged with its revisions. Bodies converted from plain text show none.
 */
export async function up(db: Kysely<any>, dialect: Dialect): Promise<void> {
  await db.schema
    .alterTable('articles')
    .addColumn('body', 'text', (c) => c.notNull().defaultTo('{"type":"doc","content":[]}'))
    .execute();
  await db.schema
    .createTable('article_body_images')
    .addColumn('article_id', 'integer', (c) => c.notNull())
    .addColumn('image_id', 'varchar(32)', (c) => c.notNull())
    .addPrimaryKeyConstraint('article_body_images_pk', ['article_id', 'image_id'])
    .execute();
  await db.schema.createIndex('article_body_images_image_idx').on('article_body_images').column('image_id').execute();

  await convertArticles(db, dialect);
  await convertRevisions(db, dialect);
}

/** Sets `column` of `table` for each (id, value), in one statement per batch. */
async function setMany(
  db: Kysely<any>,
  dialect: Dialect,
  table: string,
  column: string,
  values: { id: number; value: string }[],
): Promise<void> {
  if (values.length === 0) return;
  if (dialect === 'postgres') {
    const rows = sql.join(values.map((v) => sql`(${v.id}::integer, ${v.value}::text)`));
    await sql`update ${sql.table(table)} set ${sql.ref(column)} = v.value from (values ${rows}) as v(id, value) where ${sql.table(table)}.id = v.id`.execute(
      db,
    );
  } else {
    // SQLite: one prepared statement per row inside the migration's transaction is as fast.
    for (const v of values)
      await db
        .updateTable(table)
        .set({ [column]: v.value })
        .where('id', '=', v.id)
        .execute();
  }
}

async function convertArticles(db: Kysely<any>, dialect: Dialect): Promise<void> {
  let after = 0;
  for (;;) {
    const rows: { id: number; content: string | null }[] = await db
      .selectFrom('articles')
      .select(['id', 'content'])
      .where('id', '>', after)
      .orderBy('id')
      .limit(BATCH)
      .execute();
    if (rows.length === 0) return;
    after = Number(rows.at(-1)!.id);
    const values = rows
      .filter((r) => r.content)
      .map((r) => ({ id: Number(r.id), value: JSON.stringify(legacyTextToBody(String(r.content))) }));
    await setMany(db, dialect, 'articles', 'body', values);
  }
}

async function convertRevisions(db: Kysely<any>, dialect: Dialect): Promise<void> {
  let after = 0;
  for (;;) {
    const rows: { id: number; snapshot: string }[] = await db
      .selectFrom('article_revisions')
      .select(['id', 'snapshot'])
      .where('id', '>', after)
      .orderBy('id')
      .limit(BATCH)
      .execute();
    if (rows.length === 0) return;
    after = Number(rows.at(-1)!.id);
    const values: { id: number; value: string }[] = [];
    for (const row of rows) {
      let snapshot: unknown;
      try {
        snapshot = JSON.parse(row.snapshot);
      } catch {
        continue; // not JSON: left as it is (the history screen shows what it can)
      }
      if (typeof snapshot !== 'object' || snapshot === null || 'body' in snapshot) continue;
      const content = (snapshot as { content?: unknown }).content;
      const body = legacyTextToBody(typeof content === 'string' ? content : '');
      values.push({ id: Number(row.id), value: JSON.stringify({ ...snapshot, body }) });
    }
    await setMany(db, dialect, 'article_revisions', 'snapshot', values);
  }
}
