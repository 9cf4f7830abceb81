import type { Kysely } from 'kysely';
import type { Dialect } from '../dialect.ts';

/**
 * Sign-in attempts, shared by every instance that opens the database: one row per client
 * address (`ip:…`), per username (`name:…`) and per address and username pair (`pair:…`),
 * for known and unknown names alike. `failures` counts attempts (each one before its password
 * is checked), `blocked_until` is the current penalty (set by the attempt that reaches a threshold, in the same statement
 * that counts it), `counted_by` the last attempt counted, `busy_until` marks a password check in
 * progress (at most one per name and per address). Timestamps are ISO-8601 UTC strings.
 */
export async function up(db: Kysely<any>, _dialect: Dialect): Promise<void> {
  await db.schema
    .createTable('login_attempts')
    .addColumn('key', 'varchar(400)', (c) => c.primaryKey())
    .addColumn('username', 'varchar(200)')
    .addColumn('failures', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('blocked_until', 'varchar(30)')
    .addColumn('busy_until', 'varchar(30)')
    .addColumn('counted_by', 'varchar(40)')
    .addColumn('updated_at', 'varchar(30)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('login_attempts_updated_idx').on('login_attempts').column('updated_at').execute();
  await db.schema.createIndex('login_attempts_username_idx').on('login_attempts').column('username').execute();
}
