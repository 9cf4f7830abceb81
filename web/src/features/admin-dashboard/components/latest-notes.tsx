import { useId } from 'react';
import { Link } from 'react-router';
import type { LatestNote } from '@common/notes-contract';
import { paths } from '@/config/paths';
import { formatAdminDate } from '@/lib/admin-date';
import '../latest-notes.css';

/**
 * The Dashboard's 'Latest notes' (decision 058): the newest notes editors left on the stories out of the
 * Trash, newest first, each with its story's headline (to the story's screen, landing on its Notes panel),
 * its author, its time and its text cut as a comment is in All Articles. 'No notes yet.' without any.
 */
export function LatestNotesPanel({ notes }: { notes: LatestNote[] }) {
  return <NotesBlock notes={notes} title="Latest notes" empty="No notes yet." testId="latest-notes" />;
}

/**
 * The Dashboard's 'Notes for you' (decision 060): colleagues' newest notes that mention the signed-in
 * editor, listed as 'Latest notes' lists notes.
 */
export function NotesForYouPanel({ notes }: { notes: LatestNote[] }) {
  return (
    <NotesBlock
      notes={notes}
      title="Notes for you"
      empty="No note mentions you yet: a colleague mentions you by typing @ and your name in a note."
      testId="notes-for-you"
    />
  );
}

function NotesBlock({
  notes,
  title,
  empty,
  testId,
}: {
  notes: LatestNote[];
  title: string;
  empty: string;
  testId: string;
}) {
  const id = useId();
  return (
    <section className="admin-panel" aria-labelledby={`${id}-title`} data-testid={testId}>
      <h2 id={`${id}-title`}>{title}</h2>
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
                <strong className="admin-break">{note.createdBy}</strong>{' '}
                <time className="admin-muted" dateTime={note.createdAt}>
                  {formatAdminDate(note.createdAt)}
                </time>
              </p>
              <p className="admin-break">{note.excerpt}</p>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
