import type { Kysely } from 'kysely';
import type { Dialect } from '../dialect.ts';

/**
 * Editors' sign-in: local editor accounts, the built-in OpenID provider's persistent keys,
 * and its state (sessions, grants, codes, tokens). All timestamps are ISO-8601 UTC strings.
 */
export async function up(db: Kysely<any>, dialect: Dialect): Promise<void> {
  let t = db.schema.createTable('editors');
  t =
    dialect === 'postgres'
      ? t.addColumn('id', 'serial', (c) => c.primaryKey())
      : t.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
  await t
    .addColumn('username', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('display_name', 'varchar(200)', (c) => c.notNull())
    .addColumn('password_hash', 'varchar(300)', (c) => c.notNull())
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(30)', (c) => c.notNull())
    .addColumn('last_login_at', 'varchar(30)')
    .addColumn('failed_attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('locked_until', 'varchar(30)')
    .execute();

  // Signing keys and cookie keys, shared by every instance that opens the same database.
  await db.schema
    .createTable('auth_keys')
    .addColumn('id', 'varchar(50)', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .execute();

  // oidc-provider's adapter storage: one row per model instance.
  await db.schema
    .createTable('oidc_payloads')
    .addColumn('id', 'varchar(200)', (c) => c.notNull())
    .addColumn('kind', 'varchar(50)', (c) => c.notNull())
    .addColumn('payload', 'text', (c) => c.notNull())
    .addColumn('grant_id', 'varchar(200)')
    .addColumn('uid', 'varchar(200)')
    .addColumn('user_code', 'varchar(200)')
    .addColumn('expires_at', 'varchar(30)')
    .addColumn('consumed_at', 'varchar(30)')
    .addPrimaryKeyConstraint('oidc_payloads_pk', ['kind', 'id'])
    .execute();
  await db.schema.createIndex('oidc_payloads_grant_idx').on('oidc_payloads').column('grant_id').execute();
  await db.schema.createIndex('oidc_payloads_uid_idx').on('oidc_payloads').columns(['kind', 'uid']).execute();
  await db.schema
    .createIndex('oidc_payloads_user_code_idx')
    .on('oidc_payloads')
    .columns(['kind', 'user_code'])
    .execute();
  await db.schema.createIndex('oidc_payloads_expires_idx').on('oidc_payloads').column('expires_at').execute();
}
