import type { Generated, Selectable } from 'kysely';

/** `tags` (migration 037-authors-and-tags): subjects stories are filed under besides their section. */
export interface TagTable {
  id: Generated<number>;
  name: string;
  /** Unique: the tag page is /tag/{slug}. */
  slug: string;
  created_at: string;
  updated_at: string;
}

/** `article_tags`: an article's tags in the order the editor gave them (`position` from 0). */
export interface ArticleTagTable {
  article_id: number;
  tag_id: number;
  position: number;
  /** 041-link-publication-order: the article's published_at, kept by triggers (never written by the code). */
  published_at: Generated<string | null>;
}

/** `tag_slug_redirects`: a renamed tag's earlier slugs (its page answers 301). */
export interface TagSlugRedirectTable {
  old_slug: string;
  tag_id: number;
  created_at: string;
}

export type TagRow = Selectable<TagTable>;
