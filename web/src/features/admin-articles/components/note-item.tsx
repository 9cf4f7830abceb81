import { useRef, useState, type RefObject } from 'react';
import type { Note, NoteReply } from '@common/notes-contract';
import { useFocusAfterRender } from '@/components/admin/use-focus-after-render';
import { formatAdminDate } from '../lib/format-date.ts';
import { loadNoteDraft, type NoteDraftSlot } from '../lib/note-drafts.ts';
import { NoteForm } from './note-form.tsx';
import { NoteText } from './note-text.tsx';

/**
 * Who wrote a note or reply and when ('edited' once its author changed it), 'For you' when it mentions the
 * editor and 'New' the first time it is shown.
 */
function NoteMeta({ note }: { note: NoteReply }) {
  return (
    <p className="admin-notes__meta">
      <strong className="admin-break">{note.createdBy}</strong>{' '}
      <time className="admin-muted" dateTime={note.createdAt}>
        {formatAdminDate(note.createdAt)}
      </time>
      {note.editedAt ? (
        <span className="admin-muted admin-notes__edited">
          edited<span className="admin-sr-only"> {formatAdminDate(note.editedAt)}</span>
        </span>
      ) : null}
      {note.forYou ? <span className="admin-badge admin-badge--draft">For you</span> : null}
      {note.unread ? <span className="admin-badge admin-badge--new">New</span> : null}
    </p>
  );
}

/** Where the focus goes when a form under a note closes and the button that opened it is gone. */
interface FocusFallbacks {
  /** The thread's Resolve/Reopen (gone too in the Trash). */
  resolveButton: RefObject<HTMLButtonElement | null>;
  /** The panel's heading, always there. */
  panelHeading: RefObject<HTMLElement | null>;
}

/**
 * A form under a note that gives the focus back to the button that opened it when it closes, or, when that
 * button is no longer offered (the thread was resolved meanwhile), to the thread's Reopen, or, with no button
 * left (the story in the Trash), to the panel's heading. It opens by itself where text left unsent in it is
 * kept in the tab (note-drafts.ts).
 */
function useOpenedForm(
  button: RefObject<HTMLButtonElement | null>,
  { resolveButton, panelHeading }: FocusFallbacks,
  kept: { articleId: number; slot: NoteDraftSlot },
) {
  const [open, setOpen] = useState(() => loadNoteDraft(kept.articleId, kept.slot) !== undefined);
  const focusAfterRender = useFocusAfterRender();
  return {
    open,
    show: () => setOpen(true),
    close: () => {
      setOpen(false);
      // Once the form is gone and the buttons drawn again.
      focusAfterRender({
        get current() {
          return button.current ?? resolveButton.current ?? panelHeading.current;
        },
      });
    },
  };
}

/**
 * Why a reply or an edit cannot be sent just now, its form kept open with its text: the thread was resolved,
 * or the story put in the Trash, by someone else while it was being written (undefined: it can be sent).
 */
function heldReason(thread: Note, readOnly: boolean, action: 'send your reply' | 'save your edit') {
  if (readOnly) return `This story is in the Trash: restore it to ${action}.`;
  if (thread.resolved) return `${thread.resolved.by} resolved this note: reopen it to ${action}.`;
  return undefined;
}

/**
 * The text of a note or reply, or, while its author edits it, 'Edit your note' in its place (decision 062).
 */
function NoteBody({
  articleId,
  note,
  editing,
  held,
}: {
  articleId: number;
  note: NoteReply;
  editing: ReturnType<typeof useOpenedForm>;
  held: string | undefined;
}) {
  if (editing.open) {
    return (
      <NoteForm
        articleId={articleId}
        mode={{ kind: 'edit', noteId: note.id, text: note.text, reply: note.replyTo !== null }}
        onDone={editing.close}
        onCancel={editing.close}
        held={held}
      />
    );
  }
  return (
    <p className="admin-pre admin-break admin-notes__text">
      <NoteText text={note.text} mentions={note.mentions} />
    </p>
  );
}

/** One reply under its note: its meta and text; Edit and Delete reply for its author while the thread is open. */
function ReplyItem({
  articleId,
  reply,
  canEdit,
  held,
  fallbacks,
  onDelete,
}: {
  articleId: number;
  reply: NoteReply;
  canEdit: boolean;
  /** What takes the focus when the Edit that opened a form is gone. */
  fallbacks: FocusFallbacks;
  /** Why an edit under way cannot be saved just now (its thread resolved, the story in the Trash). */
  held: string | undefined;
  onDelete?: () => void;
}) {
  const editButton = useRef<HTMLButtonElement>(null);
  const editing = useOpenedForm(editButton, fallbacks, { articleId, slot: { kind: 'edit', noteId: reply.id } });
  const when = formatAdminDate(reply.createdAt);
  return (
    <li className="admin-notes__reply">
      <NoteMeta note={reply} />
      <NoteBody articleId={articleId} note={reply} editing={editing} held={held} />
      {!editing.open && (canEdit || onDelete) ? (
        <div className="admin-notes__actions">
          {canEdit ? (
            <button ref={editButton} type="button" className="admin-btn admin-btn--small" onClick={editing.show}>
              Edit<span className="admin-sr-only"> reply of {when}</span>
            </button>
          ) : null}
          {onDelete ? (
            <button type="button" className="admin-btn admin-btn--small admin-btn--danger-outline" onClick={onDelete}>
              Delete reply<span className="admin-sr-only"> of {when}</span>
            </button>
          ) : null}
        </div>
      ) : null}
    </li>
  );
}

