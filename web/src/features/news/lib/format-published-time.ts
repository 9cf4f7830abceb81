const LOCALE = 'en-GB';

function sameDay(a: Date, b: Date, timeZone?: string): boolean {
  const day = (d: Date) => d.toLocaleDateString(LOCALE, { timeZone });
  return day(a) === day(b);
}

/**
 * The article page's published time: the time only if the date is today,
 * otherwise the date plus the time; an unparseable value is shown as is ('' for none).
 * `timeZone` defaults to the reader's own; a server-rendered page uses UTC until it is hydrated.
 */
export function formatPublishedTime(
  value: string | null | undefined,
  now: Date = new Date(),
  timeZone?: string,
): string {
  if (value === null || value === undefined) return '';
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return value;
  const time = date.toLocaleTimeString(LOCALE, { hour: '2-digit', minute: '2-digit', timeZone });
  if (sameDay(date, now, timeZone)) return time;
  const day = date.toLocaleDateString(LOCALE, { day: 'numeric', month: 'short', year: 'numeric', timeZone });
  return `${day}, ${time}`;
}

/**
 * The published time of a page rendered before it reaches the reader (on the server, or read
 * without script): the full date and time in UTC, named as such ('23 Nov 2026, 14:05 UTC'),
 * since whether it is "today" depends on the reader's clock and time zone. Hydration refines it
 * to formatPublishedTime. An unparseable value is shown as is ('' for none).
 */
export function formatPublishedTimeUtc(value: string | null | undefined): string {
  if (value === null || value === undefined) return '';
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return value;
  const time = date.toLocaleTimeString(LOCALE, { hour: '2-digit', minute: '2-digit', timeZone: 'UTC' });
  const day = date.toLocaleDateString(LOCALE, { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });
  return `${day}, ${time} UTC`;
}
