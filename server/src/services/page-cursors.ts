import { Type } from '@sinclair/typebox';
import { ARCHIVE_CURSOR } from '../../../common/older-stories.ts';
import { HttpProblem } from '../plugins/problem.ts';
import { formatCursor, parseCursor, type KeysetPage, type StoryCursor } from '../repositories/keyset-page.ts';

/**
 * The cursors of the public keyset pages (GET /News/archive, /News/author/{slug}, /News/tag/{slug}):
 * the same query parameters, the same 400 problems and the same `older`/`newer` answers for each.
 */

const Cursor = (description: string) => Type.String({ pattern: ARCHIVE_CURSOR.source, maxLength: 51, description });

/** `before` and `after` of a query schema. */
export const PageCursorsQuery = {
  before: Type.Optional(Cursor('Articles older than this cursor (`older` of the previous page)')),
  after: Type.Optional(Cursor('Articles newer than this cursor (`newer` of the previous page)')),
};

export interface PageCursors {
  before?: string;
  after?: string;
}

/** The positions a query's cursors name; a 400 problem for both at once or for a malformed one. */
export function readPageCursors({ before, after }: PageCursors): { before?: StoryCursor; after?: StoryCursor } {
  if (before !== undefined && after !== undefined) {
    throw new HttpProblem(400, 'Give either before or after, not both.');
  }
  const read = (value: string | undefined, name: string): StoryCursor | undefined => {
    if (value === undefined) return undefined;
    const parsed = parseCursor(value);
    if (!parsed) throw new HttpProblem(400, `The ${name} cursor is malformed; use a cursor from a page.`);
    return parsed;
  };
  return { before: read(before, 'before'), after: read(after, 'after') };
}

/** A cache key part for the cursors of a query. */
export const pageCursorsKey = ({ before, after }: PageCursors) => `${before ?? ''}:${after ?? ''}`;

/** The `older` and `newer` of an answer. */
export function pageNeighbours(page: KeysetPage<unknown>): { older: string | null; newer: string | null } {
  return {
    older: page.older ? formatCursor(page.older) : null,
    newer: page.newer ? formatCursor(page.newer) : null,
  };
}
