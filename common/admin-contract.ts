/**
 * The admin API's JSON shapes (spec section 3), shared by the server that sends them, the admin
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

// ---- Sharing to X and Facebook (GET/POST/DELETE /api/admin/articles/{id}/shares...) ----

export type SharePlatform = 'x' | 'facebook';
/** queued: waiting for a worker; posting: being sent; unconfirmed: outcome unknown, an editor checks and retries. */
export type ShareState = 'queued' | 'posting' | 'posted' | 'failed' | 'unconfirmed' | 'deleted';

export interface PlatformShare {
  platform: SharePlatform;
  /** null: never shared. */
  state: ShareState | null;
  /** Whether the account is connected on the Social page. */
  connected: boolean;
  /** Text of the post (X: message + link; Facebook: message, the link goes alongside). */
  message: string | null;
  postId: string | null;
  postUrl: string | null;
  /** The provider's reason of the last failure, or why it is unconfirmed. */
  reason: string | null;
  attempts: number;
  nextAttemptAt: string | null;
  updatedAt: string | null;
}

/** The article's share choice: null follows the Social page default. */
export interface ArticleShareChoice {
  shareToX: boolean | null;
  shareToFacebook: boolean | null;
  shareMessage: string | null;
}

export interface ArticleShares {
  articleId: number;
  choice: ArticleShareChoice;
  /** What the posts would say now (for previews). */
  preview: { link: string; x: { text: string; weightedLength: number }; facebook: { message: string; link: string } };
  shares: PlatformShare[];
}

export interface ShareDefaults {
  /** null: on when the account is connected. */
  x: boolean | null;
  facebook: boolean | null;
}

export interface FailedShare {
  articleId: number;
  headline: string;
  platform: SharePlatform;
  state: 'failed' | 'unconfirmed';
  reason: string | null;
  at: string;
}
