export type SharePlatform = 'x' | 'facebook';
/** withdrawn: its article (or live entry) was no longer published when its job took it; nothing was sent. */
export type ShareState = 'queued' | 'posting' | 'posted' | 'failed' | 'unconfirmed' | 'deleted' | 'withdrawn';

/** `social_shares` (migration 016-social-shares): the state of one article's post (or one of its live entries' posts) on one platform. No token. */
export interface SocialShareTable {
  article_id: number;
  platform: SharePlatform;
  state: ShareState;
  message: string;
  link: string;
  post_id: string | null;
  post_url: string | null;
  reason: string | null;
  attempts: number;
  next_attempt_at: string | null;
  created_at: string;
  updated_at: string;
  /** 040-live-blog: 0 for the article's own post, else the key event entry the post announces. */
  entry_id: number;
}
