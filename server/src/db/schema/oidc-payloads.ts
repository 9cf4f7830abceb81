/** `oidc_payloads` (migrations 002-auth, 006-oidc-token-hashes): the sign-in server's stored sessions, grants and tokens. */
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
