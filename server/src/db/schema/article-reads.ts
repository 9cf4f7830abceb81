import type { Selectable } from 'kysely';

/**
 * `article_reads` (migration 052-article-reads): how many reads readers' browsers reported for an
 * article in one UTC hour (decision 049).
 */
export interface ArticleReadsTable {
  article_id: number;
  /** The hour's start, ISO-8601 UTC ('2026-11-30T20:00:00.000Z'). */
  hour: string;
  reads: number;
}

export type ArticleReadsRow = Selectable<ArticleReadsTable>;
