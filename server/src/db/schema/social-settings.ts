/** `social_settings` (migration 016-social-shares): the Social page's defaults, one value per key. */
export interface SocialSettingsTable {
  key: string;
  value: string;
}
