/** `article_counts` (migration 003-admin): articles per (category, draft?) pair, kept exact by triggers. */
export interface ArticleCountsTable {
  category_id: number;
  /** 1: published_at is null. */
  is_draft: number;
  /** bigint: PostgreSQL returns it as a string. */
  n: number | string;
}
