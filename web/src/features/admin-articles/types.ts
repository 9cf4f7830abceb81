import type { AdminArticle, ArticlePageOf } from '@common/admin-contract';

export type { AdminArticle };
export type ArticlePage = ArticlePageOf<AdminArticle>;

export interface Category {
  id: number;
  name: string;
}

export type StatusFilter = 'all' | 'published' | 'unpublished';

/** The list screen's state, kept in the URL query (docs/product.md, All Articles). */
export interface ListQuery {
  page: number;
  pageSize: number;
  status: StatusFilter;
  /** Only set when above 0. */
  categoryId?: number;
}
