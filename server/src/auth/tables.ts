import type { Generated, Kysely } from 'kysely';
import type { Db } from '../db/index.ts';

/** Tables of migration 002-auth, typed for Kysely's withTables(). */
export interface EditorTable {
  id: Generated<number>;
  username: string;
  display_name: string;
  password_hash: string;
  created_at: string;
  updated_at: string;
  last_login_at: string | null;
  failed_attempts: Generated<number>;
  locked_until: string | null;
}

export interface AuthKeyTable {
  id: string;
  value: string;
  created_at: string;
}

export interface OidcPayloadTable {
  id: string;
  kind: string;
  payload: string;
  grant_id: string | null;
  uid: string | null;
  user_code: string | null;
  expires_at: string | null;
  consumed_at: string | null;
}

export type AuthTables = {
  editors: EditorTable;
  auth_keys: AuthKeyTable;
  oidc_payloads: OidcPayloadTable;
};

export type AuthDb = Kysely<AuthTables>;

export function authDb(database: Db): AuthDb {
  return database.db.withTables<AuthTables>() as unknown as AuthDb;
}
