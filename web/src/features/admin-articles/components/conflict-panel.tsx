import {
  differingFields,
  FIELD_LABELS,
  formFromArticle,
  type ArticleFormValues,
  type FormField,
} from '../lib/article-fields.ts';
import { parseBody } from '@/lib/admin-body/body-doc';
import { bodyText } from '../lib/body-text.ts';
import { formatAdminDate } from '../lib/format-date.ts';
import type { ConflictFacts } from '../api/update-article.ts';
import type { AdminArticle } from '../types.ts';

export interface ConflictPanelProps {
  facts: ConflictFacts;
  mine: ArticleFormValues;
  /** The article as saved now, once Compare has loaded it. */
  theirs: AdminArticle | null;
  /** To show a category by its name rather than its id. */
  categories?: readonly { id: number; name: string }[];
  busy?: boolean;
  onReload(): void;
  onCompare(): void;
  onOverwrite(): void;
  /** What "mine" is (default: the unsaved edit). A restore shows the revision being restored. */
  mineLabel?: string;
  /** The sentence under the title (default: the edit is not saved yet). */
  pending?: string;
  overwriteLabel?: string;
}

function show(value: string | boolean): string {
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  return value === '' ? '(empty)' : value;
}

/** A form value as an editor reads it: a category by its name (its id only while names are loading). */
export function showField(
  field: FormField,
  value: string | boolean,
  categories: readonly { id: number; name: string }[] = [],
): string {
  if (field === 'categoryId' && value !== '') {
    return categories.find((c) => String(c.id) === value)?.name ?? show(value);
  }
  if (field === 'body' && typeof value === 'string') return show(bodyText(parseBody(value)));
  return show(value);
}

/** Someone saved this article while it was being edited: reload theirs, compare, or save mine over it. */
export function ConflictPanel({
  facts,
  mine,
  theirs,
  categories,
  busy = false,
  onReload,
  onCompare,
  onOverwrite,
  mineLabel = 'Your version',
  pending = 'Your changes are not saved yet.',
  overwriteLabel = 'Save mine anyway',
}: ConflictPanelProps) {
  const who = facts.changedBy || 'Another editor';
  const when = facts.changedAt ? ` at ${formatAdminDate(facts.changedAt)}` : '';
  const their = theirs ? formFromArticle(theirs) : null;
  const fields = their ? differingFields(their, mine) : [];
  return (
    <section className="admin-conflict" role="alert" aria-labelledby="admin-conflict-title">
      <h2 id="admin-conflict-title">This article was changed while you were editing</h2>
      <p>
        {who} saved it{when}. {pending}
      </p>
      <div className="admin-actions">
        <button type="button" className="admin-btn admin-btn--small" onClick={onReload} disabled={busy}>
          Reload their version
        </button>
        <button type="button" className="admin-btn admin-btn--small" onClick={onCompare} disabled={busy}>
          Compare
        </button>
        <button
          type="button"
          className="admin-btn admin-btn--small admin-btn--danger-outline"
          onClick={onOverwrite}
          disabled={busy}
        >
          {overwriteLabel}
        </button>
      </div>
      {their ? (
        fields.length === 0 ? (
          <p>Their version has the same fields as yours.</p>
        ) : (
          <div className="admin-table-wrap">
            <table className="admin-table admin-compare">
              <caption>
                Their version and {mineLabel === 'Your version' ? 'yours' : mineLabel.toLowerCase()}, field by field
              </caption>
              <thead>
                <tr>
                  <th scope="col">Field</th>
                  <th scope="col">Their version</th>
                  <th scope="col">{mineLabel}</th>
                </tr>
              </thead>
              <tbody>
                {fields.map((f) => (
                  <tr key={f}>
                    <th scope="row">{FIELD_LABELS[f]}</th>
                    <td className="admin-pre">{showField(f, their[f], categories)}</td>
                    <td className="admin-pre">{showField(f, mine[f], categories)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )
      ) : null}
    </section>
  );
}
