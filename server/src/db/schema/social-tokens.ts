/** `social_tokens` (migration 004-social): token columns hold TokenCipher output only. */
export interface SocialTokenTable {
  persona: string;
  platform: string;
  access_token: string;
  refresh_token: string | null;
  expires_at: string | null;
  scope: string;
  refresh_lease: string | null;
  refresh_lease_until: string | null;
  created_at: string;
  updated_at: string;
}
