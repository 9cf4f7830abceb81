import { AdminSpinner } from '@/components/admin/admin-spinner';
import { AdminQueryError } from '@/lib/admin-error-context';
import { useArticle } from '../api/get-article.ts';
import { isPublished } from '../lib/article-status.ts';
import { formatAdminDate } from '../lib/format-date.ts';
import { ArticleActions } from './article-actions.tsx';
import { CategoryEditor } from './category-editor.tsx';
import { RatingStars } from './rating-stars.tsx';
import { StatusBadge } from './status-badge.tsx';

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
}

/** Admin article detail (docs/product.md, Admin article detail). */
export function ArticleDetailView({ id, onBack }: ArticleDetailViewProps) {
  const query = useArticle(id);
  if (query.isError) return <AdminQueryError error={query.error} onRetry={() => void query.refetch()} />;
  const article = query.data;
  if (!article) return <AdminSpinner label="Loading article…" />;
  const published = isPublished(article.publishedAt);
  return (
    <article className="admin-detail" aria-busy={query.isFetching}>
      <div className="admin-detail__back">
        <button type="button" className="admin-btn admin-btn--small" onClick={onBack}>
          ← Back
        </button>
      </div>
      <header className="admin-detail__head">
        <h1 className="admin-detail__headline">{article.headline}</h1>
        <div className="admin-detail__badges">
          <StatusBadge publishedAt={article.publishedAt} />
          <CategoryEditor article={article} />
        </div>
        <ArticleActions article={article} onDeleted={onBack} />
      </header>
      <div className="admin-detail__grid">
        <div className="admin-detail__body">
          {article.imageUrl ? (
            <img
              className="admin-detail__image"
              src={article.imageUrl}
              alt={article.headline}
              width={1200}
              height={675}
            />
          ) : null}
          <section className="admin-panel">
            <h2>Summary</h2>
            <p>{article.summary}</p>
          </section>
          <section className="admin-panel">
            <h2>Content</h2>
            {paragraphs(article.content).map((p, i) => (
              <p key={i}>{p}</p>
            ))}
          </section>
        </div>
        <aside className="admin-detail__side">
          <section className="admin-panel">
            <h2>Article Info</h2>
            <dl className="admin-info">
              <dt>Source</dt>
              <dd>{article.source || '—'}</dd>
              <dt>Editor</dt>
              <dd>{article.editorName || '—'}</dd>
              <dt>Published Date</dt>
              <dd>{published ? formatAdminDate(article.publishedAt) : 'Not published'}</dd>
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
        </aside>
      </div>
    </article>
  );
}
