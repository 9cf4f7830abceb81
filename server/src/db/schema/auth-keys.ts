/** `auth_keys` (migration 002-auth): the sign-in server's signing and cookie keys, encrypted at rest. */
export interface AuthKeyTable {
  id: string;
  value: string;
  created_at: string;
}
