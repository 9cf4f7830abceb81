import { useEffect, useId, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { ConfirmDialog } from '@/components/admin/confirm-dialog';
import { NOTES_PANEL_ID } from '@/config/paths';
import { useFocusAfterRender } from '@/components/admin/use-focus-after-render';
import { NOTE_MAX_LENGTH, cleanNoteText, noteTextProblem, type Note } from '@common/notes-contract';
import { characterCount } from '@common/text-length';
import { useMarkMentionsRead } from '@/lib/admin-mentions';
import { noteTextRefusal, useAddNote, useDeleteNote, useNotes, useResolveNote } from '../api/notes.ts';
import { formatAdminDate } from '../lib/format-date.ts';
import { isAddNoteChord } from '../lib/note-keys.ts';
import { useMentionSuggestions } from './mention-suggestions.tsx';
import { NoteText } from './note-text.tsx';
import './notes-panel.css';

/** The message of a text the server would refuse, as the form shows it ('': none). */
function localProblem(text: string): string {
  const problem = noteTextProblem(cleanNoteText(text));
  return problem ? `The note ${problem}.` : '';
}

export interface NotesPanelProps {
  articleId: number;
  /** An article in the Trash: its notes are shown, none added or deleted. */
  readOnly?: boolean;
}

/**
 * 'Notes' on an article's screen (decision 058): editors' internal notes to each other, never shown to
 * readers. Newest first, each with its author, time and text (plain, line breaks kept, links not made
 * clickable, mentions of colleagues marked: decision 060); 'Add a note' with its count (Ctrl/Cmd+Enter
 * adds too) and colleagues offered after an '@'; each editor may delete their own, after a confirm. The
 * heading counts them ('Notes (3)'). A colleague's note that mentions the editor says 'For you', and 'New'
 * the first time it is shown: once the notes are shown, the server marks those mentions read.
 */
export function NotesPanel({ articleId, readOnly = false }: NotesPanelProps) {
  const id = useId();
  const list = useNotes(articleId);
  const remove = useDeleteNote();
  const resolve = useResolveNote();
  // The note whose deletion is being confirmed (one dialog for the panel, so it outlives the note's row).
  const [confirming, setConfirming] = useState<Note | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const focusAfterRender = useFocusAfterRender();
  const notes = list.data?.notes;
  const count = notes?.length ?? 0;
  // Opened from a link to the notes (`#notes`, the Dashboard's Latest notes): once they have loaded, the
  // panel is scrolled into view and its heading takes the focus, so the keyboard starts there too.
  const { hash } = useLocation();
  const landed = useRef(false);
  const loaded = list.isSuccess;
  useEffect(() => {
    if (landed.current || !loaded || hash !== `#${NOTES_PANEL_ID}`) return;
    landed.current = true;
    heading.current?.scrollIntoView({ block: 'start' });
    heading.current?.focus({ preventScroll: true });
  }, [hash, loaded]);
  useMarkShownMentionsRead(articleId, notes);

  return (
    <section
      id={NOTES_PANEL_ID}
      className="admin-panel admin-notes"
      aria-labelledby={`${id}-title`}
      aria-busy={list.isFetching}
    >
      <h2 id={`${id}-title`} ref={heading} tabIndex={-1}>
        {count > 0 ? `Notes (${count})` : 'Notes'}
      </h2>
      <p className="admin-muted">Only editors see these: never readers.</p>
      {readOnly ? null : <AddNoteForm articleId={articleId} />}
      {list.isPending ? (
        <p className="admin-muted">Loading the notes…</p>
      ) : list.isError ? (
        <p className="admin-inline-error">Could not load the notes.</p>
      ) : notes && notes.length > 0 ? (
        <ol className="admin-notes__list" aria-label="Notes, newest first">
          {notes.map((note) => (
            <NoteItem
              key={note.id}
              note={note}
              onDelete={note.mine && !readOnly ? () => setConfirming(note) : undefined}
              onResolve={
                readOnly
                  ? undefined
                  : () => resolve.mutate({ id: articleId, noteId: note.id, resolved: !note.resolved })
              }
            />
          ))}
        </ol>
      ) : (
        <p className="admin-muted">No notes yet.</p>
      )}
      <ConfirmDialog
        open={confirming !== null}
        title="Delete this note?"
        message="It is deleted for every editor. This cannot be undone."
        confirmLabel="Delete note"
        busy={remove.isPending}
        onCancel={() => setConfirming(null)}
        onConfirm={() => {
          if (!confirming) return;
          remove.mutate(
            { id: articleId, noteId: confirming.id },
            {
              onSuccess: () => {
                setConfirming(null);
                focusAfterRender(heading);
              },
              onError: () => setConfirming(null),
            },
          );
        }}
      />
    </section>
  );
}

/** 'Add a note': the field (its label shown), its count, and Add note; an empty or too long text is refused here. */
function AddNoteForm({ articleId }: { articleId: number }) {
  const id = useId();
  const add = useAddNote();
  const [text, setText] = useState('');
  const [error, setError] = useState('');
  const field = useRef<HTMLTextAreaElement>(null);
  const mention = useMentionSuggestions({ text, setText, field });
  const length = characterCount(cleanNoteText(text));
  const submit = () => {
    const problem = localProblem(text);
    setError(problem);
    if (problem) {
      field.current?.focus();
      return;
    }
    add.mutate(
      { id: articleId, text: cleanNoteText(text) },
      {
        onSuccess: () => {
          setText('');
          setError('');
          field.current?.focus();
        },
        onError: (err) => {
          const refused = noteTextRefusal(err);
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
      className="admin-notes__form"
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      <div className="admin-field">
        <label htmlFor={`${id}-text`}>Add a note</label>
        <div className="names-field__box">
          <textarea
            ref={field}
            id={`${id}-text`}
            className="admin-input admin-textarea"
            rows={3}
            value={text}
            aria-invalid={error ? true : undefined}
            aria-describedby={`${id}-count ${id}-hint${error ? ` ${id}-error` : ''}`}
            {...mention.fieldProps}
            onChange={(e) => {
              setText(e.target.value);
              mention.track(e.target);
              if (error) setError(localProblem(e.target.value));
            }}
            onKeyDown={(e) => {
              if (mention.onKeyDown(e)) return;
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
            Plain text. Type @ to mention a colleague. Ctrl+Enter (⌘+Enter on a Mac) adds it.
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
          {add.isPending ? 'Adding…' : 'Add note'}
        </button>
      </div>
    </form>
  );
}

/**
 * Once notes that are new to the editor have been shown, their mentions are marked read (quietly: a failure
 * leaves them new, to be marked the next time). Each shown note is asked about once.
 */
function useMarkShownMentionsRead(articleId: number, notes: Note[] | undefined) {
  const { mutate } = useMarkMentionsRead();
  const asked = useRef(new Set<number>());
  useEffect(() => {
    const fresh = (notes ?? []).filter((n) => n.unread && !asked.current.has(n.id));
    if (fresh.length === 0) return;
    for (const n of fresh) asked.current.add(n.id);
    mutate({ articleId });
  }, [articleId, notes, mutate]);
}

/**
 * One note: who added it and when ('For you' when it mentions the editor, 'New' the first time it is shown),
 * its text, and who resolved it and when; Resolve (or Reopen) for every editor, and Delete note for its
 * author (the panel asks first). Resolve and Reopen are one button, so the focus stays on it.
 */
function NoteItem({ note, onDelete, onResolve }: { note: Note; onDelete?: () => void; onResolve?: () => void }) {
  const when = formatAdminDate(note.createdAt);
  return (
    <li className={`admin-notes__item${note.resolved ? ' admin-notes__item--resolved' : ''}`}>
      <p className="admin-notes__meta">
        <strong className="admin-break">{note.createdBy}</strong>{' '}
        <time className="admin-muted" dateTime={note.createdAt}>
          {when}
        </time>
        {note.forYou ? <span className="admin-badge admin-badge--draft">For you</span> : null}
        {note.unread ? <span className="admin-badge admin-badge--new">New</span> : null}
      </p>
      <p className="admin-pre admin-break admin-notes__text">
        <NoteText text={note.text} mentions={note.mentions} />
      </p>
      {note.resolved ? (
        <p className="admin-notes__resolved">
          Resolved by <span className="admin-break">{note.resolved.by}</span>,{' '}
          <time dateTime={note.resolved.at}>{formatAdminDate(note.resolved.at)}</time>
        </p>
      ) : null}
      {onResolve || onDelete ? (
        <div className="admin-notes__actions">
          {onResolve ? (
            <button type="button" className="admin-btn admin-btn--small" onClick={onResolve}>
              {note.resolved ? 'Reopen' : 'Resolve'}
              <span className="admin-sr-only"> note of {when}</span>
            </button>
          ) : null}
          {onDelete ? (
            <button type="button" className="admin-btn admin-btn--small admin-btn--danger-outline" onClick={onDelete}>
              Delete note<span className="admin-sr-only"> of {when}</span>
            </button>
          ) : null}
        </div>
      ) : null}
    </li>
  );
}
