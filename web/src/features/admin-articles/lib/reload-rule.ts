export type ReloadTarget = 'detail' | 'list' | 'dashboard';

/**
 * After publish, unpublish or category change the detail reloads if open,
 * else the list reloads, else the dashboard.
 */
export function reloadTarget({ detailOpen, listOpen }: { detailOpen: boolean; listOpen: boolean }): ReloadTarget {
  if (detailOpen) return 'detail';
  if (listOpen) return 'list';
  return 'dashboard';
}
