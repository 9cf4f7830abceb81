/** `slug_redirects` (migration 007-newsroom): an article's earlier slugs. */
export interface SlugRedirectsTable {
  old_slug: string;
  article_id: number;
  created_at: string;
}
