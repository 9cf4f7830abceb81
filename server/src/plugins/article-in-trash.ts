import { HttpProblem } from './problem.ts';

/**
 * 409 for any write of an article in the trash (an edit or autosave, publish, unpublish, schedule, a
 * category change, a version brought back, its live coverage, a retry of its posts): it exists, its
 * state refuses the change, and restored it can be changed again. `deleted` and `deletedAt` let a
 * screen say so (the edit form leads to 'This article was deleted'). A read of it answers 404 with
 * `deleted` instead (routes/admin/http-errors.ts, articleDeleted); 404 alone is an unknown id.
 */
export const articleInTrash = (deletedAt: string) =>
  new HttpProblem(409, 'The article is in the trash: restore it first.', {
    extensions: { deleted: true, deletedAt },
  });
