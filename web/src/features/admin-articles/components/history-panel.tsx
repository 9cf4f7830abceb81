import { useId, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useAdminApi } from '@/lib/admin-api-client';
import { errorParts } from '@/lib/admin-error-context';
import { toast } from '@/lib/toast';
import { articleQueryOptions } from '../api/get-article.ts';
import { revisionQueryOptions, useRevision } from '../api/get-revision.ts';
import { useRevisions, type ArticleRevisionSummary } from '../api/get-revisions.ts';
import { useRestoreRevision } from '../api/restore-revision.ts';
import { conflictOf, type ConflictFacts } from '../api/update-article.ts';
import { useCategories } from '../api/get-categories.ts';
import { formFromArticle } from '../lib/article-fields.ts';
import { formatAdminDate } from '../lib/format-date.ts';
import type { AdminArticle } from '../types.ts';
import { ConflictPanel } from './conflict-panel.tsx';
import { AutosaveGroup } from './autosave-group.tsx';
import { RevisionCompare } from './revision-compare.tsx';
import { RevisionSnapshot } from './revision-snapshot.tsx';
import { foldAutosaves } from '../lib/history-groups.ts';
import { revisionActionLabel } from '@common/action-labels';

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
  imageAlt: 'image description',
  imageCaption: 'caption',
  imageCredit: 'credit',
  originalUrl: 'original URL',
  metaTitle: 'search and social title',
  metaDescription: 'search and social description',
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
 * The article's revisions (who, when, which fields; consecutive autosaves folded into one entry), one
 * shown in full, any two compared word by word, and a restore of one. A restore
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
  const item = (r: ArticleRevisionSummary) => (
    <li key={r.id} className="admin-history__item">
      <p>
        <strong>{r.editorName || 'Unknown editor'}</strong> · {revisionActionLabel(r)} ·{' '}
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
      {shown === r.id ? <RevisionSnapshot revision={revision} /> : null}
    </li>
  );
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
        <>
          <RevisionCompare articleId={articleId} revisions={revisions.data} />
          <ol className="admin-history">
            {foldAutosaves(revisions.data).map((entry) =>
              entry.kind === 'revision' ? (
                item(entry.revision)
              ) : (
                <AutosaveGroup key={`auto-${entry.revisions[0]!.id}`} revisions={entry.revisions} item={item} />
              ),
            )}
          </ol>
        </>
      )}
    </section>
  );
}
