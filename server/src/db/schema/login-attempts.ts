import type { Generated } from 'kysely';

/** `login_attempts` (migration 011-login-attempts): failed sign-ins per key, shared by all instances. */
export interface LoginAttemptTable {
  key: string;
  username: string | null;
  failures: Generated<number>;
  blocked_until: string | null;
  busy_until: string | null;
  counted_by: string | null;
  updated_at: string;
}
