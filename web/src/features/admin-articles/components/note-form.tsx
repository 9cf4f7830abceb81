import { useEffect, useId, useRef, useState, type RefObject } from 'react';
import { NOTE_MAX_LENGTH, cleanNoteText, noteTextProblem } from '@common/notes-contract';
import { characterCount } from '@common/text-length';
import { noteTextRefusal, useAddNote, useEditNote } from '../api/notes.ts';
import { clearNoteDraft, loadNoteDraft, saveNoteDraft, type NoteDraftSlot } from '../lib/note-drafts.ts';
import { isAddNoteChord } from '../lib/note-keys.ts';
import { useMentionSuggestions } from './mention-suggestions.tsx';

/** A form under a note: a reply to it (decision 061), or its author's new text for a note or reply (062). */
export type NoteFormMode =
  | { kind: 'reply'; noteId: number; author: string; mine: boolean }
  | { kind: 'edit'; noteId: number; text: string; reply: boolean };

/** Where the form's unsent text is kept (note-drafts.ts). */
const slotOf = (mode: NoteFormMode | undefined): NoteDraftSlot =>
  mode ? { kind: mode.kind, noteId: mode.noteId } : { kind: 'add' };

/** 'Add a note' at the top of the panel, or a reply or edit under a note (closed by Cancel, Escape or sending). */
type NoteFormProps =
  | {
      articleId: number;
      mode?: undefined;
      /** Why the note cannot be added just now (the story is in the Trash): its text is kept, sending waits. */
      held?: string;
      /**
       * A reply whose note was deleted while it was being written (`seq` tells two apart): its text is added
       * to the field, which takes the focus, so it can be sent as a note of its own.
       */
      rescued?: { text: string; seq: number };
      /** After a note is added. */
      onAdded?: () => void;
    }
  | {
      articleId: number;
      mode: NoteFormMode;
      onDone: () => void;
      onCancel: () => void;
      /**
       * Why the form cannot be sent just now (its note was resolved while it was open): shown under the
       * field, and sending waits, the text kept, until the note is reopened.
       */
      held?: string;
    };

/** An edit's field opens with the caret after its text, where an editor goes on writing. */
function useCaretAtEnd(field: RefObject<HTMLTextAreaElement | null>, enabled: boolean) {
  useEffect(() => {
    const el = field.current;
    if (!enabled || !el) return;
    el.setSelectionRange(el.value.length, el.value.length);
  }, [field, enabled]);
}

/**
 * Keeps the form's text as it changes (typed, a mention completed, a rescued reply added) in the tab, so it
 * outlives the form: an edit only once it differs from the text it edits, a reply with its note's author.
 */
function useKeptText(articleId: number, mode: NoteFormMode | undefined, text: string) {
  const modeRef = useRef(mode);
  modeRef.current = mode;
  useEffect(() => {
    const now = modeRef.current;
    const slot = slotOf(now);
    if (now?.kind === 'edit' && text === now.text) clearNoteDraft(articleId, slot);
    else if (now?.kind === 'reply') saveNoteDraft(articleId, slot, { text, author: now.author, mine: now.mine });
    else saveNoteDraft(articleId, slot, { text });
  }, [articleId, text]);
}

/** The message of a text the server would refuse, as the form shows it ('': none). */
function localProblem(text: string, noun: string): string {
  const problem = noteTextProblem(cleanNoteText(text));
  return problem ? `The ${noun} ${problem}.` : '';
}

/** The field's label, its hint, and the button's words (idle, busy). */
function wording(mode: NoteFormMode | undefined) {
  if (!mode) {
    return {
      label: 'Add a note',
      hint: 'Plain text. Type @ to mention a colleague. Ctrl+Enter (⌘+Enter on a Mac) adds it.',
      submit: ['Add note', 'Adding…'],
    };
  }
  if (mode.kind === 'reply') {
    return {
      label: `Reply to ${mode.author}`,
      hint: 'Type @ to mention a colleague. Ctrl+Enter (⌘+Enter on a Mac) replies, Escape cancels.',
      submit: ['Reply', 'Replying…'],
    };
  }
  return {
    label: mode.reply ? 'Edit your reply' : 'Edit your note',
    hint: 'Type @ to mention a colleague. Ctrl+Enter (⌘+Enter on a Mac) saves, Escape cancels.',
    submit: ['Save', 'Saving…'],
  };
}

/**
 * 'Add a note', 'Reply to <name>' under a note, or 'Edit your note' in its place: the field (its label
 * shown, colleagues offered after an '@'), its count, and the button (Ctrl/Cmd+Enter too); an empty or too
 * long text is refused here. A reply's or an edit's form also has Cancel, Escape in its field closes it,
 * and it takes the focus when it opens.
 */
