import { statusLabel } from '../lib/article-status.ts';

export function StatusBadge({ publishedAt }: { publishedAt: string | null }) {
  const label = statusLabel(publishedAt);
  return (
    <span className={`admin-badge ${label === 'Published' ? 'admin-badge--published' : 'admin-badge--draft'}`}>
      {label}
    </span>
  );
}
