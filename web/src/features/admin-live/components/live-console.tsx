import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { AdminSpinner } from '@/components/admin/admin-spinner';
import { AdminApiError, purgedArticleOf, trashedArticleOf } from '@/lib/admin-api-client';
import { AdminQueryError } from '@/lib/admin-error-context';
import { errorParts } from '@/lib/admin-error-context';
import { useLiveArticle } from '../api/get-live-article.ts';
import { LIVE_ENTRIES_POLL_MS, useLiveEntries } from '../api/get-live-entries.ts';
import { useLiveChanges } from '../api/listen-live-changes.ts';
import { useShareDefaults } from '@/lib/share-defaults';
import { coverageState, isPublic } from '../lib/coverage.ts';
import { dropCorrectionsExcept } from '../lib/entry-draft.ts';
import { CoverageControls } from './coverage-controls.tsx';
import { LiveComposer } from './live-composer.tsx';
import { ENTRIES_HEADING_ID, LiveEntryItem } from './live-entry-item.tsx';
import { PurgedCoverage } from './purged-coverage.tsx';
import { TrashedCoverage } from './trashed-coverage.tsx';

export interface LiveConsoleProps {
  articleId: number;
  /** The article's admin screen. */
  articleHref: string;
  /** How often to ask for other editors' entries (ms; 0: never, for tests). */
  pollMs?: number;
}

/**
 * The live console (docs/product.md, Live console): the story's headline and state, the composer,
 * and every entry newest first. Entries of other editors appear at once while the story is public
 * (the readers' live stream says so), and otherwise within a few seconds: the entries query is asked
 * again every `pollMs` while the tab is visible. In the Trash, the article is asked for at that pace
 * instead: restored elsewhere, the console comes back, says so, and takes the focus.
 */
export function LiveConsole({ articleId, articleHref, pollMs }: LiveConsoleProps) {
  const article = useLiveArticle(articleId, pollMs ?? LIVE_ENTRIES_POLL_MS);
  // In the Trash, nothing comes to ask for until it is restored (from its screen); deleted for good, never.
  const trashed = article.isError ? trashedArticleOf(article.error) : undefined;
  const purged = article.isError ? purgedArticleOf(article.error) : undefined;
  const entries = useLiveEntries(articleId, trashed || purged ? 0 : pollMs);
  // The entries' poll answered 404: the story went to the Trash (or was deleted for good) since it was
  // read, and the readers' stream says nothing of a story that is not public. It is read again, and its
  // 404 tells which screen to show.
  const entriesGone = entries.error instanceof AdminApiError && entries.error.status === 404;
  const { refetch: refetchArticle } = article;
  useEffect(() => {
    if (entriesGone) void refetchArticle();
  }, [entriesGone, refetchArticle]);
  const restored = useRestored(trashed !== undefined, article.data !== undefined);
  const title = useRef<HTMLHeadingElement>(null);
  const { refetch: refetchEntries } = entries;
  useEffect(() => {
    if (!restored) return;
    title.current?.focus();
    // A poll refused while the story was in the Trash left its error: the list is read again at once.
    void refetchEntries();
  }, [restored, refetchEntries]);
  useLiveChanges(articleId);
  const defaults = useShareDefaults();
  // A correction kept for an entry deleted meanwhile has nothing left to correct.
  const fetchedList = entries.isFetchedAfterMount ? entries.data : undefined;
  useEffect(() => {
    if (!fetchedList) return;
    const ids = fetchedList.map((e) => e.id);
    dropCorrectionsExcept(articleId, ids);
  }, [articleId, fetchedList]);
  if (trashed) {
    const headline = trashed.headline ?? article.data?.headline ?? `Article ${articleId}`;
    return (
      <TrashedCoverage
        articleId={articleId}
        articleHref={articleHref}
        headline={headline}
        deletedAt={trashed.deletedAt}
      />
    );
  }
  if (purged) return <PurgedCoverage articleId={articleId} facts={purged} />;
  if (article.isError) return <AdminQueryError error={article.error} onRetry={() => void article.refetch()} />;
  if (!article.data) return <AdminSpinner label="Loading the live console…" />;
  const a = article.data;
  const state = coverageState(a);
  const connected = defaults.data?.connected;
  return (
    <article className="admin-live" aria-labelledby="live-console-title">
      <div className="admin-detail__back">
        <Link className="admin-btn admin-btn--small" to={articleHref}>
          ← Article
        </Link>
      </div>
      <header className="admin-live__head">
        <p className="admin-muted admin-live__kicker">Live console</p>
        <h1 id="live-console-title" className="admin-detail__headline" ref={title} tabIndex={-1}>
          {a.headline}
        </h1>
        {restored ? (
          <p className="admin-notice" role="status">
            This story is out of the Trash again: live coverage goes on here.
          </p>
        ) : null}
        <CoverageControls article={a} />
        {!isPublic(a) ? (
          <p className="admin-live__warning" role="note">
            This story is not published: readers see no entries until it is.
          </p>
        ) : null}
      </header>
      <div className="admin-live__grid">
        {state !== 'live' ? (
          <p className="admin-panel admin-muted">
            {state === 'off'
              ? 'Start live coverage to post entries.'
              : 'Coverage has ended: resume it to post entries.'}
          </p>
        ) : (
          <LiveComposer articleId={articleId} connected={connected} />
        )}
        <section className="admin-live__entries" aria-labelledby={ENTRIES_HEADING_ID} aria-busy={entries.isLoading}>
          <h2 id={ENTRIES_HEADING_ID} tabIndex={-1}>
            Entries{entries.data ? <span className="admin-muted"> ({entries.data.length})</span> : null}
          </h2>
          {entries.isError && !entries.data ? (
            <AdminQueryError error={entries.error} onRetry={() => void entries.refetch()} />
          ) : !entries.data ? (
            <AdminSpinner label="Loading entries…" />
          ) : entries.data.length === 0 ? (
            <p className="admin-empty">No entries yet.</p>
          ) : (
            <ol className="admin-live-entries" aria-label="Entries, newest first">
              {entries.data.map((e) => (
                <LiveEntryItem key={e.id} entry={e} connected={connected} articlePublic={isPublic(a)} />
              ))}
            </ol>
          )}
          {entries.isError && entries.data ? (
            <p className="admin-inline-error" role="status">
              {errorParts(entries.error).message}: the list may be out of date.
            </p>
          ) : null}
        </section>
      </div>
    </article>
  );
}

/** True once the console's story, seen in the Trash, has come back (restored in another tab or by a colleague). */
function useRestored(inTrash: boolean, loaded: boolean): boolean {
  const seenInTrash = useRef(false);
  const [restored, setRestored] = useState(false);
  useEffect(() => {
    if (inTrash) {
      seenInTrash.current = true;
      setRestored(false);
    } else if (seenInTrash.current && loaded) {
      seenInTrash.current = false;
      setRestored(true);
    }
  }, [inTrash, loaded]);
  return restored;
}
