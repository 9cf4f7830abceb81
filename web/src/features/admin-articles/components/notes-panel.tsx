import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { ConfirmDialog } from '@/components/admin/confirm-dialog';
import { NOTES_PANEL_ID } from '@/config/paths';
import { useFocusAfterRender } from '@/components/admin/use-focus-after-render';
import type { Note, NoteReply } from '@common/notes-contract';
import { useMarkMentionsRead } from '@/lib/admin-mentions';
import { useDeleteNote, useNotes, useResolveNote } from '../api/notes.ts';
import { clearNoteDraft, listNoteDrafts, loadNoteDraft } from '../lib/note-drafts.ts';
import { NoteForm } from './note-form.tsx';
import { NoteItem } from './note-item.tsx';
import './notes-panel.css';

/** 'Delete this note?', with how many replies go with it; 'Delete this reply?'. */
function deleteQuestion(target: Note | NoteReply | null): { title: string; message: string; confirmLabel: string } {
  if (target && target.replyTo !== null) {
    return {
      title: 'Delete this reply?',
      message: 'It is deleted for every editor. This cannot be undone.',
      confirmLabel: 'Delete reply',
    };
  }
  const replies = target && 'replies' in target ? target.replies.length : 0;
  return {
    title: 'Delete this note?',
    message:
      replies > 0
        ? `It is deleted for every editor, with its ${replies === 1 ? 'reply' : `${replies} replies`}. This cannot be undone.`
        : 'It is deleted for every editor. This cannot be undone.',
    confirmLabel: 'Delete note',
  };
}

export interface NotesPanelProps {
  articleId: number;
  /** An article in the Trash: its notes and replies are shown, none added, resolved or deleted. */
  readOnly?: boolean;
}

/**
 * 'Notes' on an article's screen (decision 058): editors' internal notes to each other, never shown to
 * readers. Newest first, each with its author, time and text (plain, line breaks kept, links not made
 * clickable, mentions of colleagues marked: decision 060) and its replies (decision 061); 'Add a note'
 * with its count (Ctrl/Cmd+Enter adds too) and colleagues offered after an '@'; each editor may delete
 * their own notes and replies, after a confirm. The heading counts the notes, not their replies ('Notes (3)'). A colleague's note that mentions the editor says 'For you', and 'New'
 * the first time it is shown: once the notes are shown, the server marks those mentions read. The list is
 * asked for again every NOTES_REFRESH_MS while the page is shown; a colleague's note or reply arriving so is
 * announced.
 */
