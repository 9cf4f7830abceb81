import { useId, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { AdminSpinner } from '@/components/admin/admin-spinner';
import type { AuditEntry, AuditImageRef, AuditRecordRef } from '@common/admin-contract';
import { AUDIT_ACTION_GROUPS, auditActionLabel } from '@common/action-labels';
import { paths } from '@/config/paths';
import { AdminQueryError } from '@/lib/admin-error-context';
import { useAudit, type AuditListParams } from '../api/get-audit.ts';
import './audit-view.css';

const PLATFORM_NAMES = { x: 'X', facebook: 'Facebook' } as const;

const RECORD_NAMES = { author: 'Author', tag: 'Tag', image: 'Picture' } as const;
/** What a row of no article is about when it names no record, by its action's prefix. */
const RECORD_OF_ACTION = { 'author-': 'an author', 'tag-': 'a tag', 'image-': 'a picture' } as const;

/**
 * The picture a row is about, named by its description: while it is in the library, a link to the
 * Pictures screen showing that picture alone (by its id: a description changed since or shared by
 * other pictures finds the right one); swept away since, its name alone.
 */
function PictureCell({ record }: { record: AuditImageRef }) {
  const label = `${RECORD_NAMES.image}: ${record.name || 'no description'}`;
  if (!record.exists) {
    return (
      <span>
        {label} <span className="admin-muted">(no longer exists)</span>
      </span>
    );
  }
  return (
    <Link className="admin-link" to={paths.admin.pictures.getPictureHref(record.id)}>
      {label}
    </Link>
  );
}

/**
 * The author or tag a row is about: while it exists, a link to All Articles filtered by it (where its
 * name is shown with the filter); merged away or deleted, its name and '(no longer exists)'. A
 * picture: PictureCell.
 */
function RecordCell({ record }: { record: AuditRecordRef }) {
  if (record.kind === 'image') return <PictureCell record={record} />;
  const label = `${RECORD_NAMES[record.kind]}: ${record.name}`;
  if (!record.exists) {
    return (
      <span>
        {label} <span className="admin-muted">(no longer exists)</span>
      </span>
    );
  }
  const filter = record.kind === 'author' ? { authorId: record.id } : { tagId: record.id };
  return (
    <Link className="admin-link" to={paths.admin.articles.getHref(filter)}>
      {label}
    </Link>
  );
}

/** The article or record a row is about: a link by its headline or name, or what is left to say of it. */
function ArticleCell({ entry }: { entry: AuditEntry }) {
  if (entry.record) return <RecordCell record={entry.record} />;
  if (entry.articleId <= 0) {
    const record = Object.entries(RECORD_OF_ACTION).find(([prefix]) => entry.action.startsWith(prefix))?.[1];
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

/** The table's columns, in order: its headers, and the labels of each row's cells on a phone. */
const COLUMNS = ['When', 'Editor', 'Action', 'Platform', 'Article or record'] as const;

/**
 * A row's cell. Under 768 px each row is a card of labelled lines: the label repeats the column's name
 * for the eye (hidden from screen readers, which name the cell by its column header); wider, it is hidden.
 * `empty`: nothing to say (a row without a platform), a line the card leaves out.
 */
function AuditCell({
  column,
  empty,
  children,
}: {
  column: (typeof COLUMNS)[number];
  empty?: boolean;
  children: ReactNode;
}) {
  return (
    <td role="cell" className={empty ? 'admin-audit__cell admin-audit__cell--empty' : 'admin-audit__cell'}>
      <span className="admin-audit__label" aria-hidden="true">
        {column}
      </span>
      <span className="admin-audit__value">{children}</span>
    </td>
  );
}

const formatter = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short' });

export interface AuditViewProps {
  query: AuditListParams;
  onQueryChange(next: AuditListParams): void;
}

/** The audit trail: who did what to which article (or author, tag or picture) and when, filtered by editor and action. */
export function AuditView({ query, onQueryChange }: AuditViewProps) {
  const id = useId();
  const audit = useAudit(query);
  const [editor, setEditor] = useState(query.editor ?? '');
  if (audit.isError) return <AdminQueryError error={audit.error} onRetry={() => void audit.refetch()} />;
  const page = audit.data;
  const current = query.page ?? 1;
  return (
    <section className="admin-section admin-audit" aria-labelledby={`${id}-title`} aria-busy={audit.isFetching}>
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
            {AUDIT_ACTION_GROUPS.map((group) => (
              <optgroup key={group.label} label={group.label}>
                {group.actions.map((a) => (
                  <option key={a} value={a}>
                    {auditActionLabel(a)}
                  </option>
                ))}
              </optgroup>
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
        <div className="admin-table-wrap admin-audit__wrap">
          {/* Explicit roles: under 768 px the rows are laid out as cards (display: block), which makes
              some browsers drop the table's semantics; the roles keep rows, cells and headers. */}
          <table className="admin-table admin-audit__table" role="table">
            <caption className="admin-sr-only">Audit entries, newest first</caption>
            <thead role="rowgroup">
              <tr role="row">
                {COLUMNS.map((name) => (
                  <th key={name} scope="col" role="columnheader">
                    {name}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody role="rowgroup">
              {page.entries.map((e) => (
                <tr key={e.id} role="row" className="admin-audit__row">
                  <AuditCell column="When">
                    <time dateTime={e.at}>{formatter.format(new Date(e.at))}</time>
                  </AuditCell>
                  <AuditCell column="Editor">{e.editorName}</AuditCell>
                  <AuditCell column="Action">
                    {auditActionLabel(e.action)}
                    {e.detail ? <span className="admin-audit__detail">{e.detail}</span> : null}
                  </AuditCell>
                  <AuditCell column="Platform" empty={!e.platform}>
                    {e.platform ? PLATFORM_NAMES[e.platform] : <span className="admin-muted">—</span>}
                  </AuditCell>
                  <AuditCell column="Article or record">
                    <ArticleCell entry={e} />
                  </AuditCell>
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
