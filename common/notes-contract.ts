/**
 * Notes on an article (decision 058): short internal notes editors leave each other on a story ('Check
 * the quote with legal before 6pm'). Never shown to readers: no public answer, page, feed, export or
 * preview carries them.
 *
 *     GET    /api/admin/articles/{id}/notes           NoteList, newest first (an article in the Trash too)
 *     POST   /api/admin/articles/{id}/notes           NoteInput: 201 Note
 *     DELETE /api/admin/articles/{id}/notes/{noteId}  204 (only its author; 403 for anyone else)
 *
 * The Dashboard's 'Latest notes' (GET /api/admin/dashboard's `latestNotes`): the newest notes across the
 * articles out of the Trash, each an excerpt with its article's headline.
 */

import { characterCount } from './text-length.ts';

/** A note's text, counted after NoteInput's clean-up (trimmed): at least and at most this many characters. */
export const NOTE_MIN_LENGTH = 1;
export const NOTE_MAX_LENGTH = 1000;

/** A note as the newsroom sees it. */
export interface Note {
  id: number;
  /** Plain text, its line breaks kept. */
  text: string;
  /** When it was added (server time, ISO-8601 UTC). */
  createdAt: string;
  /** The display name of the editor who added it. */
  createdBy: string;
  /** Whether the signed-in editor added it (only they may delete it). */
  mine: boolean;
}

/** GET …/notes: the article's notes, newest first. */
export interface NoteList {
  notes: Note[];
}

/** How many notes the Dashboard's 'Latest notes' shows. */
export const LATEST_NOTES = 5;

/** A note as the Dashboard's 'Latest notes' lists it. */
export interface LatestNote {
  id: number;
  /** The article it is on (out of the Trash). */
  articleId: number;
  headline: string;
  /** The note's text cut as the newsroom cuts a comment: 100 characters plus '...' (common/comment-excerpt.ts). */
  excerpt: string;
  /** When it was added (ISO-8601 UTC). */
  createdAt: string;
  /** The display name of the editor who added it. */
  createdBy: string;
}

/** POST …/notes: the text, plain (trimmed; line breaks kept). */
export interface NoteInput {
  text: string;
}

/** The audit trail's rows for notes: one added, one deleted (the note's text is not copied there). */
export const NOTE_AUDIT_ACTIONS = ['note-add', 'note-delete'] as const;
export type NoteAuditAction = (typeof NOTE_AUDIT_ACTIONS)[number];

/** The text as it is stored: Windows line breaks made plain, trimmed; the line breaks within are kept. */
export function cleanNoteText(text: string): string {
  return text.replace(/\r\n?/g, '\n').trim();
}

/** Why a (cleaned) text cannot be a note, or undefined when it can. */
export function noteTextProblem(text: string): string | undefined {
  const length = characterCount(text);
  if (length < NOTE_MIN_LENGTH) return 'must not be empty';
  if (length > NOTE_MAX_LENGTH) {
    return `must be at most ${NOTE_MAX_LENGTH.toLocaleString('en-GB')} characters (it has ${length.toLocaleString('en-GB')})`;
  }
  return undefined;
}
