import { useRef, useState } from 'react';
import type { Note, NoteReply } from '@common/notes-contract';
import { useFocusAfterRender } from '@/components/admin/use-focus-after-render';
import { formatAdminDate } from '../lib/format-date.ts';
import { NoteForm } from './note-form.tsx';
import { NoteText } from './note-text.tsx';

/** Who wrote a note or reply and when, 'For you' when it mentions the editor and 'New' the first time it is shown. */
function NoteMeta({ note }: { note: NoteReply }) {
  return (
    <p className="admin-notes__meta">
      <strong className="admin-break">{note.createdBy}</strong>{' '}
      <time className="admin-muted" dateTime={note.createdAt}>
        {formatAdminDate(note.createdAt)}
      </time>
      {note.forYou ? <span className="admin-badge admin-badge--draft">For you</span> : null}
      {note.unread ? <span className="admin-badge admin-badge--new">New</span> : null}
    </p>
  );
}

export interface NoteItemProps {
  note: Note;
  articleId: number;
  /** An article in the Trash: nothing to resolve, answer or delete. */
  readOnly: boolean;
  /** Resolve or reopen the note (its thread). */
  onResolve: () => void;
  /** Delete the note or one of its replies (the panel asks first); offered on the editor's own only. */
  onDelete: (target: Note | NoteReply) => void;
}

/**
 * One note: who added it and when, its text, and who resolved it and when; Resolve (or Reopen) for every
 * editor, Reply while it is open, and Delete note for its author. Resolve and Reopen are one button, so the
 * focus stays on it. Its replies follow, oldest first, each with Delete reply for its author (decision 061);
 * Reply opens a form under them that takes the focus, and gives it back to Reply when it closes.
 */
export function NoteItem({ note, articleId, readOnly, onResolve, onDelete }: NoteItemProps) {
  const when = formatAdminDate(note.createdAt);
  const [replying, setReplying] = useState(false);
  const replyButton = useRef<HTMLButtonElement>(null);
  const focusAfterRender = useFocusAfterRender();
  const closeReply = () => {
    setReplying(false);
    // Once the form is gone and the button drawn again.
    focusAfterRender(replyButton);
  };
  const canReply = !readOnly && !note.resolved;
  return (
    <li className={`admin-notes__item${note.resolved ? ' admin-notes__item--resolved' : ''}`}>
      <NoteMeta note={note} />
      <p className="admin-pre admin-break admin-notes__text">
        <NoteText text={note.text} mentions={note.mentions} />
      </p>
      {note.resolved ? (
        <p className="admin-notes__resolved">
          Resolved by <span className="admin-break">{note.resolved.by}</span>,{' '}
          <time dateTime={note.resolved.at}>{formatAdminDate(note.resolved.at)}</time>
        </p>
      ) : null}
      {note.replies.length > 0 ? (
        <ol className="admin-notes__replies" aria-label={`Replies to ${note.createdBy}, oldest first`}>
          {note.replies.map((reply) => (
            <li key={reply.id} className="admin-notes__reply">
              <NoteMeta note={reply} />
              <p className="admin-pre admin-break admin-notes__text">
                <NoteText text={reply.text} mentions={reply.mentions} />
              </p>
              {reply.mine && !readOnly ? (
                <div className="admin-notes__actions">
                  <button
                    type="button"
                    className="admin-btn admin-btn--small admin-btn--danger-outline"
                    onClick={() => onDelete(reply)}
                  >
                    Delete reply<span className="admin-sr-only"> of {formatAdminDate(reply.createdAt)}</span>
                  </button>
                </div>
              ) : null}
            </li>
          ))}
        </ol>
      ) : null}
      {replying && canReply ? (
        <NoteForm
          articleId={articleId}
          replyTo={{ id: note.id, author: note.createdBy }}
          onDone={closeReply}
          onCancel={closeReply}
        />
      ) : null}
      {readOnly ? null : (
        <div className="admin-notes__actions">
          {canReply && !replying ? (
            <button
              ref={replyButton}
              type="button"
              className="admin-btn admin-btn--small"
              onClick={() => setReplying(true)}
            >
              Reply<span className="admin-sr-only"> to the note of {when}</span>
            </button>
          ) : null}
          <button type="button" className="admin-btn admin-btn--small" onClick={onResolve}>
            {note.resolved ? 'Reopen' : 'Resolve'}
            <span className="admin-sr-only"> note of {when}</span>
          </button>
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
