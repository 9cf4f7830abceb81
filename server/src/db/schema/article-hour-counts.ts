/** `article_hour_counts` (migration 005): articles created per UTC hour ('2026-11-22T02'), kept exact by triggers. */
export interface ArticleHourCountsTable {
  hour: string;
  /** bigint: PostgreSQL returns it as a string. */
  n: number | string;
}
