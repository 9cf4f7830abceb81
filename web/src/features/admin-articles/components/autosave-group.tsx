import { useId, useState, type ReactNode } from 'react';
import type { ArticleRevisionSummary } from '@common/admin-contract';
import { formatAdminDate } from '../lib/format-date.ts';

/** A run of consecutive autosaves (newest first) as one History entry, expanded on request. */
export function AutosaveGroup({
  revisions,
  item,
}: {
  revisions: ArticleRevisionSummary[];
  item: (r: ArticleRevisionSummary) => ReactNode;
}) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const newest = revisions[0]!;
  const oldest = revisions[revisions.length - 1]!;
  const count = revisions.length === 1 ? '1 autosave' : `${revisions.length} autosaves`;
  const versions =
    revisions.length === 1 ? `version ${newest.version}` : `versions ${oldest.version}–${newest.version}`;
  return (
    <li className="admin-history__item admin-history__group">
      <p>
        <strong>{count}</strong> ({versions}) · {newest.editorName || 'Unknown editor'} ·{' '}
        <time dateTime={newest.at}>{formatAdminDate(newest.at)}</time>
      </p>
      <button
        type="button"
        className="admin-btn admin-btn--small"
        aria-expanded={open}
        aria-controls={`${id}-list`}
        onClick={() => setOpen(!open)}
      >
        {open ? 'Hide' : 'Show'} {count}
      </button>
      {open ? (
        <ol id={`${id}-list`} className="admin-history">
          {revisions.map(item)}
        </ol>
      ) : null}
    </li>
  );
}
