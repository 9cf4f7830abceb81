import { CATEGORIES } from '../../../common/categories.ts';
import type { AdminArticle, AdminArticleListItem } from '../../../common/admin-contract.ts';
import { parseStoredBody } from '../../../common/body/stored.ts';
import type { ArticleRow } from '../db/schema.ts';
import type { ArticleLinks } from './authors-and-tags.ts';

/** The columns of an article in the admin's lists. */
export const LIST_COLUMNS = [
  'id',
  'headline',
  'slug',
  'summary',
  'author',
  'category_id',
  'source',
  'editor_name',
  'rating',
  'comments',
  'image_url',
  'original_url',
  'is_breaking',
  'published_at',
  'created_at',
  'updated_at',
  'version',
  'publish_at',
  'deleted_at',
  'updated_by',
  'live_started_at',
  'live_ended_at',
  'pinned_at',
  'pinned_by',
  'pinned_until',
] as const;

export type ListRow = Pick<ArticleRow, (typeof LIST_COLUMNS)[number]>;

function categoryName(id: number): string {
  return CATEGORIES.find((c) => c.id === id)?.name ?? '';
}

export function toListItem(row: ListRow): AdminArticleListItem {
  return {
    id: Number(row.id),
    headline: row.headline,
    slug: row.slug,
    summary: row.summary,
    author: row.author,
    category: categoryName(row.category_id),
    categoryId: row.category_id,
    source: row.source,
    editorName: row.editor_name,
    ratingOutOfTen: row.rating,
    comments: row.comments,
    imageUrl: row.image_url || null,
    originalUrl: row.original_url || null,
    isBreaking: Number(row.is_breaking) === 1,
    publishedAt: row.published_at || null,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    version: Number(row.version),
    status: row.published_at ? 'published' : row.publish_at ? 'scheduled' : 'draft',
    publishAt: row.publish_at || null,
    deletedAt: row.deleted_at || null,
    updatedBy: row.updated_by || null,
    liveStartedAt: row.live_started_at || null,
    liveEndedAt: row.live_ended_at || null,
    pinnedAt: row.pinned_at || null,
    pinnedBy: row.pinned_by || null,
    pinnedUntil: row.pinned_until || null,
  };
}

/** The share choice columns of articles (migration 016); the admin article carries them. */
export interface ShareColumns {
  share_to_x: number | null;
  share_to_facebook: number | null;
  share_message: string | null;
}

/** The lead image's description and focal point (migration 036); the admin article carries them. */
export interface ImageColumns {
  image_alt: string;
  image_caption: string;
  image_credit: string;
  image_focal_x: number;
  image_focal_y: number;
}

/** The search and social title and description (migration 043); the admin article carries them. */
export interface MetaColumns {
  meta_title: string;
  meta_description: string;
}

const flag = (v: number | null | undefined) => (v === null || v === undefined ? null : Number(v) === 1);

/** An article as the admin API gives it, from its row (every column) and its authors and tags. */
export function toAdminArticle(
  row: ListRow & { content: string; body: string } & Partial<ShareColumns> &
    Partial<ImageColumns> &
    Partial<MetaColumns>,
  links?: ArticleLinks,
): AdminArticle {
  const {
    content,
    body,
    share_to_x,
    share_to_facebook,
    share_message,
    image_alt,
    image_caption,
    image_credit,
    image_focal_x,
    image_focal_y,
    meta_title,
    meta_description,
    ...rest
  } = row;
  const article: AdminArticle = { ...toListItem(rest), body: parseStoredBody(body, content), content };
  if (links) {
    article.authors = links.authors;
    article.tags = links.tags;
  }
  if (image_alt !== undefined) {
    article.imageAlt = image_alt;
    article.imageCaption = image_caption ?? '';
    article.imageCredit = image_credit ?? '';
    article.imageFocalX = Number(image_focal_x ?? 0.5);
    article.imageFocalY = Number(image_focal_y ?? 0.5);
  }
  if (meta_title !== undefined) {
    article.metaTitle = meta_title;
    article.metaDescription = meta_description ?? '';
  }
  // Rows read with every column carry the share choice (lists and old snapshots do not).
  if (share_to_x !== undefined) {
    article.shareToX = flag(share_to_x);
    article.shareToFacebook = flag(share_to_facebook);
    article.shareMessage = share_message ?? null;
  }
  return article;
}
