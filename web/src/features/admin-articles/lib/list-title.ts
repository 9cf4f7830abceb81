import type { StatusFilter } from '../types.ts';

const PREFIX: Record<StatusFilter, string> = {
  all: 'All',
  published: 'Published',
  unpublished: 'Draft',
  scheduled: 'Scheduled',
  trash: 'Deleted',
};

/**
 * 'Articles (total)' prefixed with All/Published/Draft and suffixed with the
 * category name when filtered: 'All Articles (42)', 'Draft Articles (3) - Politics'.
 */
export function buildListTitle({
  status,
  categoryName,
  total,
}: {
  status: StatusFilter;
  categoryName?: string | null;
  total: number;
}): string {
  const base = `${PREFIX[status] ?? PREFIX.all} Articles (${total})`;
  return categoryName ? `${base} - ${categoryName}` : base;
}
