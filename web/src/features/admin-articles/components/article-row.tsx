import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { TRASH_RETENTION_DAYS } from '@common/admin-contract';
import { readsLabel } from '@common/most-read-contract';
import { paths } from '@/config/paths';
import { commentExcerpt } from '../lib/comment-excerpt.ts';
import { formatAdminDate } from '../lib/format-date.ts';
import type { AdminArticle, ListedArticle } from '../types.ts';
import { useRestoreArticle } from '../api/restore-article.ts';
import { isPublished } from '../lib/article-status.ts';
import { ArticleActions } from './article-actions.tsx';
import { DeleteForGood } from './delete-for-good.tsx';
import { DuplicateButton } from './duplicate-button.tsx';
import { EditingMarker } from './editing-marker.tsx';
import { RatingStars } from './rating-stars.tsx';
import { StatusBadge } from './status-badge.tsx';
import { PinnedBadge, RowPinButton } from './pin-control.tsx';
import { useArticleExtensions } from '../extensions.tsx';

/**
 * A Trash row's actions: Restore, and Delete for good behind its confirmation (DeleteForGood). Each sends
 * one request however often it is clicked (useArticleMutation); Delete for good waits while Restore runs.
 */
function TrashActions({ article }: { article: Pick<AdminArticle, 'id' | 'headline' | 'publishedAt'> }) {
  const restore = useRestoreArticle();
  return (
    <div className="admin-actions">
      <button
        type="button"
        className="admin-btn admin-btn--small admin-btn--primary"
        disabled={restore.isPending}
        aria-label={`Restore ${article.headline}`}
        onClick={() => restore.mutate(article.id)}
      >
        {restore.isPending ? 'Restoring…' : 'Restore'}
      </button>
      <DeleteForGood article={article} disabled={restore.isPending} />
    </div>
  );
}

/** In place of the thumbnail of an article without an image, the same size: a picture icon and 'No image'. */
function NoImage() {
  return (
    <span className="admin-row__thumb admin-row__thumb--none">
      <svg
        aria-hidden="true"
        viewBox="0 0 24 24"
        width="18"
        height="18"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.75"
        strokeLinecap="round"
        strokeLinejoin="round"
      >
        <rect x="3" y="4.5" width="18" height="15" rx="2" />
        <circle cx="9" cy="10" r="1.75" />
        <path d="m21 15.5-4.5-4.5L7 19.5" />
      </svg>
      <span>No image</span>
    </span>
  );
}

