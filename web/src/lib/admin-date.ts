const formatter = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});

/**
 * '12 Mar 2024, 14:05' in the editor's time zone, as the newsroom words a time (All Articles' rows, the
 * Dashboard's, the article's screen, the calendar's drafts); an unparseable value is shown as is.
 */
export function formatAdminDate(value: string | null | undefined): string {
  if (!value) return '';
  const t = Date.parse(value);
  return Number.isFinite(t) ? formatter.format(t) : value;
}
