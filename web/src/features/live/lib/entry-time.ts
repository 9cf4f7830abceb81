const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * An entry's time as the server renders it (and as a page without script keeps it): '16:05 UTC'
 * on the render day, else '27 Nov, 16:05 UTC'. A value that cannot be read is shown as it is.
 */
export function formatEntryTimeUtc(iso: string, now: Date): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  const time = `${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())} UTC`;
  const sameDay = d.toISOString().slice(0, 10) === now.toISOString().slice(0, 10);
  return sameDay ? time : `${d.getUTCDate()} ${MONTHS[d.getUTCMonth()]}, ${time}`;
}

/** The same in the reader's time zone once the page runs: '16:05', or '27 Nov, 16:05'. */
export function formatEntryTime(iso: string, now: Date): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  const time = `${pad(d.getHours())}:${pad(d.getMinutes())}`;
  const sameDay = d.toDateString() === now.toDateString();
  return sameDay ? time : `${d.getDate()} ${MONTHS[d.getMonth()]}, ${time}`;
}

/** 'Coverage ended' with its time: '27 Nov 2026, 18:00 UTC' (server) or the reader's zone after. */
export function formatEndTime(iso: string, refined: boolean): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  return refined
    ? `${d.getDate()} ${MONTHS[d.getMonth()]} ${d.getFullYear()}, ${pad(d.getHours())}:${pad(d.getMinutes())}`
    : `${d.getUTCDate()} ${MONTHS[d.getUTCMonth()]} ${d.getUTCFullYear()}, ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())} UTC`;
}
