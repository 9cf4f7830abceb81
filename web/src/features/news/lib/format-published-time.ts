const LOCALE = 'en-GB';

function sameLocalDay(a: Date, b: Date): boolean {
  return a.getFullYear() === b.getFullYear() && a.getMonth() === b.getMonth() && a.getDate() === b.getDate();
}

/**
 * The article page's published time: the time only if the date is today,
 * otherwise the date plus the time; an unparseable value is shown as is ('' for none).
 */
export function formatPublishedTime(value: string | null | undefined, now: Date = new Date()): string {
  if (value === null || value === undefined) return '';
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return value;
  const time = date.toLocaleTimeString(LOCALE, { hour: '2-digit', minute: '2-digit' });
  if (sameLocalDay(date, now)) return time;
  const day = date.toLocaleDateString(LOCALE, { day: 'numeric', month: 'short', year: 'numeric' });
  return `${day}, ${time}`;
}
