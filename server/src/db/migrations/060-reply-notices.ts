import type { Kysely } from 'kysely';

/**
 * A reply is for the thread it joins (decision 061): the editors who wrote the note and its earlier replies
 * get a row in `note_mentions` as a colleague mentioned does, new until they open the story, so 'Notes for
 * you' and the header's count tell them an answer came. `kind` says why a row is there: 'mention' (the
 * text names them, decision 060; every row before this migration) or 'reply' (they are in the thread). Only
 * the mentions are listed as the note's mentions.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('note_mentions')
    .addColumn('kind', 'varchar(10)', (c) => c.notNull().defaultTo('mention'))
    .execute();
}
