import { sql, type Kysely, type SqlBool } from 'kysely';
import type { Dialect } from '../dialect.ts';

/**
 * The pictures without a description (decision 033), read by the dashboard's Pictures panel (how many
 * an article uses) and by the Pictures screen's 'Without a description' (newest first). Both read only
 * these rows: a partial index on `images` where the alt text is empty, in the library's order
 * (created_at, id), so the panel's count scans the undescribed rows alone (covering: id is in it) and
 * the filtered list reads its page in order. Small, as editors describe their pictures. Queries repeat
 * IMAGE_UNDESCRIBED word for word so either database uses it.
 */
export const IMAGE_UNDESCRIBED = sql.raw<SqlBool>(`alt = ''`);

export async function up(db: Kysely<any>, _dialect: Dialect): Promise<void> {
  await db.schema
    .createIndex('images_undescribed_idx')
    .on('images')
    .columns(['created_at', 'id'])
    .where(IMAGE_UNDESCRIBED)
    .execute();
}
