import type { Selectable } from 'kysely';

/**
 * `article_presence` (migration 051-article-presence): who has an article's screen open, one row per
 * editor's browser tab, kept fresh by its heartbeat (decision 047).
 */
export interface ArticlePresenceTable {
  article_id: number;
  /** The signed-in editor's subject, as the audit trail records it (`actor_subject`). */
  editor_subject: string;
  /** Their display name (`actor_name`). */
  editor_name: string;
  /** The tab's random UUID, lowercase. */
  tab_id: string;
  /** The tab's first heartbeat on the article. */
  opened_at: string;
  /** Its latest heartbeat. */
  last_seen: string;
}

export type ArticlePresenceRow = Selectable<ArticlePresenceTable>;
