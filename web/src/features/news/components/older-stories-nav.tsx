import { Link } from 'react-router';

const LINK_CLASS =
  'inline-block min-h-11 bg-ink px-4 py-3 font-sans text-sm font-bold uppercase tracking-wider text-white no-underline hover:bg-tabloid-red';

/**
 * The links between pages of a listing: 'Newer stories' (rel=prev) and 'Older stories' (rel=next);
 * search results name them differently.
 */
export function OlderStoriesNav({
  newer,
  older,
  label = 'Older and newer stories',
  labels = { newer: 'Newer stories', older: 'Older stories' },
}: {
  newer?: string;
  older?: string;
  label?: string;
  labels?: { newer: string; older: string };
}) {
  if (!newer && !older) return null;
  return (
    <nav aria-label={label} className="mt-10 flex flex-wrap justify-between gap-4">
      {newer ? (
        <Link to={newer} rel="prev" className={LINK_CLASS}>
          <span aria-hidden="true">← </span>
          {labels.newer}
        </Link>
      ) : (
        <span />
      )}
      {older && (
        <Link to={older} rel="next" className={LINK_CLASS}>
          {labels.older}
          <span aria-hidden="true"> →</span>
        </Link>
      )}
    </nav>
  );
}
