import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { keepsWorkOf, LIVE_ENTRY_DRAFT_PREFIX } from '@/lib/admin-drafts/keys';
import { useRestoreArticle } from '../api/restore-article.ts';
import { loadDraft } from '../lib/form-draft.ts';
import { formatAdminDate } from '../lib/format-date.ts';
import { ARRIVED_FOR_TITLE } from '../lib/list-query.ts';
import { DeleteForGood } from './delete-for-good.tsx';

export interface DeletedArticleProps {
  id: number;
  /** As the server's 404 names it. */
  headline: string;
  deletedAt?: string;
  onBack(): void;
}

/**
 * An article opened by history or a link after it went to the trash, or whose edit was refused because it
 * went there meanwhile: say so, offer a way back, Restore, and Delete for good (the Trash row's, with its
 * confirmation). Unsaved changes of its edit form stay in the tab (its draft) and come back in the form once
 * it is restored, as a live entry or correction not yet sent comes back in its live console: the screen
 * says so. Deleted for good, the editor is taken to the Trash, in place of this screen (its address leads
 * nowhere now), with the list's title focused.
 */
export function DeletedArticle({ id, headline, deletedAt, onBack }: DeletedArticleProps) {
  const restore = useRestoreArticle();
  const navigate = useNavigate();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const trash = paths.admin.articles.getHref({ status: 'trash' });
  const [unsaved] = useState(() => loadDraft(id) !== undefined);
  // An entry or a correction of its live coverage, written in this tab and not yet sent.
  const [unposted] = useState(() => keepsWorkOf(LIVE_ENTRY_DRAFT_PREFIX, id));
  return (
    <section className="admin-panel admin-deleted" aria-labelledby="admin-deleted-title">
      <h1 id="admin-deleted-title" ref={heading} tabIndex={-1}>
        This article was deleted
      </h1>
      <p>
        “{headline}”{deletedAt ? ` went to the trash on ${formatAdminDate(deletedAt)}.` : ' is in the trash.'}
      </p>
      {unsaved ? (
        <p className="admin-notice">
          Your unsaved changes to it are kept in this browser tab: restore it to go on editing them.
        </p>
      ) : null}
      {unposted ? (
        <p className="admin-notice">
          Your live coverage not yet posted is kept in this browser tab: restore it to post it from the live console.
        </p>
      ) : null}
      <div className="admin-actions">
        <button type="button" className="admin-btn admin-btn--small" onClick={onBack}>
          ← Back
        </button>
        <Link className="admin-btn admin-btn--small" to={trash}>
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
        <DeleteForGood
          article={{ id, headline, publishedAt: null }}
          disabled={restore.isPending}
          leave={() => navigate(trash, { replace: true, state: ARRIVED_FOR_TITLE })}
        />
      </div>
    </section>
  );
}
