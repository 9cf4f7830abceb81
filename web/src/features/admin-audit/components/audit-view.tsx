import { useId, useState } from 'react';
import { Link } from 'react-router';
import { AdminSpinner } from '@/components/admin/admin-spinner';
import { AUDIT_ACTIONS, RECORD_AUDIT_ACTIONS, SHARE_AUDIT_ACTIONS, type AuditEntry } from '@common/admin-contract';
import { LIVE_AUDIT_ACTIONS } from '@common/live-contract';
import { paths } from '@/config/paths';
import { AdminQueryError } from '@/lib/admin-error-context';
import { useAudit, type AuditListParams } from '../api/get-audit.ts';

export { AUDIT_ACTIONS };

const PLATFORM_NAMES = { x: 'X', facebook: 'Facebook' } as const;

/** The article a row is about: a link by its headline, or what is left to say of it. */
function ArticleCell({ entry }: { entry: AuditEntry }) {
  if (entry.articleId <= 0) {
    const record = entry.action.startsWith('author-') ? 'an author' : entry.action.startsWith('tag-') ? 'a tag' : null;
    return <span className="admin-muted">{record ? `No article (${record})` : 'No article (test post)'}</span>;
  }
  if (!entry.headline) return <span className="admin-muted">Article {entry.articleId} (deleted for good)</span>;
  if (entry.articleGone) {
    return (
      <span>
        {entry.headline} <span className="admin-muted">(deleted for good)</span>
      </span>
    );
  }
  return (
    <Link className="admin-link" to={paths.admin.article.getHref(entry.articleId)}>
      {entry.headline}
    </Link>
  );
}

const formatter = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short' });

export interface AuditViewProps {
  query: AuditListParams;
  onQueryChange(next: AuditListParams): void;
}

/** The audit trail: who did what to which article and when, filtered by editor and action. */
export function AuditView({ query, onQueryChange }: AuditViewProps) {
  const id = useId();
  const audit = useAudit(query);
  const [editor, setEditor] = useState(query.editor ?? '');
  if (audit.isError) return <AdminQueryError error={audit.error} onRetry={() => void audit.refetch()} />;
  const page = audit.data;
  const current = query.page ?? 1;
  return (
    <section className="admin-section" aria-labelledby={`${id}-title`} aria-busy={audit.isFetching}>
      <div className="admin-section__head">
        <h1 id={`${id}-title`}>Audit Trail</h1>
      </div>
      <form
        className="admin-filters"
        onSubmit={(e) => {
          e.preventDefault();
          onQueryChange({ ...query, editor: editor.trim() || undefined, page: 1 });
        }}
      >
        <label className="admin-field">
          <span>Editor</span>
          <input className="admin-input" value={editor} onChange={(e) => setEditor(e.target.value)} />
        </label>
        <label className="admin-field">
          <span>Action</span>
          <select
            className="admin-select"
            value={query.action ?? ''}
            onChange={(e) => onQueryChange({ ...query, action: e.target.value || undefined, page: 1 })}
          >
            <option value="">All actions</option>
            {[...AUDIT_ACTIONS, ...SHARE_AUDIT_ACTIONS, ...LIVE_AUDIT_ACTIONS, ...RECORD_AUDIT_ACTIONS].map((a) => (
              <option key={a} value={a}>
                {a}
              </option>
            ))}
          </select>
        </label>
        <button type="submit" className="admin-btn admin-btn--small">
          Filter
        </button>
      </form>
      {!page ? (
        <AdminSpinner label="Loading the audit trail…" />
      ) : page.entries.length === 0 ? (
        <p className="admin-empty">No entries found.</p>
      ) : (
        <div className="admin-table-wrap">
          <table className="admin-table">
            <caption className="admin-sr-only">Audit entries, newest first</caption>
            <thead>
              <tr>
                <th scope="col">When</th>
                <th scope="col">Editor</th>
                <th scope="col">Action</th>
                <th scope="col">Platform</th>
                <th scope="col">Article</th>
              </tr>
            </thead>
            <tbody>
              {page.entries.map((e) => (
                <tr key={e.id}>
                  <td>
                    <time dateTime={e.at}>{formatter.format(new Date(e.at))}</time>
                  </td>
                  <td>{e.editorName}</td>
                  <td>
                    {e.action}
                    {e.detail ? <span className="admin-audit__detail">{e.detail}</span> : null}
                  </td>
                  <td>{e.platform ? PLATFORM_NAMES[e.platform] : <span className="admin-muted">—</span>}</td>
                  <td>
                    <ArticleCell entry={e} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {page ? (
        <nav className="admin-actions" aria-label="Audit pages">
          <button
            type="button"
            className="admin-btn admin-btn--small"
            disabled={current <= 1}
            onClick={() => onQueryChange({ ...query, page: current - 1 })}
          >
            Newer
          </button>
          <span className="admin-muted">Page {current}</span>
          <button
            type="button"
            className="admin-btn admin-btn--small"
            disabled={!page.hasNextPage}
            onClick={() => onQueryChange({ ...query, page: current + 1 })}
          >
            Older
          </button>
        </nav>
      ) : null}
    </section>
  );
}
