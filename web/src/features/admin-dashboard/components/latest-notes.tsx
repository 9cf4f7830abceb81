import { useEffect, useId, useRef, type ReactNode, type RefObject } from 'react';
import { Link, useLocation } from 'react-router';
import type { LatestNote, NoteForYou } from '@common/notes-contract';
import { NOTES_FOR_YOU_ID, paths } from '@/config/paths';
import { formatAdminDate } from '@/lib/admin-date';
import '../latest-notes.css';

/**
 * The Dashboard's 'Latest notes' (decision 058): the newest notes editors left on the stories out of the
 * Trash, newest first, each with its story's headline (to the story's screen, landing on its Notes panel),
 * its author, its time and its text cut as a comment is in All Articles. 'No notes yet.' without any;
 * with some, 'See all stories with open notes' opens All Articles filtered to them.
 */
export function LatestNotesPanel({ notes }: { notes: LatestNote[] }) {
  return (
    <NotesBlock
      notes={notes}
      title="Latest notes"
      empty="No notes yet."
      testId="latest-notes"
      footer={
        notes.length > 0 ? (
          <p className="admin-latest-notes__all">
            <Link className="admin-link" to={paths.admin.articles.getHref({ openNotes: true })}>
              See all stories with open notes
            </Link>
          </p>
        ) : null
      }
    />
  );
}

export interface NotesForYouProps {
  notes: NoteForYou[];
  /** How many of the editor's mentions are new (all of them, not only those listed). */
  unread: number;
  /** 'Mark all read'; `marking` while it is under way. */
  onMarkAllRead: () => void;
  marking: boolean;
}

/**
 * The Dashboard's 'Notes for you' (decision 060): colleagues' newest notes that mention the signed-in
 * editor, and replies in threads they wrote in (decision 061), listed as 'Latest notes' lists notes, each new one marked 'New' until its story is opened; with
 * new ones, how many and 'Mark all read'. The header's count of new mentions links here (`#notes-for-you`):
 * the panel is then scrolled into view and its heading takes the focus, as it does after 'Mark all read'.
 */
export function NotesForYouPanel({ notes, unread, onMarkAllRead, marking }: NotesForYouProps) {
  const heading = useRef<HTMLHeadingElement>(null);
  const { hash, key } = useLocation();
  useEffect(() => {
    if (hash !== `#${NOTES_FOR_YOU_ID}`) return;
    heading.current?.scrollIntoView({ block: 'start' });
    heading.current?.focus({ preventScroll: true });
  }, [hash, key]);
  return (
    <NotesBlock
      notes={notes}
      title="Notes for you"
      empty="No note mentions you yet: a colleague mentions you by typing @ and your name in a note, and a reply to a note you wrote or answered comes here too."
      testId="notes-for-you"
      id={NOTES_FOR_YOU_ID}
      heading={heading}
    >
      {unread > 0 ? (
        <div className="admin-latest-notes__unread">
          <p>
            {unread === 1 ? '1 new mention' : `${unread.toLocaleString('en-GB')} new mentions`}: each stays new until
            you open its story.
          </p>
          <button
            type="button"
            className="admin-btn admin-btn--small"
            disabled={marking}
            onClick={() => {
              heading.current?.focus();
              onMarkAllRead();
            }}
          >
            {marking ? 'Marking…' : 'Mark all read'}
          </button>
        </div>
      ) : null}
    </NotesBlock>
  );
}

function NotesBlock({
  notes,
  title,
  empty,
  testId,
  id: panelId,
  heading,
  children,
  footer,
}: {
  notes: (LatestNote & { unread?: boolean })[];
  title: string;
  empty: string;
  testId: string;
  id?: string;
  heading?: RefObject<HTMLHeadingElement | null>;
  children?: ReactNode;
  /** After the list (a link to more). */
  footer?: ReactNode;
}) {
  const id = useId();
  return (
    <section id={panelId} className="admin-panel" aria-labelledby={`${id}-title`} data-testid={testId}>
      <h2 id={`${id}-title`} ref={heading} tabIndex={heading ? -1 : undefined}>
        {title}
      </h2>
      {children}
      {notes.length === 0 ? (
        <p className="admin-muted">{empty}</p>
      ) : (
        <ol className="admin-latest-notes" aria-label={`${title}, newest first`}>
          {notes.map((note) => (
            <li key={note.id} className="admin-latest-notes__item">
              <p className="admin-break">
                <Link className="admin-link" to={paths.admin.article.getHref(note.articleId, { notes: true })}>
                  {note.headline}
                </Link>
              </p>
              <p className="admin-latest-notes__meta">
                <strong className="admin-break">{note.createdBy}</strong>
                {note.replyTo !== null ? (
                  <span className="admin-muted admin-break"> replying to {note.replyTo}</span>
                ) : null}{' '}
                <time className="admin-muted" dateTime={note.createdAt}>
                  {formatAdminDate(note.createdAt)}
                </time>
                {note.unread ? <span className="admin-badge admin-badge--new">New</span> : null}
              </p>
              <p className="admin-break">{note.excerpt}</p>
            </li>
          ))}
        </ol>
      )}
      {footer}
    </section>
  );
}
