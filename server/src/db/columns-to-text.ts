import { sql, type QueryExecutorProvider } from 'kysely';
import type { Dialect } from './dialect.ts';

/**
 * The given columns of each table as `text` on PostgreSQL (nothing on SQLite: it does not enforce a
 * varchar's length), for migrations 048 and 049. PostgreSQL does not change the type of a column a
 * trigger names (the search document's `after update of headline, …`): such triggers are dropped first
 * and made again as they were, in the migration's transaction.
 */
export async function columnsToText(
  db: QueryExecutorProvider,
  dialect: Dialect,
  tables: Readonly<Record<string, readonly string[]>>,
): Promise<void> {
  if (dialect !== 'postgres') return;
  for (const [table, columns] of Object.entries(tables)) {
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
