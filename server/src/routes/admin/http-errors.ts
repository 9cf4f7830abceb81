import { HttpProblem } from '../../plugins/problem.ts';

export const badRequest = (detail: string) => new HttpProblem(400, detail);
export const conflict = (detail: string) => new HttpProblem(409, detail);
export const articleNotFound = (id: number) => new HttpProblem(404, `Article ${id} was not found.`);

/**
 * 404 for a read of an article in the trash (GET): `deleted` lets the screen say 'This article was
 * deleted', and the headline (when given) names it in that screen's Delete for good. A write of it is the
 * 409 of articleInTrash.
 */
export const articleDeleted = (id: number, deletedAt: string, headline?: string) =>
  new HttpProblem(404, `Article ${id} was deleted (it is in the trash).`, {
    extensions: { deleted: true, deletedAt, ...(headline === undefined ? {} : { headline }) },
  });

/**
 * 404 for a read of an article deleted for good (from the Trash, or by the 30-day purge): `purged` lets the
 * screen say who deleted it and when, by the audit trail's 'purge' row, rather than 'not found' (`purgedBy`
 * null: the 30-day purge).
 */
export const articlePurged = (id: number, purge: { at: string; by: string | null; headline: string }) =>
  new HttpProblem(404, `Article ${id} was deleted for good.`, {
    extensions: { purged: true, purgedAt: purge.at, purgedBy: purge.by, headline: purge.headline },
  });

/** 409 for a write of an article in the trash (shared with the live coverage and share routes). */
export { articleInTrash } from '../../plugins/article-in-trash.ts';

/** 409 (stale version field) or 412 (stale If-Match): who saved in between, and when. */
export const versionConflict = (
  status: 409 | 412,
  conflict: { currentVersion: number; changedBy: string | null; changedAt: string },
) =>
  new HttpProblem(
    status,
    `The article was changed by ${conflict.changedBy ?? 'someone else'} at ${conflict.changedAt} (now version ${conflict.currentVersion}); reload it before saving.`,
    { extensions: { ...conflict }, headers: { etag: `"${conflict.currentVersion}"` } },
  );

export const preconditionRequired = () =>
  new HttpProblem(
    428,
    'Send the version you edited: an If-Match header with the article\'s ETag, or a "version" field.',
  );
