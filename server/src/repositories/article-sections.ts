import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';

/** The section (category id) of each of these articles, by id, read on `db` (a caller's transaction). */
export async function articleSections(
  db: Kysely<Database>,
  articleIds: readonly number[],
): Promise<Map<number, number>> {
  if (articleIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('articles')
    .select(['id', 'category_id'])
    .where('id', 'in', [...articleIds])
    .execute();
  return new Map(rows.map((r) => [Number(r.id), Number(r.category_id)]));
}
