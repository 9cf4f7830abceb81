/** The columns of a published article as the public lists, the archive, feeds, search and the author and tag pages read them. */
export const NEWS_LIST_COLUMNS = [
  'id',
  'slug',
  'headline',
  'summary',
  'author',
  'category_id',
  'source',
  'image_url',
  'image_alt',
  'image_caption',
  'image_credit',
  'image_focal_x',
  'image_focal_y',
  'original_url',
  'published_at',
  'modified_at',
  'is_breaking',
  'live_started_at',
  'live_ended_at',
] as const;

export type ListRow = {
  id: number;
  slug: string;
  headline: string;
  summary: string;
  author: string;
  category_id: number;
  source: string;
  image_url: string;
  image_alt: string;
  image_caption: string;
  image_credit: string;
  image_focal_x: number;
  image_focal_y: number;
  original_url: string;
  published_at: string | null;
  modified_at: string | null;
  is_breaking: number;
  /** Live coverage (migration 040): a row read with other columns may not carry them. */
  live_started_at?: string | null;
  live_ended_at?: string | null;
};
