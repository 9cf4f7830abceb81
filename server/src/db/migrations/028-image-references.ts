import { sql, type Kysely, type SqlBool } from 'kysely';
import type { Dialect } from '../dialect.ts';

/**
 * What keeps an uploaded image alive (the image sweep asks, see server/src/images/sweep.ts): an
 * article (in the trash or not) or a revision naming it.
 *
 * article_revisions gains image_id: the 32-hex id of the uploaded image of its snapshot (null for
 * none or another picture), filled from the stored snapshots here and by every new revision.
 *
 * Both lookups are small partial indexes. The articles one covers only short '/images/...' URLs
 * (uploads are about 50 characters; the length bound keeps any entry far below PostgreSQL's btree
 * entry limit); queries repeat ARTICLE_UPLOADED_IMAGE word for word so either database uses it.
 */
export const ARTICLE_UPLOADED_IMAGE = sql.raw<SqlBool>(`image_url like '/images/%' and length(image_url) <= 64`);

export async function up(db: Kysely<any>, dialect: Dialect): Promise<void> {
  await db.schema.alterTable('article_revisions').addColumn('image_id', 'varchar(32)').execute();
  if (dialect === 'postgres') {
    await sql`
      update article_revisions
      set image_id = substring(snapshot::jsonb ->> 'imageUrl' from '^/images/([0-9a-f]{32})-[0-9]+\\.webp$')
      where snapshot::jsonb ->> 'imageUrl' ~ '^/images/[0-9a-f]{32}-[0-9]+\\.webp$'
    `.execute(db);
  } else {
    const hex32 = '[0-9a-f]'.repeat(32);
    await sql`
      update article_revisions
      set image_id = substr(json_extract(snapshot, '$.imageUrl'), 9, 32)
      where json_extract(snapshot, '$.imageUrl') glob ${`/images/${hex32}-[0-9]*.webp`}
    `.execute(db);
  }
  await db.schema
    .createIndex('article_revisions_image_idx')
    .on('article_revisions')
    .column('image_id')
    .where(sql<boolean>`image_id is not null`)
    .execute();
  await db.schema
    .createIndex('articles_uploaded_image_idx')
    .on('articles')
    .column('image_url')
    .where(ARTICLE_UPLOADED_IMAGE)
    .execute();
}