export function NoteForm(props: NoteFormProps) {
  const { articleId, mode, held } = props;
  const id = useId();
  const add = useAddNote();
  const edit = useEditNote();
  // Text left unsent in this form before (the screen left, the story trashed): the form opens with it.
  const [kept] = useState(() => loadNoteDraft(articleId, slotOf(mode)));
  const [text, setText] = useState(kept?.text ?? (mode?.kind === 'edit' ? mode.text : ''));
  const [error, setError] = useState('');
  const field = useRef<HTMLTextAreaElement>(null);
  useCaretAtEnd(field, mode?.kind === 'edit');
  useKeptText(articleId, mode, text);
  const rescued = props.mode ? undefined : props.rescued;
  useEffect(() => {
    if (!rescued) return;
    setText((now) => (now.trim() ? `${now.trimEnd()}\n\n${rescued.text}` : rescued.text));
    field.current?.focus();
  }, [rescued]);
  const mention = useMentionSuggestions({ text, setText, field });
  const length = characterCount(cleanNoteText(text));
  const noun = mode?.kind === 'reply' || (mode?.kind === 'edit' && mode.reply) ? 'reply' : 'note';
  const words = wording(mode);
  const pending = add.isPending || edit.isPending;
  const shownError = error || held || '';
  const cancel = () => {
    if (!props.mode) return;
    clearNoteDraft(articleId, slotOf(mode));
    props.onCancel();
  };
  const callbacks = {
    onSuccess: () => {
      setError('');
      if (props.mode) {
        clearNoteDraft(articleId, slotOf(mode));
        props.onDone();
      } else {
        setText('');
        field.current?.focus();
        props.onAdded?.();
      }
    },
    onError: (err: unknown) => {
      const refused = noteTextRefusal(err, noun);
      if (refused) {
        setError(refused);
        field.current?.focus();
      }
    },
  };
  const submit = () => {
    if (held) {
      // The line under the field says why; the field, focused, reads it again.
      field.current?.focus();
      return;
    }
    const problem = localProblem(text, noun);
    setError(problem);
    if (problem) {
      field.current?.focus();
      return;
    }
    const clean = cleanNoteText(text);
    if (mode?.kind === 'edit')
      edit.mutate({ id: articleId, noteId: mode.noteId, reply: mode.reply, text: clean }, callbacks);
    else add.mutate({ id: articleId, text: clean, ...(mode ? { replyTo: mode.noteId } : {}) }, callbacks);
  };
  return (
    <form
      className={`admin-notes__form${mode ? ' admin-notes__form--under' : ''}`}
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      <div className="admin-field">
        <label htmlFor={`${id}-text`}>{words.label}</label>
        <div className="names-field__box">
          <textarea
            ref={field}
            id={`${id}-text`}
            className="admin-input admin-textarea"
            rows={mode ? 2 : 3}
            value={text}
            // A reply's or an edit's form opens from its button: the keyboard goes on in its field (not one
            // opened again with its kept text when the notes are shown).
            autoFocus={mode !== undefined && kept === undefined}
            aria-invalid={error ? true : undefined}
            aria-describedby={`${id}-count ${id}-hint${shownError ? ` ${id}-error` : ''}`}
            {...mention.fieldProps}
            onChange={(e) => {
              setText(e.target.value);
              mention.track(e.target);
              if (error) setError(localProblem(e.target.value, noun));
            }}
            onKeyDown={(e) => {
              if (mention.onKeyDown(e)) return;
              if (props.mode && e.key === 'Escape') {
                e.preventDefault();
                cancel();
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
            {words.hint}
          </span>
          <span
            id={`${id}-count`}
            className={`admin-muted admin-notes__count${length > NOTE_MAX_LENGTH ? ' admin-notes__count--over' : ''}`}
          >
            {length.toLocaleString('en-GB')} / {NOTE_MAX_LENGTH.toLocaleString('en-GB')}
          </span>
        </div>
        {shownError ? (
          <p id={`${id}-error`} className="admin-field-error" role="alert">
            {shownError}
          </p>
        ) : null}
      </div>
      <div className="admin-actions">
        <button type="submit" className="admin-btn admin-btn--small admin-btn--primary" disabled={pending}>
          {pending ? words.submit[1] : words.submit[0]}
        </button>
        {props.mode ? (
          <button type="button" className="admin-btn admin-btn--small" onClick={cancel}>
            Cancel
          </button>
        ) : null}
      </div>
    </form>
  );
}
