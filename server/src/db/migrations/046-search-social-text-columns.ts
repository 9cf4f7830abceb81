import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../dialect.ts';

/**
 * The search and social title and description (decision 043) as `text` on PostgreSQL. Their limits
 * (70 and 160) count user-perceived characters (common/text-length.ts), and one character may take up
 * to 32 UTF-16 units (a family emoji takes 7 code points): 70 of them overflowed `varchar(300)`, which
 * PostgreSQL counts in code points. The API's safety cap bounds what is stored (limit × 32 units), so
 * the columns need no bound of their own. SQLite does not enforce a varchar's length: nothing to do.
 */
export async function up(db: Kysely<any>, dialect: Dialect): Promise<void> {
  if (dialect !== 'postgres') return;
  await sql`alter table articles alter column meta_title type text, alter column meta_description type text`.execute(
    db,
  );
}
