import { useId, useRef, useState } from 'react';
import { useFocusAfterRender } from '@/components/admin/use-focus-after-render';
import {
  CORRECTION_MAX_LENGTH,
  cleanCorrectionText,
  correctionTextProblem,
  type Correction,
} from '@common/corrections-contract';
import { characterCount } from '@common/text-length';
import {
  textRefusal,
  useAddCorrection,
  useCorrections,
  useEditCorrection,
  useRemoveCorrection,
} from '../api/corrections.ts';
import { isPublished } from '../lib/article-status.ts';
import { formatAdminDate } from '../lib/format-date.ts';
import type { AdminArticle } from '../types.ts';
import './corrections-panel.css';

/** The message of a text the server would refuse, as the form shows it ('' : none). */
function localProblem(text: string): string {
  const problem = correctionTextProblem(cleanCorrectionText(text));
  return problem ? `The correction ${problem}.` : '';
}

/**
 * 'Corrections' on an article's screen (decision 046): a published article gets 'Add a correction'
 * (the text readers see under the story, dated now, signed with the editor's name); each correction,
 * newest first, can have its wording fixed (its date stays) or be removed after a confirm step. An
 * unpublished article keeps the ones it has (readers see them again when it is published) but gets no
 * new one; an article without any shows nothing while unpublished.
 */
export function CorrectionsPanel({ article }: { article: Pick<AdminArticle, 'id' | 'publishedAt' | 'deletedAt'> }) {
  const id = useId();
  const published = isPublished(article.publishedAt);
  const list = useCorrections(article.id, !article.deletedAt);
  const add = useAddCorrection();
  const [adding, setAdding] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);
  const addButton = useRef<HTMLButtonElement>(null);
  const focusAfterRender = useFocusAfterRender();

  const corrections = list.data?.corrections ?? [];
  if (article.deletedAt || (!published && corrections.length === 0)) return null;

  return (
    <section className="admin-panel admin-corrections" aria-labelledby={`${id}-title`} aria-busy={list.isFetching}>
      <h2 id={`${id}-title`} ref={heading} tabIndex={-1}>
        Corrections
      </h2>
      {list.isPending ? (
        <p className="admin-muted">Loading the corrections…</p>
      ) : list.isError ? (
        <p className="admin-inline-error">Could not load the corrections.</p>
      ) : (
        <>
          {published ? (
            adding ? (
              <CorrectionForm
                label="Correction"
                submitLabel="Add correction"
                pendingLabel="Adding…"
                pending={add.isPending}
                onCancel={() => {
                  setAdding(false);
                  focusAfterRender(addButton);
                }}
                onSubmit={(text, showError) =>
                  add.mutate(
                    { id: article.id, text },
                    {
                      onSuccess: () => {
                        setAdding(false);
                        focusAfterRender(heading);
                      },
                      onError: (err) => {
                        const refused = textRefusal(err);
                        if (refused) showError(refused);
                      },
                    },
                  )
                }
              />
            ) : (
              <>
                <p className="admin-muted">
                  Readers see each correction at the foot of the article, with the date it is added; adding one shows
                  the article as updated.
                </p>
                <button
                  ref={addButton}
                  type="button"
                  className="admin-btn admin-btn--small"
                  onClick={() => setAdding(true)}
                >
                  Add a correction
                </button>
              </>
            )
          ) : (
            <p className="admin-muted">Readers see these again when the article is published.</p>
          )}
          {corrections.length > 0 ? (
            <ol className="admin-corrections__list" aria-label="Corrections, newest first">
              {corrections.map((c) => (
                <CorrectionItem
                  key={c.id}
                  articleId={article.id}
                  correction={c}
                  onRemoved={() => focusAfterRender(heading)}
                />
              ))}
            </ol>
          ) : (
            <p className="admin-muted">No corrections.</p>
          )}
        </>
      )}
    </section>
  );
}

