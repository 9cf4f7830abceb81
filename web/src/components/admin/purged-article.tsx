import { useEffect, useRef, type ReactNode } from 'react';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { formatAdminDate } from '@/lib/admin-date';
import type { PurgedArticleFacts } from '@/lib/admin-api-client';

/** The audit trail's deletions for good, where the 'purge' row of this one is. */
export const PURGES_HREF = `${paths.admin.audit.getHref()}?${new URLSearchParams({ action: 'purge' })}`;

/** The screen's heading (the focus goes back to it when what the tab kept is discarded). */
export const PURGED_TITLE_ID = 'admin-purged-title';

export interface PurgedArticleProps {
  id: number;
  facts: PurgedArticleFacts;
  /** Above the heading (the live console's kicker). */
  kicker?: ReactNode;
  /** What the tab still keeps of the editor's work on it, and what can be done with it. */
  children?: ReactNode;
}

/**
 * An article's screen (or its live console) opened after it was deleted for good, by a colleague from the
 * Trash or by the 30-day purge: says who and when (the audit trail's 'purge' row, read by the server's 404),
 * that it cannot be restored, and leads to All Articles and to the trail. The heading takes the focus.
 */
export function PurgedArticle({ id, facts, kicker, children }: PurgedArticleProps) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const headline = facts.headline ?? `Article ${id}`;
  const when = facts.purgedAt ? ` on ${formatAdminDate(facts.purgedAt)}` : '';
  return (
    <section className="admin-panel admin-deleted" aria-labelledby={PURGED_TITLE_ID}>
      {kicker}
      <h1 id={PURGED_TITLE_ID} ref={heading} tabIndex={-1}>
        This article was deleted for good
      </h1>
      <p>
        {facts.purgedBy
          ? `“${headline}” was deleted for good by ${facts.purgedBy}${when}: it cannot be restored.`
          : `“${headline}” was deleted for good${when}, 30 days after it went to the trash: it cannot be restored.`}
      </p>
      {children}
      <div className="admin-actions">
        <Link className="admin-btn admin-btn--small admin-btn--primary" to={paths.admin.articles.getHref()}>
          All Articles
        </Link>
        <Link className="admin-btn admin-btn--small" to={PURGES_HREF}>
          Deletions in the audit trail
        </Link>
      </div>
    </section>
  );
}
