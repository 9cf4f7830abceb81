import type {
  AdminArticle,
  ArticleOpenBy,
  ArticlePageOf,
  ArticleRowNotes,
  ArticleRowReads,
  ArticleStatus,
} from '@common/admin-contract';

export type { AdminArticle, ArticleStatus };

/**
 * A row of All Articles: the article, who else has it open as the page was loaded (decision 047), its
 * reads in the last 7 days (decision 049) and its open notes (decision 058).
 */
export type ListedArticle = AdminArticle & ArticleOpenBy & ArticleRowReads & ArticleRowNotes;

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
  /** Only the stories with open notes (never with the Trash). */
  openNotes?: boolean;
  sort?: SortOrder;
}
