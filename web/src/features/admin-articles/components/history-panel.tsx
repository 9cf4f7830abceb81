import { useId, useState } from 'react';
import { useRevision } from '../api/get-revision.ts';
import { useRevisions } from '../api/get-revisions.ts';
import { useRestoreRevision } from '../api/restore-revision.ts';
import { formatAdminDate } from '../lib/format-date.ts';

const FIELD_NAMES: Record<string, string> = {
  headline: 'headline',
  slug: 'address',
  summary: 'summary',
  content: 'content',
  categoryId: 'category',
  author: 'author',
  source: 'source',
  editorName: 'editor',
  ratingOutOfTen: 'rating',
  comments: 'comments',
  imageUrl: 'image',
  originalUrl: 'original URL',
  isBreaking: 'breaking',
  publishedAt: 'publication',
  status: 'status',
  publishAt: 'schedule',
  deletedAt: 'trash',
};

/** The article's revisions (who, when, which fields), one shown in full, and a restore of one. */
export function HistoryPanel({ articleId }: { articleId: number }) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const [shown, setShown] = useState<number>();
  const revisions = useRevisions(articleId, open);
  const revision = useRevision(articleId, shown);
  const restore = useRestoreRevision();
  return (
    <section className="admin-panel" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>History</h2>
      {!open ? (
        <button type="button" className="admin-btn admin-btn--small" onClick={() => setOpen(true)}>
          Show history
        </button>
      ) : revisions.isError ? (
        <p className="admin-inline-error">Failed to load history</p>
      ) : !revisions.data ? (
        <p className="admin-muted">Loading history…</p>
      ) : revisions.data.length === 0 ? (
        <p className="admin-muted">No revisions yet.</p>
      ) : (
        <ol className="admin-history">
          {revisions.data.map((r) => (
            <li key={r.id} className="admin-history__item">
              <p>
                <strong>{r.editorName || 'Unknown editor'}</strong> · {r.action} ·{' '}
                <time dateTime={r.at}>{formatAdminDate(r.at)}</time>
              </p>
              {r.changedFields.length ? (
                <p className="admin-muted">Changed: {r.changedFields.map((f) => FIELD_NAMES[f] ?? f).join(', ')}</p>
              ) : null}
              <div className="admin-actions">
                <button
                  type="button"
                  className="admin-btn admin-btn--small"
                  aria-expanded={shown === r.id}
                  onClick={() => setShown(shown === r.id ? undefined : r.id)}
                >
                  {shown === r.id ? 'Hide' : 'Show'} version {r.version}
                </button>
                <button
                  type="button"
                  className="admin-btn admin-btn--small"
                  disabled={restore.isPending}
                  onClick={() => restore.mutate({ id: articleId, rid: r.id })}
                >
                  Restore version {r.version}
                </button>
              </div>
              {shown === r.id ? (
                revision.data ? (
                  <dl className="admin-info admin-history__snapshot">
                    <dt>Headline</dt>
                    <dd>{revision.data.snapshot.headline}</dd>
                    <dt>Category</dt>
                    <dd>{revision.data.snapshot.category}</dd>
                    <dt>Summary</dt>
                    <dd>{revision.data.snapshot.summary || '—'}</dd>
                    <dt>Content</dt>
                    <dd className="admin-pre">{revision.data.snapshot.content || '—'}</dd>
                    <dt>Author</dt>
                    <dd>{revision.data.snapshot.author || '—'}</dd>
                    <dt>Source</dt>
                    <dd>{revision.data.snapshot.source || '—'}</dd>
                    <dt>Rating</dt>
                    <dd>{revision.data.snapshot.ratingOutOfTen}/10</dd>
                  </dl>
                ) : revision.isError ? (
                  <p className="admin-inline-error">Failed to load revision</p>
                ) : (
                  <p className="admin-muted">Loading…</p>
                )
              ) : null}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
