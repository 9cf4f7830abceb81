/** `article_counts` (migration 003-admin): articles per (category, draft?) pair, kept exact by triggers. */
export interface ArticleCountsTable {
  category_id: number;
  /** 1: published_at is null. */
  is_draft: number;
  /**
   * PostgreSQL only (migration 031): which of the pair's rows this is; a total is the sum of its
   * rows. SQLite has one row per pair and no such column.
   */
  slot?: number;
  /** bigint: PostgreSQL returns it as a string. */
  n: number | string;
}
