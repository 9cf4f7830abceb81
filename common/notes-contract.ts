/**
 * Notes on an article (decision 058): short internal notes editors leave each other on a story ('Check
 * the quote with legal before 6pm'). Never shown to readers: no public answer, page, feed, export or
 * preview carries them.
 *
 *     GET    /api/admin/articles/{id}/notes           NoteList, newest first, each with its replies (the Trash too)
 *     POST   /api/admin/articles/{id}/notes           NoteInput: 201 Note (a note, or a reply to one)
 *     PATCH  /api/admin/articles/{id}/notes/{noteId}  NoteResolution: 200 Note (resolved or reopened with its
 *                                                     replies, by anyone); or NoteEdit: 200 Note (its author)
 *     DELETE /api/admin/articles/{id}/notes/{noteId}  204 (only its author, its replies with it; 403 for anyone else)
 *
 * The Dashboard's 'Latest notes' (GET /api/admin/dashboard's `latestNotes`): the newest open (not
 * resolved) notes across the articles out of the Trash, each an excerpt with its article's headline; its
 * 'Notes for you' (`notesForYou`): those that mention the signed-in editor.
 *
 * Mentions (decision 060): '@' and a colleague's username in a note ('@sam.editor check the quote') names
 * them; the colleagues are the editors seen in the newsroom and, with the built-in sign-in, its accounts
 * (GET /api/admin/editors).
 *
 *     GET    /api/admin/editors                       ColleagueList, by name
 *
 * A mention is new to the colleague it names until they open the story's notes (the screen asks the server
 * to mark them read) or mark all of theirs read; the newsroom's header counts the new ones. A reply counts
 * as a mention of the editors who wrote in its thread (decision 061).
 *
 *     GET    /api/admin/mentions                      MentionCount: the signed-in editor's new mentions
 *     POST   /api/admin/mentions/read                 MentionsReadInput: MentionCount left
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
  /** The colleagues it mentions, as they were named when it was added, in the order of the text. */
  mentions: Colleague[];
  /**
   * It is a colleague's (not their own) and mentions the signed-in editor, or is a reply in a thread they
   * wrote in (decision 061).
   */
  forYou: boolean;
  /** It is for them and new: they had not opened the story's notes (or marked it read) since it was added. */
  unread: boolean;
  /**
   * Done: when, and the display name of the editor who resolved it; null while it is open. A thread is
   * resolved as one: a reply carries its note's.
   */
  resolved: NoteResolved | null;
  /** A reply: the note it answers, which starts its thread (decision 061); null for a note of its own. */
  replyTo: number | null;
  /** When its author last changed its text (decision 062, ISO-8601 UTC); null while it is as it was added. */
  editedAt: string | null;
  /** Its replies, oldest first, in a list of notes (GET …/notes); empty for a reply and in other answers. */
  replies: NoteReply[];
}

/** A reply as its note lists it. */
export type NoteReply = Omit<Note, 'replies'>;

export interface NoteResolved {
  /** ISO-8601 UTC. */
  at: string;
  by: string;
}

/**
 * PATCH …/notes/{noteId}: resolve the note (done: what it asked for is dealt with) or reopen it. Any editor
 * may, as anyone may do what a note asks; resolving a resolved note changes nothing.
 */
export interface NoteResolution {
  resolved: boolean;
}

/**
 * PATCH …/notes/{noteId}: a new text for the note or reply (decision 062), by its author only, while its
 * thread is open; its mentions follow the new text. The same rules as a new note's text.
 */
export interface NoteEdit {
  text: string;
}

/** An editor seen in the newsroom, whom a note can mention by '@' and their username. */
export interface Colleague {
  username: string;
  /** Their display name. */
  name: string;
}

/** GET /api/admin/editors: the editors seen in the newsroom, by name (at most MAX_COLLEAGUES). */
export interface ColleagueList {
  editors: Colleague[];
}

/** The most editors GET /api/admin/editors lists (the most recently seen, when there are more). */
export const MAX_COLLEAGUES = 500;

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
  /** A reply (decision 061): the display name of the author of the note it answers; null for a note of its own. */
  replyTo: string | null;
}

/** How many notes the Dashboard's 'Notes for you' shows. */
export const NOTES_FOR_YOU = 5;

/** A note as 'Notes for you' lists it: new until its colleague opens the story's notes. */
export interface NoteForYou extends LatestNote {
  unread: boolean;
}

/**
 * GET /api/admin/mentions, and the answer of POST /api/admin/mentions/read: how many of colleagues' notes
 * mention the signed-in editor and are new to them (on stories out of the Trash).
 */
export interface MentionCount {
  unread: number;
}

/**
 * POST /api/admin/mentions/read: the signed-in editor's mentions in the notes of the article `articleId`
 * are marked read (its screen does so once the notes are shown); without it, all of them ('Mark all read').
 */
export interface MentionsReadInput {
  articleId?: number;
}

/**
 * The characters of a username (the newsroom's sign-in names, and the addresses an outside provider
 * gives: letters, digits, dot, underscore, hyphen, plus and @).
 */
const USERNAME_CHAR = /[\p{L}\p{N}._@+-]/u;

/** A possible mention in a text: '@' and what follows it, at `start` (the '@') to `end`. */
export interface MentionToken {
  start: number;
  end: number;
  /** What follows the '@', lower case (compared with usernames in lower case). */
  username: string;
}

/**
 * The possible mentions of a text, in order: an '@' at the start or after a character that cannot be part
 * of a username (so 'sam@example.com' is an address, not a mention), followed by username characters; a
 * final dot or hyphen is punctuation ('ask @sam.'). Which of them are colleagues is the server's to say.
 */
export function mentionTokens(text: string): MentionToken[] {
  const found: MentionToken[] = [];
  const chars = Array.from(text);
  let offset = 0;
  for (let i = 0; i < chars.length; offset += chars[i]!.length, i++) {
    if (chars[i] !== '@' || (i > 0 && USERNAME_CHAR.test(chars[i - 1]!))) continue;
    let j = i + 1;
    let end = offset + 1;
    while (j < chars.length && USERNAME_CHAR.test(chars[j]!)) end += chars[j++]!.length;
    let name = text.slice(offset + 1, end);
    while (/[.-]$/.test(name)) name = name.slice(0, -1);
    if (name) found.push({ start: offset, end: offset + 1 + name.length, username: name.toLowerCase() });
  }
  return found;
}

/**
 * POST …/notes: the text, plain (trimmed; line breaks kept); with `replyTo`, a reply to that note of the
 * article (a reply to a reply joins the same thread; a resolved note is reopened before it is answered).
 */
export interface NoteInput {
  text: string;
  replyTo?: number;
}

/** The audit trail's rows for notes: added, edited, deleted, resolved, reopened (the note's text is not copied there). */
export const NOTE_AUDIT_ACTIONS = ['note-add', 'note-edit', 'note-delete', 'note-resolve', 'note-reopen'] as const;
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
