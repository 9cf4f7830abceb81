/**
 * Corrections (decision 046): a published article's notes of what an earlier version got wrong, shown
 * to readers at the foot of the story ('Correction, {date}: {text}', newest first).
 *
 *     GET    /api/admin/articles/{id}/corrections                 CorrectionList, newest first
 *     POST   /api/admin/articles/{id}/corrections                 CorrectionInput: 201 Correction
 *     PUT    /api/admin/articles/{id}/corrections/{correctionId}  CorrectionInput: Correction (its date kept)
 *     DELETE /api/admin/articles/{id}/corrections/{correctionId}  204
 *
 * The public article (GET /News/slug/{slug}) carries them as `corrections: PublicCorrection[]`, and
 * every correction of the published stories is listed, newest first, by GET /News/corrections
 * (CorrectionsPage, paged by cursor as the author and tag pages are) for the page /corrections.
 */

import { characterCount } from './text-length.ts';

/**
 * A correction's text, counted after CorrectionText's clean-up: at least and at most this many characters
 * (user-perceived characters: common/text-length.ts).
 */
export const CORRECTION_MIN_LENGTH = 10;
export const CORRECTION_MAX_LENGTH = 1000;

/** A correction as the newsroom sees it. */
export interface Correction {
  id: number;
  text: string;
  /** When it was added (server time, ISO-8601 UTC): the date readers see, kept when its wording is fixed. */
  createdAt: string;
  /** The display name of the editor who added it. */
  createdBy: string;
  /** The last fix of its wording, and by whom (null: never edited). */
  updatedAt: string | null;
  updatedBy: string | null;
}

/** GET …/corrections: the article's corrections, newest first. */
export interface CorrectionList {
  corrections: Correction[];
}

/** POST and PUT …/corrections: the text, plain (stored on one line, trimmed). */
export interface CorrectionInput {
  text: string;
}

/** A correction as readers get it with the article: its text and the date it was added. */
export interface PublicCorrection {
  text: string;
  publishedAt: string;
}

/** The public page listing every correction of the published stories. */
export const CORRECTIONS_PATH = '/corrections';
/** Corrections on one page of /corrections. */
export const CORRECTIONS_PAGE_SIZE = 20;

/** A correction on /corrections: its text, the day it was added, and the story it corrects. */
export interface ListedCorrection extends PublicCorrection {
  headline: string;
  slug: string;
}

/**
 * GET /News/corrections?before=|after=: a page of the published stories' corrections, newest first,
 * with the cursors (`<publishedAt>_<id>` of a correction) of the pages on either side.
 */
export interface CorrectionsPage {
  corrections: ListedCorrection[];
  older: string | null;
  newer: string | null;
}

/** The API answer a page of /corrections shows, with the page's cursor (none: the first page). */
export function correctionsApiPath(cursor: { before?: string; after?: string } = {}): string {
  const params = new URLSearchParams();
  if (cursor.before !== undefined) params.set('before', cursor.before);
  else if (cursor.after !== undefined) params.set('after', cursor.after);
  return `/News/corrections${params.size ? `?${params.toString()}` : ''}`;
}

/** The audit trail's rows for corrections: one added, its wording fixed, one removed. */
export const CORRECTION_AUDIT_ACTIONS = ['correction-add', 'correction-edit', 'correction-remove'] as const;
export type CorrectionAuditAction = (typeof CORRECTION_AUDIT_ACTIONS)[number];

/** The text as it is stored: white-space runs (line breaks too) become one space, trimmed. */
export function cleanCorrectionText(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

/** Why a (cleaned) text cannot be a correction, or undefined when it can. */
export function correctionTextProblem(text: string): string | undefined {
  const length = characterCount(text);
  if (length < CORRECTION_MIN_LENGTH) {
    return `must be at least ${CORRECTION_MIN_LENGTH} characters (it has ${length})`;
  }
  if (length > CORRECTION_MAX_LENGTH) {
    return `must be at most ${CORRECTION_MAX_LENGTH.toLocaleString('en-GB')} characters (it has ${length.toLocaleString('en-GB')})`;
  }
  return undefined;
}
