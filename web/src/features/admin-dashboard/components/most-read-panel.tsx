import { Link } from 'react-router';
import { readsLabel, type AdminMostReadStory } from '@common/most-read-contract';
import { paths } from '@/config/paths';
import { useMostRead } from '../api/get-most-read.ts';
import { LoadedListPanel } from './loaded-list-panel.tsx';
import '../dashboard-lists.css';

/** The Dashboard's 'Most read (last 24 hours)': up to 10 stories and their reads, each to its screen. */
export function MostReadPanel() {
  const query = useMostRead();
  return <MostReadList stories={query.data} failed={query.isError} />;
}

/** The panel's content (undefined: loading). */
export function MostReadList({
  stories,
  failed = false,
}: {
  stories: AdminMostReadStory[] | undefined;
  failed?: boolean;
}) {
  return (
    <LoadedListPanel
      title="Most read (last 24 hours)"
      items={stories}
      failed={failed}
      failure="Could not load the most read stories."
      empty="No reads in the last 24 hours."
    >
      {(read) => (
        <ol className="admin-most-read">
          {read.map((s) => (
            <li key={s.id}>
              <Link className="admin-link" to={paths.admin.article.getHref(s.id)}>
                {s.headline}
              </Link>{' '}
              <span className="admin-muted admin-most-read__reads">{readsLabel(s.reads)}</span>
            </li>
          ))}
        </ol>
      )}
    </LoadedListPanel>
  );
}