/** Whole days an article deleted at `deletedAt` has left in the Trash (0 on its last day). */
export function trashDaysLeft(deletedAt: string, now: number = Date.now()): number {
  const end = Date.parse(deletedAt) + TRASH_RETENTION_DAYS * DAY_MS;
  return Math.max(0, Math.ceil((end - now) / DAY_MS));
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** In the Trash: when the article was deleted, by whom, and how long it can still be restored. */
function TrashLine({ deletedAt, deletedBy }: { deletedAt: string; deletedBy: string | null }) {
  const left = trashDaysLeft(deletedAt);
  return (
    <p className="admin-row__trash">
      Deleted <time dateTime={deletedAt}>{formatAdminDate(deletedAt)}</time>
      {deletedBy ? ` by ${deletedBy}` : ''} ·{' '}
      {left === 0 ? 'deleted for good today' : `${left} ${left === 1 ? 'day' : 'days'} left to restore`}
    </p>
  );
}

/** A row's place in a selection (All Articles' bulk actions): its checkbox and whether it is ticked. */
export interface RowSelection {
  isSelected(id: number): boolean;
  onToggle(id: number, selected: boolean): void;
}

/**
 * An article in a list: All Articles' rows also say who else has it open, how often it was read and how
 * many notes are open on it (the dashboard's do not).
 */
type RowArticle = AdminArticle & Partial<Pick<ListedArticle, 'openBy' | 'readsLast7Days' | 'openNotes'>>;

/** '1,234 reads in 7 days' (the window of the article's Info); nothing without reads. */
export function rowReadsText(reads: number | undefined): string | null {
  return reads ? `${readsLabel(reads)} in 7 days` : null;
}

/** '2 open notes', a link to the story's Notes panel; nothing without open notes or in the Trash. */
function OpenNotesLink({ article }: { article: RowArticle }) {
  const count = article.openNotes ?? 0;
  if (count === 0 || article.deletedAt) return null;
  const text = `${count.toLocaleString('en-GB')} open ${count === 1 ? 'note' : 'notes'}`;
  return (
    <>
      {' · '}
      <Link
        className="admin-link admin-row__notes"
        to={paths.admin.article.getHref(article.id, { notes: true })}
        aria-label={`${text} on ${article.headline}`}
      >
        {text}
      </Link>
    </>
  );
}

/**
 * One article in a list: headline, status, stars, the meta line (with its reads and open notes), who else has it open, the comment
 * excerpt and actions.
 */
export function ArticleRow({ article, selection }: { article: RowArticle; selection?: RowSelection }) {
  const { RowSection } = useArticleExtensions();
  const selected = selection?.isSelected(article.id) ?? false;
  const deleted = Boolean(article.deletedAt);
  const excerpt = commentExcerpt(article.comments);
  const meta = [
    article.source,
    article.category,
    article.editorName,
    formatAdminDate(article.publishedAt ?? article.createdAt),
  ].filter(Boolean);
  const reads = rowReadsText(article.readsLast7Days);
  return (
    <li className={`admin-row${selection ? ' admin-row--selectable' : ''}${selected ? ' admin-row--selected' : ''}`}>
      {selection ? (
        <label className="admin-row__select">
          <input
            type="checkbox"
            checked={selected}
            onChange={(e) => selection.onToggle(article.id, e.target.checked)}
          />
          <span className="admin-sr-only">Select {article.headline}</span>
        </label>
      ) : null}
      {article.imageUrl ? (
        <img className="admin-row__thumb" src={article.imageUrl} alt="" width={72} height={48} loading="lazy" />
      ) : (
        <NoImage />
      )}
      <div className="admin-row__main">
        <div className="admin-row__top">
          <Link className="admin-row__headline" to={paths.admin.article.getHref(article.id)}>
            {article.headline}
          </Link>
          {deleted ? (
            <span className="admin-badge admin-badge--deleted">Deleted</span>
          ) : (
            <>
              <StatusBadge publishedAt={article.publishedAt} status={article.status} publishAt={article.publishAt} />
              <PinnedBadge pinnedAt={article.pinnedAt} />
            </>
          )}
        </div>
        <RatingStars rating={article.ratingOutOfTen} />
        <p className="admin-row__meta">
          {meta.join(' · ')}
          {reads ? (
            <>
              {' · '}
              <span className="admin-row__reads">{reads}</span>
            </>
          ) : null}
          <OpenNotesLink article={article} />
        </p>
        <EditingMarker editors={article.openBy} />
        {deleted ? <TrashLine deletedAt={article.deletedAt!} deletedBy={article.updatedBy} /> : null}
        {excerpt ? <p className="admin-row__comments">{excerpt}</p> : null}
        {RowSection && !deleted ? <RowSection article={article} /> : null}
      </div>
      <div className="admin-row__actions">
        {deleted ? (
          <TrashActions article={article} />
        ) : (
          <ArticleActions article={article} showView>
            {isPublished(article.publishedAt) ? (
              <a
                className="admin-btn admin-btn--small"
                href={paths.article.getHref(article.slug)}
                aria-label={`View on site: ${article.headline}`}
              >
                View on site
              </a>
            ) : null}
            <RowPinButton article={article} />
            <DuplicateButton article={article} inRow />
          </ArticleActions>
        )}
      </div>
    </li>
  );
}

export function ArticleList({
  articles,
  emptyText = 'No articles found.',
  selection,
  headingId,
}: {
  articles: RowArticle[];
  emptyText?: string;
  /** A checkbox on each row (All Articles); the dashboard's list has none. */
  selection?: RowSelection;
  /** The list's heading (focusable): where the focus goes when the row that had it goes away. */
  headingId?: string;
}) {
  // A row's own action (Restore, Delete for good, Delete, Publish in a filtered view) takes the row
  // away with the button that had the focus (a dialog gives it back to that button first): the focus
  // then goes to the list's heading, not to the start of the page.
  const focused = useRef<Element | null>(null);
  useEffect(() => {
    const gone = focused.current !== null && !focused.current.isConnected;
    if (!headingId || !gone) return;
    focused.current = null;
    const active = document.activeElement;
    if (active && active !== document.body) return;
    document.getElementById(headingId)?.focus();
  }, [articles, headingId]);
  if (articles.length === 0) return <p className="admin-empty">{emptyText}</p>;
  return (
    <ul className="admin-rows" onFocus={(e) => (focused.current = e.target)}>
      {articles.map((a) => (
        <ArticleRow key={a.id} article={a} selection={selection} />
      ))}
    </ul>
  );
}