/** One correction: its text and who added it when, with Edit and Remove (which asks first). */
function CorrectionItem({
  articleId,
  correction,
  onRemoved,
}: {
  articleId: number;
  correction: Correction;
  onRemoved: () => void;
}) {
  const edit = useEditCorrection();
  const remove = useRemoveCorrection();
  const [mode, setMode] = useState<'view' | 'edit' | 'confirm'>('view');
  const editButton = useRef<HTMLButtonElement>(null);
  const confirmButton = useRef<HTMLButtonElement>(null);
  const focusAfterRender = useFocusAfterRender();
  const back = () => {
    setMode('view');
    focusAfterRender(editButton);
  };

  if (mode === 'edit') {
    return (
      <li className="admin-corrections__item">
        <CorrectionForm
          label={`Correction of ${formatAdminDate(correction.createdAt)}`}
          initial={correction.text}
          submitLabel="Save correction"
          pendingLabel="Saving…"
          pending={edit.isPending}
          onCancel={back}
          onSubmit={(text, showError) =>
            edit.mutate(
              { id: articleId, correctionId: correction.id, text },
              {
                onSuccess: back,
                onError: (err) => {
                  const refused = textRefusal(err);
                  if (refused) showError(refused);
                },
              },
            )
          }
        />
      </li>
    );
  }
  return (
    <li className="admin-corrections__item">
      <p className="admin-break">{correction.text}</p>
      <p className="admin-muted">
        Added by {correction.createdBy} on {formatAdminDate(correction.createdAt)}
        {correction.updatedAt
          ? `; wording fixed by ${correction.updatedBy ?? 'an editor'} on ${formatAdminDate(correction.updatedAt)}`
          : ''}
      </p>
      {mode === 'confirm' ? (
        <div className="admin-actions" role="group" aria-label="Remove this correction?">
          <p>Remove this correction? Readers will no longer see it.</p>
          <button
            ref={confirmButton}
            type="button"
            className="admin-btn admin-btn--small admin-btn--danger"
            disabled={remove.isPending}
            onClick={() => remove.mutate({ id: articleId, correctionId: correction.id }, { onSuccess: onRemoved })}
          >
            {remove.isPending ? 'Removing…' : 'Remove'}
          </button>
          <button type="button" className="admin-btn admin-btn--small" disabled={remove.isPending} onClick={back}>
            Keep it
          </button>
        </div>
      ) : (
        <div className="admin-actions">
          <button ref={editButton} type="button" className="admin-btn admin-btn--small" onClick={() => setMode('edit')}>
            Edit<span className="admin-sr-only"> the correction of {formatAdminDate(correction.createdAt)}</span>
          </button>
          <button
            type="button"
            className="admin-btn admin-btn--small admin-btn--danger-outline"
            onClick={() => {
              setMode('confirm');
              focusAfterRender(confirmButton);
            }}
          >
            Remove<span className="admin-sr-only"> the correction of {formatAdminDate(correction.createdAt)}</span>
          </button>
        </div>
      )}
    </li>
  );
}

/** The text of a correction, checked as the server checks it, with its count; the field has the focus. */
function CorrectionForm({
  label,
  initial = '',
  submitLabel,
  pendingLabel,
  pending,
  onSubmit,
  onCancel,
}: {
  label: string;
  initial?: string;
  submitLabel: string;
  pendingLabel: string;
  pending: boolean;
  onSubmit: (text: string, showError: (message: string) => void) => void;
  onCancel: () => void;
}) {
  const id = useId();
  const [text, setText] = useState(initial);
  const [error, setError] = useState('');
  const length = characterCount(cleanCorrectionText(text));
  return (
    <form
      className="admin-corrections__form"
      onSubmit={(e) => {
        e.preventDefault();
        const problem = localProblem(text);
        setError(problem);
        if (problem) {
          document.getElementById(`${id}-text`)?.focus();
          return;
        }
        onSubmit(cleanCorrectionText(text), setError);
      }}
      onKeyDown={(e) => {
        if (e.key === 'Escape') {
          e.preventDefault();
          onCancel();
        }
      }}
    >
      <div className="admin-field">
        <label htmlFor={`${id}-text`}>{label} *</label>
        <textarea
          id={`${id}-text`}
          className="admin-input admin-textarea"
          rows={3}
          // The form opens on the editor's request: its field takes the keyboard.
          autoFocus
          value={text}
          aria-invalid={error ? true : undefined}
          aria-describedby={`${id}-count${error ? ` ${id}-error` : ''}`}
          onChange={(e) => {
            setText(e.target.value);
            if (error) setError(localProblem(e.target.value));
          }}
        />
        <span id={`${id}-count`} className="admin-muted">
          {length.toLocaleString('en-GB')} / {CORRECTION_MAX_LENGTH.toLocaleString('en-GB')}
        </span>
        {error ? (
          <p id={`${id}-error`} className="admin-field-error" role="alert">
            {error}
          </p>
        ) : null}
      </div>
      <div className="admin-actions">
        <button type="submit" className="admin-btn admin-btn--small admin-btn--primary" disabled={pending}>
          {pending ? pendingLabel : submitLabel}
        </button>
        <button type="button" className="admin-btn admin-btn--small" disabled={pending} onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}
