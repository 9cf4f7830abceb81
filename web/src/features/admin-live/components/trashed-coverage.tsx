import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { formatSince } from '../lib/coverage.ts';
import { hasKeptWork } from '../lib/entry-draft.ts';

/**
 * The live console of a story in the Trash (opened so, or moved there by a colleague while it was open):
 * nothing can be posted or corrected until it is restored, from its screen. What the editor was writing
 * here stays in the tab (entry-draft.ts) and comes back in the console once it is: the screen says so.
 */
export function TrashedCoverage({
  articleId,
  articleHref,
  headline,
  deletedAt,
}: {
  articleId: number;
  articleHref: string;
  headline: string;
  deletedAt?: string;
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const [kept] = useState(() => hasKeptWork(articleId));
  return (
    <section className="admin-panel admin-deleted" aria-labelledby="live-trashed-title">
      <p className="admin-muted admin-live__kicker">Live console</p>
      <h1 id="live-trashed-title" ref={heading} tabIndex={-1}>
        This story is in the Trash
      </h1>
      <p>
        “{headline}”{deletedAt ? ` went to the trash on ${formatSince(deletedAt)}` : ' is in the trash'}: restore it
        from its screen to go on with live coverage.
      </p>
      {kept ? (
        <p className="admin-notice">
          What you were writing here is kept in this browser tab: it comes back once the story is restored.
        </p>
      ) : null}
      <div className="admin-actions">
        <Link className="admin-btn admin-btn--small admin-btn--primary" to={articleHref}>
          ← Article
        </Link>
        <Link className="admin-btn admin-btn--small" to={paths.admin.articles.getHref({ status: 'trash' })}>
          Open the trash
        </Link>
      </div>
    </section>
  );
}
