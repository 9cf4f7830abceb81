import { useId, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useAdminApi } from '@/lib/admin-api-client';
import { errorParts } from '@/lib/admin-error-context';
import { toast } from '@/lib/toast';
import { articleQueryOptions } from '../api/get-article.ts';
import { revisionQueryOptions, useRevision } from '../api/get-revision.ts';
import { useRevisions } from '../api/get-revisions.ts';
import { useRestoreRevision } from '../api/restore-revision.ts';
import { conflictOf, type ConflictFacts } from '../api/update-article.ts';
import { useCategories } from '../api/get-categories.ts';
import { formFromArticle } from '../lib/article-form.ts';
import { formatAdminDate } from '../lib/format-date.ts';
import type { AdminArticle } from '../types.ts';
import { ConflictPanel } from './conflict-panel.tsx';

const FIELD_NAMES: Record<string, string> = {
  headline: 'headline',
  slug: 'address',
  summary: 'summary',
  content: 'content',
  categoryId: 'category',
  author: 'byline',
  authors: 'authors',
  tags: 'tags',
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

interface StaleRestore {
  facts: ConflictFacts;
  /** The revision being restored and its version number. */
  rid: number;
  version: number;
  mine: AdminArticle;
  theirs: AdminArticle | null;
}

/**
 * The article's revisions (who, when, which fields), one shown in full, and a restore of one. A restore
 * is based on the version this screen shows (If-Match): if someone saved since, the conflict panel
 * offers to reload, compare or restore over their save.
 */
export function HistoryPanel({ article }: { article: Pick<AdminArticle, 'id' | 'version'> }) {
  const articleId = article.id;
  const id = useId();
  const client = useAdminApi();
  const queryClient = useQueryClient();
  const categories = useCategories();
  const [open, setOpen] = useState(false);
  const [shown, setShown] = useState<number>();
  const [stale, setStale] = useState<StaleRestore | null>(null);
  const revisions = useRevisions(articleId, open);
  const revision = useRevision(articleId, shown);
  const restore = useRestoreRevision();
  const restoreAt = (rid: number, revisionVersion: number, basedOn: number) => {
    setStale(null);
    restore.mutate(
      { id: articleId, rid, version: basedOn },
      {
        onError: (err) => {
          const facts = conflictOf(err);
          if (!facts) return;
          void queryClient
            .fetchQuery({ ...revisionQueryOptions(client, articleId, rid), staleTime: 0 })
            .then((r) => setStale({ facts, rid, version: revisionVersion, mine: r.snapshot, theirs: null }))
            .catch((e: unknown) => toast({ title: errorParts(e).message, variant: 'destructive' }));
        },
      },
    );
  };
  const latest = () => queryClient.fetchQuery({ ...articleQueryOptions(client, articleId), staleTime: 0 });
  return (
    <section className="admin-panel" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>History</h2>
      {stale ? (
        <ConflictPanel
          facts={stale.facts}
          mine={formFromArticle(stale.mine)}
          theirs={stale.theirs}
          categories={categories.data}
          busy={restore.isPending}
          mineLabel={`Version ${stale.version}`}
          pending={`Version ${stale.version} is not restored yet.`}
          overwriteLabel={`Restore version ${stale.version} anyway`}
          onReload={() => {
            setStale(null);
            void latest();
          }}
          onCompare={() => void latest().then((theirs) => setStale((s) => (s ? { ...s, theirs } : s)))}
          onOverwrite={() => {
            const over = stale.facts.currentVersion ?? stale.theirs?.version;
            if (over !== undefined) restoreAt(stale.rid, stale.version, over);
          }}
        />
      ) : null}
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
                  onClick={() => restoreAt(r.id, r.version, article.version)}
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
