import type { UseQueryResult } from '@tanstack/react-query';
import type { ArticleRevision } from '@common/admin-contract';

/** One revision's article as it was saved (the History's Show version N). */
export function RevisionSnapshot({ revision }: { revision: UseQueryResult<ArticleRevision, unknown> }) {
  if (revision.isError) return <p className="admin-inline-error">Failed to load revision</p>;
  if (!revision.data) return <p className="admin-muted">Loading…</p>;
  const s = revision.data.snapshot;
  return (
    <dl className="admin-info admin-history__snapshot">
      <dt>Headline</dt>
      <dd>{s.headline}</dd>
      <dt>Category</dt>
      <dd>{s.category}</dd>
      <dt>Summary</dt>
      <dd>{s.summary || '—'}</dd>
      <dt>Search and social title</dt>
      <dd>{s.metaTitle || '— (the headline)'}</dd>
      <dt>Search and social description</dt>
      <dd>{s.metaDescription || '— (the summary)'}</dd>
      <dt>Content</dt>
      <dd className="admin-pre">{s.content || '—'}</dd>
      <dt>Author</dt>
      <dd>{s.author || '—'}</dd>
      <dt>Source</dt>
      <dd>{s.source || '—'}</dd>
      <dt>Rating</dt>
      <dd>{s.ratingOutOfTen}/10</dd>
    </dl>
  );
}
