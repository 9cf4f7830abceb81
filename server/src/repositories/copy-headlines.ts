import { sql, type Kysely, type SqlBool } from 'kysely';
import { firstCharacters } from '../../../common/text-length.ts';
import type { Database } from '../db/schema.ts';

/** How much of the base a copy's headline surely starts with (a copy's base is cut far later: at its limits). */
const PREFIX_CHARACTERS = 20;

/** `text` in a LIKE pattern, matched as it is (with ESCAPE '\'). */
const likeLiteral = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * The headlines of the articles (the Trash's too) that may be copies of `base` (Duplicate's numbering,
 * domain/article-duplicate.ts): starting as it does and ending like a copy, ' (copy…)'. More than those may
 * come back (SQLite's LIKE ignores the case of ASCII letters); the rule keeps only the exact ones.
 */
export async function copyHeadlinesOf(db: Kysely<Database>, base: string): Promise<string[]> {
  const pattern = `${likeLiteral(firstCharacters(base, PREFIX_CHARACTERS))}% (copy%)`;
  const rows = await db
    .selectFrom('articles')
    .select('headline')
    .where(sql<SqlBool>`headline like ${pattern} escape '\\'`)
    .execute();
  return rows.map((r) => r.headline);
}
