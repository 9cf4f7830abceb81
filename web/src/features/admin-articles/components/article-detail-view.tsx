import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { AdminSpinner } from '@/components/admin/admin-spinner';
import { paths } from '@/config/paths';
import { AdminApiError, purgedArticleOf, trashedArticleOf, useAdminApi } from '@/lib/admin-api-client';
import { PURGED_TITLE_ID, PurgedArticle } from '@/components/admin/purged-article';
import { AdminQueryError } from '@/lib/admin-error-context';
import { articleQueryOptions, useArticle } from '../api/get-article.ts';
import { useArticlePresence } from '../api/article-presence.ts';
import { ArticleForm } from './article-form.tsx';
import { DeletedArticle } from './deleted-article.tsx';
import { PurgedArticleWork } from './purged-article-work.tsx';
import { DuplicateButton } from './duplicate-button.tsx';
import { HistoryPanel } from './history-panel.tsx';
import { SchedulePanel } from './schedule-panel.tsx';
import { PreviewLinkPanel } from './preview-link-panel.tsx';
import { CorrectionsPanel } from './corrections-panel.tsx';
import { NotesPanel } from './notes-panel.tsx';
import { PresenceNotice } from './presence-notice.tsx';
import { isPublished } from '../lib/article-status.ts';
import { formFromArticle, type FormField } from '../lib/article-fields.ts';
import { readyChecks, showsReadyChecks } from '../lib/ready-to-publish.ts';
import { ReadyToPublish } from './ready-to-publish.tsx';
import { formatAdminDate } from '../lib/format-date.ts';
import { ArticleActions } from './article-actions.tsx';
import { ArticleReadsInfo } from './article-reads.tsx';
import { useArticleExtensions } from '../extensions.tsx';
import { CategoryEditor } from './category-editor.tsx';
import { RatingStars } from './rating-stars.tsx';
import { StatusBadge } from './status-badge.tsx';
import { PinControl, PinnedBadge } from './pin-control.tsx';

/** The body's plain text in paragraphs: for an answer without the drawn body (`bodyHtml`). */
function paragraphs(text: string): string[] {
  return text
    .split(/\r?\n\s*\r?\n/)
    .map((p) => p.trim())
    .filter(Boolean);
}

export interface ArticleDetailViewProps {
  id: number;
  /** Back to the previous history entry (or the list). */
  onBack(): void;
  /** The edit form is open (kept in the URL, so a reload comes back to it). */
  editing?: boolean;
  onEditingChange?(editing: boolean): void;
}

