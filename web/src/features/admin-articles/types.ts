import type { AdminArticle, ArticleOpenBy, ArticlePageOf, ArticleStatus } from '@common/admin-contract';

export type { AdminArticle, ArticleStatus };

/** A row of All Articles: the article and who else has it open as the page was loaded (decision 047). */
export type ListedArticle = AdminArticle & ArticleOpenBy;

export type ArticlePage = ArticlePageOf<ListedArticle>;

export interface Category {
  id: number;
  name: string;
}

export type StatusFilter = 'all' | 'published' | 'unpublished' | 'scheduled' | 'trash';
export type SortOrder = 'newest' | 'oldest';

/** The list screen's state, kept in the URL query (docs/product.md, All Articles). */
export interface ListQuery {
  page: number;
  pageSize: number;
  status: StatusFilter;
  /** Only set when above 0. */
  categoryId?: number;
  /** Words of the headline. */
  search?: string;
  /** Only the articles that name this author. */
  authorId?: number;
  /** Only the articles with this tag. */
  tagId?: number;
  sort?: SortOrder;
}
