import type { Generated } from 'kysely';

/** `editors` (migration 002-auth): the newsroom's accounts. */
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
