import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { PinnedStory } from '@common/admin-contract';
import { formatAdminDate } from '@/lib/admin-date';
import { paths } from '@/config/paths';
import { usePinnedStories, type PinnedStories } from '../api/get-pinned-stories.ts';
import { LoadedListPanel } from './loaded-list-panel.tsx';
import '../dashboard-lists.css';

/** What each pinned story of the list offers after its line (the Dashboard's Unpin). */
type PinnedAction = (story: PinnedStory) => ReactNode;

/**
 * The Dashboard's 'Pinned to the top' (decision 064): the stories leading the home page and their sections,
 * each with `action` (the page gives Unpin, which the article screens own).
 */
export function PinnedStoriesPanel({ action }: { action?: PinnedAction }) {
  const query = usePinnedStories();
  return <PinnedStoriesList stories={query.data} failed={query.isError} action={action} />;
}

/** The panel's content (undefined: loading). */
export function PinnedStoriesList({
  stories,
  failed = false,
  action,
}: {
  stories: PinnedStories | undefined;
  failed?: boolean;
  action?: PinnedAction;
}) {
  return (
    <LoadedListPanel
      title="Pinned to the top"
      items={stories?.pinned}
      failed={failed}
      failure="Could not load the pinned stories."
      empty="No story is pinned: the home page and the sections lead with their newest stories. Pin a published story from its screen or its row in All Articles."
    >
      {(pinned) => (
        <>
          <p className="admin-muted">
            {pinned.length} of {stories!.max} pinned. They lead the home page and their sections, after any breaking
            story, the newest pin first.
          </p>
          <ol className="admin-pinned">
            {pinned.map((s) => (
              <li key={s.id}>
                <Link className="admin-link" to={paths.admin.article.getHref(s.id)}>
                  {s.headline}
                </Link>{' '}
                <span className="admin-muted">
                  {s.category} · pinned by {s.pinnedBy ?? 'an editor'}, {formatAdminDate(s.pinnedAt)}
                  {s.pinnedUntil ? `, until ${formatAdminDate(s.pinnedUntil)}` : ''}
                </span>
                {action ? <> {action(s)}</> : null}
              </li>
            ))}
          </ol>
        </>
      )}
    </LoadedListPanel>
  );
}
