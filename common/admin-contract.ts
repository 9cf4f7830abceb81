/**
 * The admin API's JSON shapes (docs/product.md, Data), shared by the server that sends them, the admin
 * screens that read them, and the export/import record format.
 */
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
  /** null: a draft. */
  publishedAt: string | null;
  createdAt: string;
  updatedAt: string;
}

/** A paged list (GET /api/admin/articles). The server's list items leave `content` out. */
export interface ArticlePageOf<T> {
  articles: T[];
  currentPage: number;
  pageSize: number;
  totalCount: number;
  totalPages: number;
  hasNextPage: boolean;
  hasPreviousPage: boolean;
}

/** One line of `npm run export`: what POST /api/admin/articles accepts plus id and timestamps. */
export type ArticleRecord = Omit<AdminArticle, 'slug' | 'categoryId'>;
