import type { ArticleRevisionSummary } from '@common/admin-contract';

/** What the edit form neither shows nor sends: the article's publication, schedule and the Trash. */
const OUTSIDE_THE_FORM = new Set(['publishedAt', 'status', 'publishAt', 'deletedAt']);

/**
 * Whether the versions after `from`, up to `to`, changed only what the edit form does not edit (the
 * article moved to the Trash and back, published, unpublished, scheduled): each of those versions has
 * its revision and none names a field of the form. A save based on `from` then overwrites nobody's
 * work. A version missing from the history counts as a change.
 */
export function changedOnlyOutsideTheForm(revisions: readonly ArticleRevisionSummary[], from: number, to: number) {
  if (!(to > from)) return false;
  const between = revisions.filter((r) => r.version > from && r.version <= to);
  return (
    new Set(between.map((r) => r.version)).size === to - from &&
    between.every((r) => r.changedFields.every((f) => OUTSIDE_THE_FORM.has(f)))
  );
}
