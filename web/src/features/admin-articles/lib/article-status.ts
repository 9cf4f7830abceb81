/** An article is published when publishedAt is a real date after the epoch. */
export function isPublished(publishedAt: string | null | undefined): boolean {
  if (!publishedAt) return false;
  const t = Date.parse(publishedAt);
  return Number.isFinite(t) && t > 0;
}

export function statusLabel(publishedAt: string | null | undefined): 'Published' | 'Draft' {
  return isPublished(publishedAt) ? 'Published' : 'Draft';
}
