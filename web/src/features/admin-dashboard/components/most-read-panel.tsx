import { useId } from 'react';
import { Link } from 'react-router';
import { readsLabel, type AdminMostReadStory } from '@common/most-read-contract';
import { paths } from '@/config/paths';
import { useMostRead } from '../api/get-most-read.ts';
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
  const id = useId();
  let body;
  if (failed) body = <p className="admin-form__error">Could not load the most read stories.</p>;
  else if (!stories) body = <p className="admin-muted">Loading…</p>;
  else if (stories.length === 0) body = <p className="admin-muted">No reads in the last 24 hours.</p>;
  else
    body = (
      <ol className="admin-most-read">
        {stories.map((s) => (
          <li key={s.id}>
            <Link className="admin-link" to={paths.admin.article.getHref(s.id)}>
              {s.headline}
            </Link>{' '}
            <span className="admin-muted admin-most-read__reads">{readsLabel(s.reads)}</span>
          </li>
        ))}
      </ol>
    );
  return (
    <section className="admin-panel" aria-labelledby={`${id}-title`} data-testid="most-read">
      <h2 id={`${id}-title`}>Most read (last 24 hours)</h2>
      {body}
    </section>
  );
}
