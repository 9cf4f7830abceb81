import type { AdminArticle } from '@common/admin-contract';

/**
 * A whole article as the admin API sends it, for component tests: a draft unless `publishedAt` is
 * given (its status follows), every other field overridable.
 */
export function adminArticle(over: Partial<AdminArticle> = {}): AdminArticle {
  const publishedAt = over.publishedAt ?? null;
  return {
    id: 1,
    headline: 'Minister Caught Feeding Budget To Goat',
    slug: (over.headline ?? 'Minister Caught Feeding Budget To Goat').toLowerCase().replace(/\W+/g, '-'),
    summary: 'Summary',
    body: { type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text: 'Content' }] }] },
    content: 'Content',
    author: 'A. Hack',
    category: 'Politics',
    categoryId: 1,
    source: 'Wire',
    editorName: 'Ed Itor',
    ratingOutOfTen: 5,
    comments: '',
    imageUrl: null,
    originalUrl: null,
    isBreaking: false,
    createdAt: '2026-01-05T09:00:00.000Z',
    updatedAt: '2026-01-05T09:00:00.000Z',
    version: 1,
    status: publishedAt ? 'published' : 'draft',
    publishAt: null,
    deletedAt: null,
    updatedBy: null,
    liveStartedAt: null,
    liveEndedAt: null,
    ...over,
    publishedAt,
  };
}