export function NotesPanel({ articleId, readOnly = false }: NotesPanelProps) {
  const id = useId();
  const list = useNotes(articleId);
  const remove = useDeleteNote();
  const resolve = useResolveNote();
  // The note or reply whose deletion is being confirmed (one dialog for the panel, so it outlives its row).
  const [confirming, setConfirming] = useState<Note | NoteReply | null>(null);
  const question = deleteQuestion(confirming);
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
  const arrived = useArrivalNotice(notes);
  const { rescued, clearRescued } = useRescuedReplies(
    articleId,
    readOnly ? undefined : notes,
    list.isFetchedAfterMount,
  );
  // In the Trash no note is added, but one left unsent is shown, waiting, with its text.
  const [keptNote] = useState(() => readOnly && loadNoteDraft(articleId, { kind: 'add' }) !== undefined);

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
      <p className="admin-sr-only" role="status" data-testid="notes-arrivals">
        {/* A new node each time, so the same words said twice are announced twice. */}
        {arrived ? <span key={arrived.seq}>{arrived.text}</span> : null}
      </p>
      {rescued && !readOnly ? (
        <p className="admin-notes__rescued" role="alert">
          {rescued.message}
        </p>
      ) : null}
      {!readOnly ? (
        <NoteForm articleId={articleId} rescued={rescued} onAdded={clearRescued} />
      ) : keptNote ? (
        <NoteForm articleId={articleId} held="This story is in the Trash: restore it to add your note." />
      ) : null}
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
              articleId={articleId}
              readOnly={readOnly}
              onDelete={setConfirming}
              panelHeading={heading}
              onResolve={() => resolve.mutate({ id: articleId, noteId: note.id, resolved: !note.resolved })}
            />
          ))}
        </ol>
      ) : (
        <p className="admin-muted">No notes yet.</p>
      )}
      <ConfirmDialog
        open={confirming !== null}
        title={question.title}
        message={question.message}
        confirmLabel={question.confirmLabel}
        busy={remove.isPending}
        onCancel={() => setConfirming(null)}
        onConfirm={() => {
          if (!confirming) return;
          remove.mutate(
            { id: articleId, noteId: confirming.id, reply: confirming.replyTo !== null },
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

/**
 * A reply being written when its note is deleted (by its author, from another screen) is not lost with
 * the note's form: its text, kept in the tab (note-drafts.ts), goes to Add a note, with a line saying why
 * until a note is added. Judged on a list fetched since the panel was shown (not one remembered from before);
 * an edit kept for a note or reply that is gone (its author deleted it) is dropped.
 */
function useRescuedReplies(articleId: number, notes: Note[] | undefined, fresh: boolean) {
  const [rescued, setRescued] = useState<{ message: string; text: string; seq: number }>();
  useEffect(() => {
    if (!notes || !fresh) return;
    const ids = new Set(notes.flatMap((n) => [n.id, ...n.replies.map((r) => r.id)]));
    const orphans = listNoteDrafts(articleId).filter(({ slot }) => !ids.has(slot.noteId));
    for (const { slot } of orphans) clearNoteDraft(articleId, slot);
    const kept = orphans.filter(({ slot }) => slot.kind === 'reply').map(({ draft }) => draft);
    if (kept.length === 0) return;
    const [one] = kept;
    const message =
      kept.length > 1
        ? 'The notes you were replying to were deleted: your replies are in Add a note, to send as a note of their own.'
        : `${one!.mine ? 'Your note' : `${one!.author ?? 'A colleague'}’s note`} was deleted while you were replying to it: your reply is in Add a note, to send as a note of its own.`;
    setRescued((before) => ({
      message,
      text: kept.map((draft) => draft.text).join('\n\n'),
      seq: (before?.seq ?? 0) + 1,
    }));
  }, [articleId, notes, fresh]);
  // Once a note is added, the line has said what it had to.
  const clearRescued = useCallback(() => setRescued(undefined), []);
  return { rescued, clearRescued };
}

/**
 * What a screen reader is told when the notes, asked for again while the screen is open, bring a
 * colleague's new note or reply ('Otto Other added a note.'): the list changes where the editor may not be
 * looking. Nothing for the first list, nor for the editor's own.
 */
function useArrivalNotice(notes: Note[] | undefined): { text: string; seq: number } | undefined {
  const known = useRef<Set<number> | null>(null);
  const [notice, setNotice] = useState<{ text: string; seq: number }>();
  useEffect(() => {
    if (!notes) return;
    const shown = notes.flatMap((n): NoteReply[] => [n, ...n.replies]);
    const before = known.current;
    known.current = new Set(shown.map((n) => n.id));
    if (before === null) return;
    const fresh = shown.filter((n) => !n.mine && !before.has(n.id));
    if (fresh.length === 0) return;
    const [one] = fresh;
    const text =
      fresh.length > 1
        ? `${fresh.length} new notes and replies from colleagues.`
        : one!.replyTo === null
          ? `${one!.createdBy} added a note.`
          : `${one!.createdBy} replied to a note.`;
    setNotice((before) => ({ text, seq: (before?.seq ?? 0) + 1 }));
  }, [notes]);
  return notice;
}

/**
 * Once notes that are new to the editor have been shown, their mentions are marked read (quietly: a failure
 * leaves them new, to be marked the next time). Each shown note is asked about once.
 */
function useMarkShownMentionsRead(articleId: number, notes: Note[] | undefined) {
  const { mutate } = useMarkMentionsRead();
  const asked = useRef(new Set<number>());
  useEffect(() => {
    const shown = (notes ?? []).flatMap((n): NoteReply[] => [n, ...n.replies]);
    const fresh = shown.filter((n) => n.unread && !asked.current.has(n.id));
    if (fresh.length === 0) return;
    for (const n of fresh) asked.current.add(n.id);
    mutate({ articleId });
  }, [articleId, notes, mutate]);
}
