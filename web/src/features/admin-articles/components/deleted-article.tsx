import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { useRestoreArticle } from '../api/restore-article.ts';
import { formatAdminDate } from '../lib/format-date.ts';

/** An article opened by history or a link after it went to the trash: say so, offer a way back. */
export function DeletedArticle({ id, deletedAt, onBack }: { id: number; deletedAt?: string; onBack(): void }) {
  const restore = useRestoreArticle();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <section className="admin-panel admin-deleted" aria-labelledby="admin-deleted-title">
      <h1 id="admin-deleted-title" ref={heading} tabIndex={-1}>
        This article was deleted
      </h1>
      {deletedAt ? <p>It went to the trash on {formatAdminDate(deletedAt)}.</p> : null}
      <div className="admin-actions">
        <button type="button" className="admin-btn admin-btn--small" onClick={onBack}>
          ← Back
        </button>
        <Link className="admin-btn admin-btn--small" to={paths.admin.articles.getHref({ status: 'trash' })}>
          Open the trash
        </Link>
        <button
          type="button"
          className="admin-btn admin-btn--small admin-btn--primary"
          disabled={restore.isPending}
          onClick={() => restore.mutate(id)}
        >
          {restore.isPending ? 'Restoring…' : 'Restore'}
        </button>
      </div>
    </section>
  );
}
