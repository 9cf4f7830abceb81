/** Admin article, as the admin API sends it (shared contract). */
export interface AdminArticle {
  id: number;
  headline: string;
  slug: string;
  summary: string;
  content: string;
  author: string;
  /** Category name, e.g. 'Politics'. */
  category: string;
  categoryId: number;
  source: string;
  editorName: string;
  ratingOutOfTen: number;
  comments: string;
  imageUrl: string | null;
  originalUrl: string | null;
  isBreaking: boolean;
  publishedAt: string | null;
  createdAt: string;
  updatedAt: string;
}

export interface ArticlePage {
  articles: AdminArticle[];
  currentPage: number;
  pageSize: number;
  totalCount: number;
  totalPages: number;
  hasNextPage: boolean;
  hasPreviousPage: boolean;
}

export interface Category {
  id: number;
  name: string;
}

export type StatusFilter = 'all' | 'published' | 'unpublished';

/** The list screen's state, kept in the URL query (spec section 2). */
export interface ListQuery {
  page: number;
  pageSize: number;
  status: StatusFilter;
  /** Only set when above 0. */
  categoryId?: number;
}
