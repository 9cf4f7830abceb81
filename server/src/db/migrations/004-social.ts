import type { Kysely } from 'kysely';
import type { Dialect } from '../dialect.ts';

/**
 * Encrypted social publishing tokens, one row per persona and platform ('x' | 'facebook').
 * refresh_lease/refresh_lease_until: the row-level guard that lets only one instance spend
 * an X refresh token at a time (compare-and-swap, see server/src/repositories/social-token-repository.ts).
 */
export async function up(db: Kysely<any>, _dialect: Dialect): Promise<void> {
  await db.schema
    .createTable('social_tokens')
    .addColumn('persona', 'varchar(200)', (c) => c.notNull())
    .addColumn('platform', 'varchar(20)', (c) => c.notNull())
    .addColumn('access_token', 'text', (c) => c.notNull())
    .addColumn('refresh_token', 'text')
    .addColumn('expires_at', 'varchar(30)')
    .addColumn('scope', 'varchar(1000)', (c) => c.notNull().defaultTo(''))
    .addColumn('refresh_lease', 'varchar(64)')
    .addColumn('refresh_lease_until', 'varchar(30)')
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(30)', (c) => c.notNull())
    .addPrimaryKeyConstraint('social_tokens_pk', ['persona', 'platform'])
    .execute();
}
