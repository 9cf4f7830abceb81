import type { AdminArticle as ContractArticle, ArticlePageOf } from '@common/admin-contract';

export type ArticleStatus = 'draft' | 'published' | 'scheduled';

/**
 * An admin article with the editing facts: its version (sent back with an edit), its status, the
 * scheduled publication time and, for an article in the trash, when it was deleted.
 */
export type AdminArticle = ContractArticle & {
  version?: number;
  status?: ArticleStatus;
  publishAt?: string | null;
  deletedAt?: string | null;
};

export type ArticlePage = ArticlePageOf<AdminArticle>;

export interface Category {
  id: number;
  name: string;
}

export type StatusFilter = 'all' | 'published' | 'unpublished' | 'scheduled' | 'trash';
export type SortOrder = 'newest' | 'oldest';

/** The list screen's state, kept in the URL query. */
export interface ListQuery {
  page: number;
  pageSize: number;
  status: StatusFilter;
  /** Only set when above 0. */
  categoryId?: number;
  /** Words of the headline. */
  search?: string;
  sort?: SortOrder;
}
