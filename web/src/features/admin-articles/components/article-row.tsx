import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { commentExcerpt } from '../lib/comment-excerpt.ts';
import { formatAdminDate } from '../lib/format-date.ts';
import type { AdminArticle } from '../types.ts';
import { ArticleActions } from './article-actions.tsx';
import { RatingStars } from './rating-stars.tsx';
import { StatusBadge } from './status-badge.tsx';

/** One article in a list: headline, status, stars, the meta line, the comment excerpt and actions. */
export function ArticleRow({ article }: { article: AdminArticle }) {
  const excerpt = commentExcerpt(article.comments);
  const meta = [
    article.source,
    article.category,
    article.editorName,
    formatAdminDate(article.publishedAt ?? article.createdAt),
  ].filter(Boolean);
  return (
    <li className="admin-row">
      <div className="admin-row__main">
        <div className="admin-row__top">
          <Link className="admin-row__headline" to={paths.admin.article.getHref(article.id)}>
            {article.headline}
          </Link>
          <StatusBadge publishedAt={article.publishedAt} />
        </div>
        <RatingStars rating={article.ratingOutOfTen} />
        <p className="admin-row__meta">{meta.join(' · ')}</p>
        {excerpt ? <p className="admin-row__comments">{excerpt}</p> : null}
      </div>
      <div className="admin-row__actions">
        <ArticleActions article={article} showView />
      </div>
    </li>
  );
}

export function ArticleList({
  articles,
  emptyText = 'No articles found.',
}: {
  articles: AdminArticle[];
  emptyText?: string;
}) {
  if (articles.length === 0) return <p className="admin-empty">{emptyText}</p>;
  return (
    <ul className="admin-rows">
      {articles.map((a) => (
        <ArticleRow key={a.id} article={a} />
      ))}
    </ul>
  );
}
