/**
 * Article fixtures for API tests: `makeArticle(overrides)` gives a complete row (slug derived from
 * the headline, draft unless published_at is set); `insertArticles(db, rows)` stores them.
 * The implementation is shared with the admin tests (admin-articles.ts).
 */
export {
  articleRow as makeArticle,
  insertArticle,
  insertArticles,
  daysAgo,
  snapshotArticles,
} from './admin-articles.ts';
