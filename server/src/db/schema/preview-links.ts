import type { Selectable } from 'kysely';

/** `preview_links` (migration 042-preview-links): an unpublished article's secret preview link, one at most. */
export interface PreviewLinkTable {
  article_id: number;
  /** SHA-256 of the token, hex: the token itself is never stored. */
  token_hash: string;
  created_at: string;
  /** The display name of the editor who turned it on. */
  created_by: string;
  expires_at: string;
  /** When the article was published: the link leads to the public article from then on (null: not ended). */
  ended_at: string | null;
}

export type PreviewLinkRow = Selectable<PreviewLinkTable>;
