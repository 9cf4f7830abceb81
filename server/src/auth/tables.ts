import type { Generated, Kysely } from 'kysely';
import type { Db } from '../db/index.ts';

/** Tables of migrations 002-auth and 011-login-attempts, typed for Kysely's withTables(). */
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

/** Migration 011-login-attempts. */
export interface LoginAttemptTable {
  key: string;
  username: string | null;
  failures: Generated<number>;
  blocked_until: string | null;
  busy_until: string | null;
  counted_by: string | null;
  updated_at: string;
}

export type AuthTables = {
  editors: EditorTable;
  login_attempts: LoginAttemptTable;
  auth_keys: AuthKeyTable;
  oidc_payloads: OidcPayloadTable;
};

export type AuthDb = Kysely<AuthTables>;

export function authDb(database: Db): AuthDb {
  return database.db.withTables<AuthTables>() as unknown as AuthDb;
}