/** Admin article detail (docs/product.md, Admin article detail). */
export function ArticleDetailView({ id, onBack, editing = false, onEditingChange }: ArticleDetailViewProps) {
  const query = useArticle(id);
  // Who else has it open: sent while this screen shows the article, in either mode, or its Trash screen
  // (decision 047); no longer once its read says it is gone for good, or never was.
  const gone = query.error instanceof AdminApiError && query.error.status === 404 && !trashedArticleOf(query.error);
  const others = useArticlePresence(id, !gone);
  const client = useAdminApi();
  const queryClient = useQueryClient();
  const { DetailSection } = useArticleExtensions();
  // The field a 'Ready to publish?' suggestion opens the form on (decision 052).
  const [fixField, setFixField] = useState<FormField>();
  // Its count as last shown: back from the form with another, the panel announces it.
  const [readySeen, setReadySeen] = useState<string>();
  const openForm = (field?: FormField) => {
    setFixField(field);
    onEditingChange?.(true);
  };
  const closeForm = () => {
    setFixField(undefined);
    onEditingChange?.(false);
  };
  if (query.isError) {
    const err = query.error;
    const trashed = trashedArticleOf(err);
    if (trashed) {
      return (
        <>
          <DeletedArticle
            id={id}
            headline={trashed.headline ?? `Article ${id}`}
            deletedAt={trashed.deletedAt}
            onBack={onBack}
          />
          {/* Its notes stay readable in the Trash; none is added or deleted there. */}
          <NotesPanel articleId={id} readOnly />
        </>
      );
    }
    const purged = purgedArticleOf(err);
    if (purged) {
      return (
        <PurgedArticle id={id} facts={purged}>
          <PurgedArticleWork id={id} onDiscarded={() => document.getElementById(PURGED_TITLE_ID)?.focus()} />
        </PurgedArticle>
      );
    }
    return <AdminQueryError error={err} onRetry={() => void query.refetch()} />;
  }
  const article = query.data;
  if (!article) return <AdminSpinner label="Loading article…" />;
  const published = isPublished(article.publishedAt);
  if (editing) {
    return (
      <>
        <PresenceNotice editors={others} className="admin-presence--above-form" />
        <ArticleForm
          key={`${article.id}`}
          article={article}
          initialFocus={fixField}
          onSaved={closeForm}
          onCancel={closeForm}
          loadLatest={() => queryClient.fetchQuery({ ...articleQueryOptions(client, id), staleTime: 0 })}
        />
      </>
    );
  }
  return (
    <article className="admin-detail" aria-busy={query.isFetching}>
      <div className="admin-detail__back">
        <button type="button" className="admin-btn admin-btn--small" onClick={onBack}>
          ← Back
        </button>
      </div>
      <PresenceNotice editors={others} />
      <header className="admin-detail__head">
        <h1 className="admin-detail__headline">{article.headline}</h1>
        <div className="admin-detail__badges">
          <StatusBadge publishedAt={article.publishedAt} status={article.status} publishAt={article.publishAt} />
          <PinnedBadge pinnedAt={article.pinnedAt} />
          <CategoryEditor article={article} />
        </div>
        <div className="admin-actions">
          <button type="button" className="admin-btn admin-btn--small" onClick={() => openForm()}>
            Edit
          </button>
          {published ? (
            <a className="admin-btn admin-btn--small" href={paths.article.getHref(article.slug)}>
              View on site
            </a>
          ) : (
            <Link className="admin-btn admin-btn--small" to={paths.admin.preview.getHref(article.id)}>
              Preview
            </Link>
          )}
          <DuplicateButton article={article} />
          <ArticleActions article={article} onDeleted={onBack} />
        </div>
        <PinControl article={article} />
        {showsReadyChecks(article) ? (
          <ReadyToPublish
            checks={readyChecks(formFromArticle(article))}
            onFix={openForm}
            seen={readySeen}
            onSeen={setReadySeen}
          />
        ) : null}
      </header>
      <div className="admin-detail__grid">
        <div className="admin-detail__body">
          {article.imageUrl ? (
            <figure className="admin-detail__figure">
              <img
                className="admin-detail__image"
                src={article.imageUrl}
                alt={article.imageAlt ?? ''}
                width={1200}
                height={675}
              />
              {article.imageCaption || article.imageCredit ? (
                <figcaption className="admin-muted">
                  {[article.imageCaption, article.imageCredit].filter(Boolean).join(' ')}
                </figcaption>
              ) : null}
              {!article.imageAlt ? (
                <p className="admin-field-error">
                  The image has no description yet: add one (Edit) before publishing or scheduling.
                </p>
              ) : null}
            </figure>
          ) : null}
          <section className="admin-panel">
            <h2>Summary</h2>
            <p>{article.summary}</p>
          </section>
          {article.metaTitle || article.metaDescription ? (
            <section className="admin-panel" aria-labelledby="admin-detail-search-social">
              <h2 id="admin-detail-search-social">Search and social</h2>
              <dl className="admin-info">
                {article.metaTitle ? (
                  <>
                    <dt>Title</dt>
                    <dd>{article.metaTitle}</dd>
                  </>
                ) : null}
                {article.metaDescription ? (
                  <>
                    <dt>Description</dt>
                    <dd>{article.metaDescription}</dd>
                  </>
                ) : null}
              </dl>
            </section>
          ) : null}
          <section className="admin-panel" aria-labelledby="admin-detail-content">
            <h2 id="admin-detail-content">Content</h2>
            {article.bodyHtml !== undefined ? (
              // The body as readers will see it (subheadings, lists, quotes, links, pictures), drawn by
              // the public page's renderer on the server from the validated stored body.
              <div className="admin-detail__text" dangerouslySetInnerHTML={{ __html: article.bodyHtml }} />
            ) : (
              paragraphs(article.content).map((p, i) => <p key={i}>{p}</p>)
            )}
          </section>
          <CorrectionsPanel article={article} />
        </div>
        <aside className="admin-detail__side">
          {DetailSection ? <DetailSection article={article} /> : null}
          <NotesPanel articleId={article.id} />
          <section className="admin-panel">
            <h2>Article Info</h2>
            <dl className="admin-info">
              <dt>Source</dt>
              <dd>{article.source || '—'}</dd>
              <dt>Editor</dt>
              <dd>{article.editorName || '—'}</dd>
              <dt>Published Date</dt>
              <dd>{published ? formatAdminDate(article.publishedAt) : 'Not published'}</dd>
              <ArticleReadsInfo id={article.id} />
              {article.originalUrl ? (
                <>
                  <dt>Original URL</dt>
                  <dd>
                    <a
                      href={article.originalUrl}
                      target="_blank"
                      rel="noopener noreferrer"
                      className="admin-link admin-break"
                    >
                      {article.originalUrl}
                      <span className="admin-sr-only"> (opens in a new tab)</span>
                    </a>
                  </dd>
                </>
              ) : null}
            </dl>
          </section>
          <section className="admin-panel">
            <h2>Rating &amp; Comments</h2>
            <RatingStars rating={article.ratingOutOfTen} />
            {article.comments ? (
              <>
                <h3>Editorial Comments</h3>
                <p className="admin-pre">{article.comments}</p>
              </>
            ) : null}
          </section>
          <SchedulePanel article={article} />
          <PreviewLinkPanel article={article} />
          <HistoryPanel article={article} />
        </aside>
      </div>
    </article>
  );
}
