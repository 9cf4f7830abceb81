import type { Kysely } from 'kysely';
import type { PublicCorrection } from '../../../common/corrections-contract.ts';
import type { Database } from '../db/schema.ts';

/** The corrections readers see under an article, newest first: each one's text and the date it was added. */
export async function publicCorrections(db: Kysely<Database>, articleId: number): Promise<PublicCorrection[]> {
  const rows = await db
    .selectFrom('article_corrections')
    .select(['text', 'created_at'])
    .where('article_id', '=', articleId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
  return rows.map((r) => ({ text: r.text, publishedAt: r.created_at }));
}
