import { bodyPlainText } from '@common/body/text';
import { errorParts } from '@/lib/admin-error-context';
import { useEntryRevisions } from '../api/get-entry-revisions.ts';
import { formatEntryTime } from '../lib/coverage.ts';

const ACTIONS = { post: 'Posted', edit: 'Edited', delete: 'Deleted' } as const;

/** An entry's versions, newest first: who posted or corrected it, when, and the text then. */
export function EntryRevisions({ articleId, entryId }: { articleId: number; entryId: number }) {
  const query = useEntryRevisions(articleId, entryId);
  if (query.isError) {
    const { message, details } = errorParts(query.error);
    return (
      <p className="admin-inline-error" role="alert">
        {message}
        {details ? `: ${details}` : ''}
      </p>
    );
  }
  if (!query.data) return <p className="admin-muted">Loading the history…</p>;
  return (
    <ol className="admin-live-revisions" aria-label="Versions of the entry">
      {query.data.map((r) => (
        <li key={`${r.version}-${r.action}`}>
          <p className="admin-live-entry__meta">
            <span>
              {ACTIONS[r.action]} by {r.editorName}
            </span>
            <time dateTime={r.at}>{formatEntryTime(r.at)}</time>
            <span className="admin-muted">version {r.version}</span>
            {r.keyEvent ? <span className="admin-badge admin-badge--key">Key event</span> : null}
          </p>
          <p className="admin-live-revisions__text">{bodyPlainText(r.body)}</p>
        </li>
      ))}
    </ol>
  );
}
