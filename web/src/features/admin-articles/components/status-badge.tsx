import { statusLabel } from '../lib/article-status.ts';
import { formatAdminDate } from '../lib/format-date.ts';
import type { ArticleStatus } from '../types.ts';

const CLASS = { Published: 'admin-badge--published', Draft: 'admin-badge--draft', Scheduled: 'admin-badge--scheduled' };

export function StatusBadge({
  publishedAt,
  status,
  publishAt,
}: {
  publishedAt: string | null;
  status?: ArticleStatus;
  publishAt?: string | null;
}) {
  const label = statusLabel(publishedAt, status);
  return (
    <span className={`admin-badge ${CLASS[label]}`}>
      {label}
      {label === 'Scheduled' && publishAt ? (
        <span className="admin-badge__when"> {formatAdminDate(publishAt)}</span>
      ) : null}
    </span>
  );
}
