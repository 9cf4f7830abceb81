import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../dialect.ts';

/** The columns whose texts the API limits in characters, as `varchar(N)` until now on PostgreSQL. */
const COLUMNS = {
  articles: [
    'headline',
    'source',
    'editor_name',
    'image_url',
    'original_url',
    'image_alt',
    'image_caption',
    'image_credit',
  ],
  images: ['alt', 'caption', 'credit'],
} as const;

/**
 * The article's texts (headline, source, editor, links, the picture's description, caption and credit)
 * and the picture library's description, caption and credit as `text` on PostgreSQL. Their limits count
 * user-perceived characters (common/text-length.ts), and one character may take up to 32 UTF-16 units
 * (a family emoji takes 7 code points): 300 of them overflowed the headline's `varchar(500)`, which
 * PostgreSQL counts in code points. The API's safety cap bounds what is stored (limit × 32 units), so
 * the columns need no bound of their own, as migration 046 did for the search and social fields.
 *
 * PostgreSQL does not change the type of a column a trigger names (the search document's `after update
 * of headline, …`): such triggers are dropped first and made again as they were. SQLite does not
 * enforce a varchar's length: nothing to do.
 */
export async function up(db: Kysely<any>, dialect: Dialect): Promise<void> {
  if (dialect !== 'postgres') return;
  for (const [table, columns] of Object.entries(COLUMNS)) {
    const { rows: triggers } = await sql<{ name: string; definition: string }>`
      select distinct t.tgname as name, pg_get_triggerdef(t.oid) as definition
      from pg_trigger t
      join pg_depend d on d.classid = 'pg_trigger'::regclass and d.objid = t.oid
      join pg_attribute a on a.attrelid = d.refobjid and a.attnum = d.refobjsubid
      where t.tgrelid = ${table}::regclass and not t.tgisinternal and a.attname in (${sql.join([...columns])})
    `.execute(db);
    for (const t of triggers) await sql`drop trigger ${sql.ref(t.name)} on ${sql.table(table)}`.execute(db);
    const changes = sql.join(columns.map((c) => sql`alter column ${sql.ref(c)} type text`));
    await sql`alter table ${sql.table(table)} ${changes}`.execute(db);
    for (const t of triggers) await sql.raw(t.definition).execute(db);
  }
}
