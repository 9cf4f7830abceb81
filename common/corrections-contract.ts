/**
 * Corrections (decision 046): a published article's notes of what an earlier version got wrong, shown
 * to readers at the foot of the story ('Correction, {date}: {text}', newest first).
 *
 *     GET    /api/admin/articles/{id}/corrections                 CorrectionList, newest first
 *     POST   /api/admin/articles/{id}/corrections                 CorrectionInput: 201 Correction
 *     PUT    /api/admin/articles/{id}/corrections/{correctionId}  CorrectionInput: Correction (its date kept)
 *     DELETE /api/admin/articles/{id}/corrections/{correctionId}  204
 *
 * The public article (GET /News/slug/{slug}) carries them as `corrections: PublicCorrection[]`.
 */

/** A correction's text, counted after CorrectionText's clean-up: at least and at most this many characters. */
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

/** The audit trail's rows for corrections: one added, its wording fixed, one removed. */
export const CORRECTION_AUDIT_ACTIONS = ['correction-add', 'correction-edit', 'correction-remove'] as const;
export type CorrectionAuditAction = (typeof CORRECTION_AUDIT_ACTIONS)[number];

/** The text as it is stored: white-space runs (line breaks too) become one space, trimmed. */
export function cleanCorrectionText(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

/** Why a (cleaned) text cannot be a correction, or undefined when it can. */
export function correctionTextProblem(text: string): string | undefined {
  const length = [...text].length;
  if (length < CORRECTION_MIN_LENGTH) {
    return `must be at least ${CORRECTION_MIN_LENGTH} characters (it has ${length})`;
  }
  if (length > CORRECTION_MAX_LENGTH) {
    return `must be at most ${CORRECTION_MAX_LENGTH.toLocaleString('en-GB')} characters (it has ${length.toLocaleString('en-GB')})`;
  }
  return undefined;
}
