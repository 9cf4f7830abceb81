import { useEffect, useReducer, useRef, useState } from 'react';
import { Link } from 'react-router';
import type { LiveBlog, LiveEntry } from '@common/live-contract';
import { LIVE_STORY_CHANGED_EVENT } from '@common/offline-contract';
import { useNow } from '@/lib/render-clock';
import { formatEndTime, formatEntryTime, formatEntryTimeUtc } from '../lib/entry-time';
import { initialLiveBlogState, liveBlogReducer, newUpdatesLabel, type ShownEntry } from '../lib/live-blog-state';
import { useLiveEvent } from './live-provider';

export const ENTRY_REMOVED_TEXT = 'This update was removed.';

/** `/article/{slug}`, with `?before={id}` for a page of older entries. */
export function liveEntriesHref(slug: string, before?: number | null): string {
  const base = `/article/${encodeURIComponent(slug)}`;
  return before ? `${base}?before=${before}` : base;
}

function entryHeight(id: number): number | undefined {
  const el = typeof document === 'undefined' ? null : document.getElementById(`entry-${id}`);
  return el ? el.getBoundingClientRect().height : undefined;
}

/**
 * A live article's entries under its body: 'Live' in red while coverage runs ('Coverage ended' and
 * the time once it ends; 'Live once published' on a preview of a story not out yet), the key events
 * at the top (each links to its entry), the entries newest first. Rendered on the server, so a page
 * without script lists them, with links to older entries and back to the newest. With script, entry events change it as liveBlogReducer says.
 */
export function LiveBlogView({
  articleId,
  slug,
  blog,
  older,
  onCoverageEnded,
  entriesHref,
  beforePublication = false,
}: {
  articleId: number;
  slug: string;
  blog: LiveBlog;
  /** A page of older entries (`?before=`): shown instead of the newest ones. */
  older?: { entries: LiveEntry[]; olderBefore: number | null };
  onCoverageEnded?: () => void;
  /**
   * The address of a page of entries (`before` undefined: the newest), for a page that is not the
   * article's own (a preview link's): plain links, outside the app's routes. Else the article's page.
   */
  entriesHref?: (before?: number) => string;
  /**
   * The story is not out yet (a preview link's page): running coverage reads 'Live once published',
   * without the red dot, since no reader sees it live and the page does not change by itself.
   */
  beforePublication?: boolean;
}) {
  const [state, dispatch] = useReducer(liveBlogReducer, undefined, () => initialLiveBlogState(blog, older?.entries));
  const [announcement, setAnnouncement] = useState('');
  const clock = useNow();

  // Data fetched again (a `reload` event, another page of entries): start over from it.
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    dispatch({ type: 'reset', state: initialLiveBlogState(blog, older?.entries) });
  }, [blog, older]);

  // Every event of this story says so to offline reading: the page now differs from what was served,
  // so the copy kept for reading offline is renewed (features/offline, live-copy.ts).
  const mine = (id: number) => {
    if (id !== articleId) return false;
    window.dispatchEvent(new CustomEvent(LIVE_STORY_CHANGED_EVENT, { detail: liveEntriesHref(slug) }));
    return true;
  };
  useLiveEvent('entry-added', ({ entry }) => {
    if (!mine(entry.articleId) || state.paged) return;
    dispatch({ type: 'added', entry });
  });
  useLiveEvent('entry-updated', ({ entry }) => {
    if (!mine(entry.articleId)) return;
    dispatch({ type: 'updated', entry, height: entryHeight(entry.id) });
    if (state.shown.some((s) => s.entry.id === entry.id)) setAnnouncement('An update was corrected.');
  });
  useLiveEvent('entry-deleted', (e) => {
    if (!mine(e.articleId)) return;
    dispatch({ type: 'deleted', id: e.id, height: entryHeight(e.id) });
    if (state.shown.some((s) => s.entry.id === e.id)) setAnnouncement('An update was removed.');
  });
  useLiveEvent('coverage-changed', (e) => {
    if (!mine(e.articleId)) return;
    dispatch({ type: 'coverage', coverageStartTime: e.coverageStartTime, coverageEndTime: e.coverageEndTime });
    if (e.coverageEndTime) {
      setAnnouncement('Coverage ended.');
      onCoverageEnded?.();
    }
  });

  const pendingCount = state.pending.length;
  useEffect(() => {
    if (pendingCount > 0) setAnnouncement(newUpdatesLabel(pendingCount));
  }, [pendingCount]);

  const listRef = useRef<HTMLOListElement>(null);
  const showNew = () => {
    const firstNew = state.pending[0]?.id;
    dispatch({ type: 'show-new' });
    requestAnimationFrame(() => {
      const el = firstNew === undefined ? listRef.current : document.getElementById(`entry-${firstNew}`);
      el?.scrollIntoView({ block: 'start' });
      el?.focus({ preventScroll: true });
    });
  };

  const ended = state.coverageEndTime;
  const olderBefore = older ? older.olderBefore : blog.olderBefore;
  const pageLink = (before: number | undefined, text: string) =>
    entriesHref ? <a href={entriesHref(before)}>{text}</a> : <Link to={liveEntriesHref(slug, before)}>{text}</Link>;
  return (
    <section className="live-blog" aria-labelledby="live-blog-title" data-testid="live-blog">
      <div className="live-blog__head">
        <h2 id="live-blog-title" className="live-blog__title">
          Live updates
        </h2>
        {ended ? (
          <p className="live-status live-status--ended" data-testid="live-status">
            Coverage ended{' '}
            <time dateTime={ended} className="tabular-nums">
              {formatEndTime(ended, clock.refined)}
            </time>
          </p>
        ) : beforePublication ? (
          <p className="live-status live-status--waiting" data-testid="live-status">
            Live once published
          </p>
        ) : (
          <p className="live-status" data-testid="live-status">
            <span className="live-status__dot" aria-hidden="true" />
            Live
          </p>
        )}
      </div>
      <p className="sr-only" aria-live="polite" data-testid="live-announcement">
        {announcement}
      </p>
      {state.keyEvents.length > 0 && (
        <nav className="live-key-events" aria-labelledby="live-key-events-title">
          <h3 id="live-key-events-title" className="live-key-events__title">
            Key events
          </h3>
          <ul>
            {state.keyEvents.map((k) => (
              <li key={k.id}>
                <a href={`#entry-${k.id}`}>
                  <time dateTime={k.postedAt} className="live-key-events__time">
                    {clock.refined ? formatEntryTime(k.postedAt, clock.now) : formatEntryTimeUtc(k.postedAt, clock.now)}
                  </time>{' '}
                  {k.summary}
                </a>
              </li>
            ))}
          </ul>
        </nav>
      )}
      {pendingCount > 0 && (
        <button type="button" className="live-new-button" data-testid="new-updates" onClick={showNew}>
          {newUpdatesLabel(pendingCount)}
        </button>
      )}
      {state.paged && <p className="live-blog__paging">{pageLink(undefined, 'Back to the newest updates')}</p>}
      {state.shown.length === 0 ? (
        <p className="live-blog__empty">No updates yet.</p>
      ) : (
        <ol className="live-entries" ref={listRef} tabIndex={-1} aria-label="Updates, newest first">
          {state.shown.map((s) => (
            <EntryItem key={s.entry.id} shown={s} now={clock.now} refined={clock.refined} />
          ))}
        </ol>
      )}
      {olderBefore ? <p className="live-blog__paging">{pageLink(olderBefore, 'Older updates')}</p> : null}
    </section>
  );
}

