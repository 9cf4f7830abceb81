import type { Generated, Insertable, Selectable, Updateable } from 'kysely';

/**
 * `articles`: the columns of migration 001-initial, then those of 007-newsroom (versions, scheduling,
 * trash), 016-social-shares (the article's sharing choice), 033-modified-time-and-slugs,
 * 035-article-bodies, 036-described-images, 040-live-blog and 043-search-and-social.
 */
export interface ArticleTable {
  id: Generated<number>;
  headline: string;
  slug: string;
  summary: string;
  /** The body's plain text (035-article-bodies: derived from `body` on every save). */
  content: string;
  author: string;
  category_id: number;
  source: string;
  editor_name: string;
  rating: number;
  comments: string;
  image_url: string;
  original_url: string;
  is_breaking: number;
  /** null means draft (unpublished). */
  published_at: string | null;
  created_at: string;
  updated_at: string;

  // 007-newsroom
  version: Generated<number>;
  publish_at: string | null;
  deleted_at: string | null;
  /** published_at of an article while it is in the trash (its published_at is null then). */
  trashed_published_at: string | null;
  updated_by: string | null;

  // 016-social-shares: null means the Social page's default.
  share_to_x: number | null;
  share_to_facebook: number | null;
  /** Text of the posts (null: the headline). */
  share_message: string | null;

  // 033-modified-time-and-slugs: the last edit readers are told about (not a minor one); null: none.
  modified_at: Generated<string | null>;

  // 035-article-bodies: the body as stored-format JSON text (common/body/types.ts).
  body: Generated<string>;

  // 036-described-images: the lead image as this article describes it ('' : none; an empty alt is
  // missing) and a copy of the image's focal point (0..1; 0.5 the centre).
  image_alt: Generated<string>;
  image_caption: Generated<string>;
  image_credit: Generated<string>;
  image_focal_x: Generated<number>;
  image_focal_y: Generated<number>;

  // 040-live-blog: the coverage of a live article (null, null: not a live blog; ended when both are set).
  live_started_at: Generated<string | null>;
  live_ended_at: Generated<string | null>;

  // 043-search-and-social: the title and description of search results and share cards ('' : the
  // headline, the summary).
  meta_title: Generated<string>;
  meta_description: Generated<string>;

  // 063-pinned-stories: when a published story was pinned to lead the home page and its section, and by
  // whom (null, null: not pinned).
  pinned_at: Generated<string | null>;
  pinned_by: Generated<string | null>;
  // 064-pin-until: when the pin ends by itself (null: until an editor unpins it, or not pinned).
  pinned_until: Generated<string | null>;
}

export type ArticleRow = Selectable<ArticleTable>;
export type NewArticleRow = Insertable<ArticleTable>;
export type ArticleUpdate = Updateable<ArticleTable>;
