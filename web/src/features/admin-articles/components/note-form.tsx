import { useId, useRef, useState } from 'react';
import { NOTE_MAX_LENGTH, cleanNoteText, noteTextProblem } from '@common/notes-contract';
import { characterCount } from '@common/text-length';
import { noteTextRefusal, useAddNote } from '../api/notes.ts';
import { isAddNoteChord } from '../lib/note-keys.ts';
import { useMentionSuggestions } from './mention-suggestions.tsx';

/** What the form writes: a note of its own, or a reply to one (decision 061). */
type NoteFormProps =
  | { articleId: number; replyTo?: undefined }
  | {
      articleId: number;
      /** The note answered, and its author's name (the field's label: 'Reply to Nora Notes'). */
      replyTo: { id: number; author: string };
      /** Added: the form closes (the thread shows the reply). */
      onDone: () => void;
      /** Cancel, or Escape in the field: the form closes, nothing sent. */
      onCancel: () => void;
    };

/** The message of a text the server would refuse, as the form shows it ('': none). */
function localProblem(text: string, noun: string): string {
  const problem = noteTextProblem(cleanNoteText(text));
  return problem ? `The ${noun} ${problem}.` : '';
}

/**
 * 'Add a note', or 'Reply to <name>' under a note: the field (its label shown, colleagues offered after an
 * '@'), its count, and Add note or Reply (Ctrl/Cmd+Enter too); an empty or too long text is refused here.
 * A reply's form also has Cancel, and Escape in its field closes it; it takes the focus when it opens.
 */
export function NoteForm(props: NoteFormProps) {
  const { articleId, replyTo } = props;
  const id = useId();
  const add = useAddNote();
  const [text, setText] = useState('');
  const [error, setError] = useState('');
  const field = useRef<HTMLTextAreaElement>(null);
  const mention = useMentionSuggestions({ text, setText, field });
  const length = characterCount(cleanNoteText(text));
  const noun = replyTo ? 'reply' : 'note';
  const submit = () => {
    const problem = localProblem(text, noun);
    setError(problem);
    if (problem) {
      field.current?.focus();
      return;
    }
    add.mutate(
      { id: articleId, text: cleanNoteText(text), ...(replyTo ? { replyTo: replyTo.id } : {}) },
      {
        onSuccess: () => {
          setText('');
          setError('');
          if (props.replyTo) props.onDone();
          else field.current?.focus();
        },
        onError: (err) => {
          const refused = noteTextRefusal(err, noun);
          if (refused) {
            setError(refused);
            field.current?.focus();
          }
        },
      },
    );
  };
  return (
    <form
      className={`admin-notes__form${replyTo ? ' admin-notes__form--reply' : ''}`}
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      <div className="admin-field">
        <label htmlFor={`${id}-text`}>{replyTo ? `Reply to ${replyTo.author}` : 'Add a note'}</label>
        <div className="names-field__box">
          <textarea
            ref={field}
            id={`${id}-text`}
            className="admin-input admin-textarea"
            rows={replyTo ? 2 : 3}
            value={text}
            // A reply's form opens from its button: the keyboard goes on in its field.
            autoFocus={replyTo !== undefined}
            aria-invalid={error ? true : undefined}
            aria-describedby={`${id}-count ${id}-hint${error ? ` ${id}-error` : ''}`}
            {...mention.fieldProps}
            onChange={(e) => {
              setText(e.target.value);
              mention.track(e.target);
              if (error) setError(localProblem(e.target.value, noun));
            }}
            onKeyDown={(e) => {
              if (mention.onKeyDown(e)) return;
              if (props.replyTo && e.key === 'Escape') {
                e.preventDefault();
                props.onCancel();
                return;
              }
              if (!isAddNoteChord(e)) return;
              e.preventDefault();
              submit();
            }}
          />
          {mention.listbox}
        </div>
        {mention.status}
        <div className="admin-notes__under">
          <span id={`${id}-hint`} className="admin-muted">
            {replyTo
              ? 'Type @ to mention a colleague. Ctrl+Enter (⌘+Enter on a Mac) replies, Escape cancels.'
              : 'Plain text. Type @ to mention a colleague. Ctrl+Enter (⌘+Enter on a Mac) adds it.'}
          </span>
          <span
            id={`${id}-count`}
            className={`admin-muted admin-notes__count${length > NOTE_MAX_LENGTH ? ' admin-notes__count--over' : ''}`}
          >
            {length.toLocaleString('en-GB')} / {NOTE_MAX_LENGTH.toLocaleString('en-GB')}
          </span>
        </div>
        {error ? (
          <p id={`${id}-error`} className="admin-field-error" role="alert">
            {error}
          </p>
        ) : null}
      </div>
      <div className="admin-actions">
        <button type="submit" className="admin-btn admin-btn--small admin-btn--primary" disabled={add.isPending}>
          {replyTo ? (add.isPending ? 'Replying…' : 'Reply') : add.isPending ? 'Adding…' : 'Add note'}
        </button>
        {props.replyTo ? (
          <button type="button" className="admin-btn admin-btn--small" onClick={props.onCancel}>
            Cancel
          </button>
        ) : null}
      </div>
    </form>
  );
}
