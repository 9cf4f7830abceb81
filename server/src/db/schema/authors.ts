import type { Generated, Selectable } from 'kysely';

/** `authors` (migration 037-authors-and-tags): the people a byline names. */
export interface AuthorTable {
  id: Generated<number>;
  name: string;
  /** Unique: the author page is /author/{slug}. */
  slug: string;
  bio: Generated<string>;
  /** The photo: an uploaded image's URL or another http(s) URL; null: none. */
  photo_url: string | null;
  /** The uploaded image the photo is (32 hex), so the image sweep keeps it; else null. */
  photo_image_id: string | null;
  /** Without the '@'. */
  x_handle: string | null;
  created_at: string;
  updated_at: string;
}

/** `article_authors`: an article's authors in byline order (`position` from 0). */
export interface ArticleAuthorTable {
  article_id: number;
  author_id: number;
  position: number;
  /** 041-link-publication-order: the article's published_at, kept by triggers (never written by the code). */
  published_at: Generated<string | null>;
}

/** `author_slug_redirects`: a renamed author's earlier slugs (their page answers 301). */
export interface AuthorSlugRedirectTable {
  old_slug: string;
  author_id: number;
  created_at: string;
}

export type AuthorRow = Selectable<AuthorTable>;
