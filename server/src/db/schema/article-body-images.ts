/**
 * `article_body_images` (migration 035-article-bodies): each library image an article's body shows or
 * showed (pictures and embed thumbnails, in the article or any of its revisions), one row per pair.
 */
export interface ArticleBodyImagesTable {
  article_id: number;
  image_id: string;
}