export interface NoteItemProps {
  note: Note;
  articleId: number;
  /** An article in the Trash: nothing to resolve, answer, edit or delete. */
  readOnly: boolean;
  /** Resolve or reopen the note (its thread). */
  onResolve: () => void;
  /** Delete the note or one of its replies (the panel asks first); offered on the editor's own only. */
  onDelete: (target: Note | NoteReply) => void;
  /** The panel's heading: the focus goes there when a form closes with no button of the thread left. */
  panelHeading: RefObject<HTMLElement | null>;
}

/**
 * One note: who added it and when, its text, and who resolved it and when; Resolve (or Reopen) for every
 * editor, Reply while it is open, Edit (while open) and Delete note for its author. Resolve and Reopen are
 * one button, so the focus stays on it. Its replies follow, oldest first, each with Edit and Delete reply
 * for its author (decision 061). Reply and Edit open a form that takes the focus, and give it back to their
 * button when it closes. A form open when someone else resolves the thread (or puts the story in the Trash)
 * stays open with its text and says why it waits; Reopen is offered beside it, and once the note is open
 * again the form sends. A form whose text was left unsent (the screen left, the story trashed) is open again
 * with it.
 */
export function NoteItem({ note, articleId, readOnly, onResolve, onDelete, panelHeading }: NoteItemProps) {
  const when = formatAdminDate(note.createdAt);
  const replyButton = useRef<HTMLButtonElement>(null);
  const editButton = useRef<HTMLButtonElement>(null);
  const resolveButton = useRef<HTMLButtonElement>(null);
  const fallbacks = { resolveButton, panelHeading };
  const replying = useOpenedForm(replyButton, fallbacks, { articleId, slot: { kind: 'reply', noteId: note.id } });
  const editing = useOpenedForm(editButton, fallbacks, { articleId, slot: { kind: 'edit', noteId: note.id } });
  const open = !readOnly && !note.resolved;
  const editHeld = heldReason(note, readOnly, 'save your edit');
  return (
    <li className={`admin-notes__item${note.resolved ? ' admin-notes__item--resolved' : ''}`}>
      <NoteMeta note={note} />
      <NoteBody articleId={articleId} note={note} editing={editing} held={editHeld} />
      {note.resolved ? (
        <p className="admin-notes__resolved">
          Resolved by <span className="admin-break">{note.resolved.by}</span>,{' '}
          <time dateTime={note.resolved.at}>{formatAdminDate(note.resolved.at)}</time>
        </p>
      ) : null}
      {note.replies.length > 0 ? (
        <ol className="admin-notes__replies" aria-label={`Replies to ${note.createdBy}, oldest first`}>
          {note.replies.map((reply) => (
            <ReplyItem
              key={reply.id}
              articleId={articleId}
              reply={reply}
              canEdit={open && reply.mine}
              held={editHeld}
              fallbacks={fallbacks}
              onDelete={reply.mine && !readOnly ? () => onDelete(reply) : undefined}
            />
          ))}
        </ol>
      ) : null}
      {replying.open ? (
        <NoteForm
          articleId={articleId}
          mode={{ kind: 'reply', noteId: note.id, author: note.createdBy, mine: note.mine }}
          onDone={replying.close}
          onCancel={replying.close}
          held={heldReason(note, readOnly, 'send your reply')}
        />
      ) : null}
      {readOnly || (editing.open && open) ? null : (
        <div className="admin-notes__actions">
          {open && !replying.open ? (
            <button ref={replyButton} type="button" className="admin-btn admin-btn--small" onClick={replying.show}>
              Reply<span className="admin-sr-only"> to the note of {when}</span>
            </button>
          ) : null}
          <button ref={resolveButton} type="button" className="admin-btn admin-btn--small" onClick={onResolve}>
            {note.resolved ? 'Reopen' : 'Resolve'}
            <span className="admin-sr-only"> note of {when}</span>
          </button>
          {open && note.mine ? (
            <button ref={editButton} type="button" className="admin-btn admin-btn--small" onClick={editing.show}>
              Edit<span className="admin-sr-only"> note of {when}</span>
            </button>
          ) : null}
          {note.mine ? (
            <button
              type="button"
              className="admin-btn admin-btn--small admin-btn--danger-outline"
              onClick={() => onDelete(note)}
            >
              Delete note<span className="admin-sr-only"> of {when}</span>
            </button>
          ) : null}
        </div>
      )}
    </li>
  );
}
