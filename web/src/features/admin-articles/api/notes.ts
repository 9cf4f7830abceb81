import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { Note, NoteEdit, NoteInput, NoteList, NoteResolution } from '@common/notes-contract';
import { PRESENCE_HEARTBEAT_SECONDS } from '@common/presence-contract';
import { AdminApiError, adminKeys, adminRequest, useAdminApi } from '@/lib/admin-api-client';
import { adminQueryDefaults } from '@/lib/admin-query-defaults';
import { clearNoteDraft } from '../lib/note-drafts.ts';
import { useArticleMutation } from './article-mutation.ts';

/** Under the article's key: reloaded with the article's screen, forgotten with the article. */
export const notesKey = (id: number) => [...adminKeys.articleDetail(id), 'notes'] as const;

const url = (id: number, noteId?: number) =>
  `/api/admin/articles/${id}/notes${noteId === undefined ? '' : `/${noteId}`}`;

/** A refusal of the text (400 naming `text`): the form shows it by the field ('The reply …'), not in a toast. */
export function noteTextRefusal(err: unknown, noun: 'note' | 'reply' = 'note'): string | undefined {
  if (!(err instanceof AdminApiError) || err.status !== 400) return undefined;
  const errors = err.problem?.errors;
  if (!Array.isArray(errors)) return undefined;
  const found = errors.find((e: { name?: unknown }) => e?.name === 'text') as { message?: unknown } | undefined;
  return typeof found?.message === 'string' ? `The ${noun} ${found.message}.` : undefined;
}

/**
 * While the story's screen is shown its notes are asked for again as often as its presence heartbeat goes
 * (decision 047), so a colleague's note, reply or resolution shows within that time without a reload; not
 * while the page is hidden.
 */
export const NOTES_REFRESH_MS = PRESENCE_HEARTBEAT_SECONDS * 1000;

/** GET …/notes: newest first (an article in the Trash too). */
export function useNotes(id: number) {
  const client = useAdminApi();
  return useQuery({
    queryKey: notesKey(id),
    queryFn: ({ signal }) =>
      adminRequest<NoteList>(
        client,
        url(id),
        { failed: 'Failed to load the notes', error: 'Error loading the notes' },
        { signal },
      ),
    ...adminQueryDefaults,
    refetchInterval: NOTES_REFRESH_MS,
    refetchIntervalInBackground: false,
  });
}

/**
 * POST …/notes: a note, or with `replyTo` a reply to one (decision 061), dated now and signed with the
 * editor's name. The article itself is unchanged.
 */
export function useAddNote() {
  const queryClient = useQueryClient();
  return useArticleMutation<{ id: number } & NoteInput, Note>({
    request: (client, { id, text, replyTo }) =>
      adminRequest<Note>(
        client,
        url(id),
        replyTo === undefined
          ? { failed: 'Failed to add the note', error: 'Error adding the note' }
          : { failed: 'Failed to add the reply', error: 'Error adding the reply' },
        { method: 'POST', body: { text, ...(replyTo === undefined ? {} : { replyTo }) } satisfies NoteInput },
      ),
    successTitle: ({ replyTo }) => (replyTo === undefined ? 'Note added' : 'Reply added'),
    reload: () => false,
    quiet: (err) => noteTextRefusal(err) !== undefined,
    after: ({ id, replyTo }) => {
      // Sent: its text is no longer kept (even if its form was left while it went).
      clearNoteDraft(id, replyTo === undefined ? { kind: 'add' } : { kind: 'reply', noteId: replyTo });
      return queryClient.invalidateQueries({ queryKey: notesKey(id) });
    },
  });
}

/** PATCH …/notes/{noteId}: resolve the note (done) or reopen it, its replies with it; any editor may. */
export function useResolveNote() {
  const queryClient = useQueryClient();
  return useArticleMutation<{ id: number; noteId: number } & NoteResolution, Note>({
    request: (client, { id, noteId, resolved }) =>
      adminRequest<Note>(
        client,
        url(id, noteId),
        { failed: 'Failed to change the note', error: 'Error changing the note' },
        { method: 'PATCH', body: { resolved } satisfies NoteResolution },
      ),
    successTitle: ({ resolved }) => (resolved ? 'Note resolved' : 'Note reopened'),
    reload: () => false,
    after: ({ id }) => queryClient.invalidateQueries({ queryKey: notesKey(id) }),
  });
}

/** PATCH …/notes/{noteId} `{text}`: its author's new text for a note or reply (decision 062). */
export function useEditNote() {
  const queryClient = useQueryClient();
  return useArticleMutation<{ id: number; noteId: number; reply: boolean } & NoteEdit, Note>({
    request: (client, { id, noteId, text }) =>
      adminRequest<Note>(
        client,
        url(id, noteId),
        { failed: 'Failed to save the note', error: 'Error saving the note' },
        { method: 'PATCH', body: { text } satisfies NoteEdit },
      ),
    successTitle: ({ reply }) => (reply ? 'Reply edited' : 'Note edited'),
    reload: () => false,
    quiet: (err) => noteTextRefusal(err) !== undefined,
    after: ({ id, noteId }) => {
      clearNoteDraft(id, { kind: 'edit', noteId });
      return queryClient.invalidateQueries({ queryKey: notesKey(id) });
    },
  });
}

/** DELETE …/notes/{noteId}: one's own note (its replies with it) or reply. */
export function useDeleteNote() {
  const queryClient = useQueryClient();
  return useArticleMutation<{ id: number; noteId: number; reply?: boolean }, void>({
    request: (client, { id, noteId }) =>
      adminRequest<void>(
        client,
        url(id, noteId),
        { failed: 'Failed to delete the note', error: 'Error deleting the note' },
        { method: 'DELETE' },
      ),
    successTitle: ({ reply }) => (reply ? 'Reply deleted' : 'Note deleted'),
    reload: () => false,
    after: ({ id }) => queryClient.invalidateQueries({ queryKey: notesKey(id) }),
  });
}
