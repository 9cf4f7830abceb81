import { sql, type Kysely } from 'kysely';

/**
 * New mentions (decision 060): a mention is new to the colleague it names until they open the story it is
 * on (or mark all their mentions read); `read_at` records when. The header's count reads a colleague's
 * unread mentions through a partial index that holds those rows only, so it stays small however many
 * mentions are kept. The mentions recorded before this migration start unread.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('note_mentions').addColumn('read_at', 'varchar(30)').execute();
  await db.schema
    .createIndex('note_mentions_unread_idx')
    .on('note_mentions')
    .columns(['subject', 'note_id'])
    .where(sql.ref('read_at'), 'is', null)
    .execute();
}
