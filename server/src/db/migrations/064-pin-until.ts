import type { Kysely } from 'kysely';

/**
 * A pin that ends by itself (decision 064): `articles.pinned_until`, the time the scheduler unpins the
 * story (an ISO time as the other times are, so it compares as text); null while not pinned, or pinned
 * until an editor unpins it. The scheduler finds the pins due among the few pinned rows (the partial index
 * of pins, migration 063), so no index of its own is needed.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('articles').addColumn('pinned_until', 'varchar(40)').execute();
}