function EntryItem({ shown, now, refined }: { shown: ShownEntry; now: Date; refined: boolean }) {
  const { entry, removed, holdHeight } = shown;
  const style = holdHeight ? { minHeight: `${holdHeight}px` } : undefined;
  if (removed) {
    return (
      <li id={`entry-${entry.id}`} className="live-entry live-entry--removed" style={style} data-entry-id={entry.id}>
        <p>{ENTRY_REMOVED_TEXT}</p>
      </li>
    );
  }
  const utc = formatEntryTimeUtc(entry.postedAt, now);
  return (
    <li
      id={`entry-${entry.id}`}
      className={entry.keyEvent ? 'live-entry live-entry--key' : 'live-entry'}
      style={style}
      tabIndex={-1}
      data-entry-id={entry.id}
    >
      <p className="live-entry__meta">
        {/* as wide as the server's UTC form: the author beside it does not move after hydration */}
        <time dateTime={entry.postedAt} className="live-entry__time" style={{ minWidth: `${utc.length}ch` }}>
          {refined ? formatEntryTime(entry.postedAt, now) : utc}
        </time>
        {entry.keyEvent && <span className="live-entry__key">Key event</span>}
        <span className="live-entry__author">{entry.author}</span>
        {entry.updatedAt && <span className="live-entry__updated">Corrected</span>}
      </p>
      {/* the server's one renderer made this HTML (every text escaped), as the article body */}
      <div className="article-body live-entry__body" dangerouslySetInnerHTML={{ __html: entry.bodyHtml }} />
    </li>
  );
}
