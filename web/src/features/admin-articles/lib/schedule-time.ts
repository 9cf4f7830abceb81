/**
 * The schedule picker works in the editor's time zone (an <input type="datetime-local"> value,
 * 'YYYY-MM-DDTHH:mm'); the server stores UTC.
 */
function pad(n: number): string {
  return String(n).padStart(2, '0');
}

/** A UTC instant as the local 'YYYY-MM-DDTHH:mm' of this browser. */
export function toLocalInput(iso: string | Date): string {
  const d = typeof iso === 'string' ? new Date(iso) : iso;
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** A local 'YYYY-MM-DDTHH:mm' (seconds optional) as a UTC ISO 8601 string; undefined if not a date. */
export function localInputToUtc(value: string): string | undefined {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/.exec(value);
  if (!m) return undefined;
  const [y, mo, d, h, mi] = m.slice(1, 6).map(Number) as [number, number, number, number, number];
  const date = new Date(y, mo - 1, d, h, mi, m[6] ? Number(m[6]) : 0);
  if (Number.isNaN(date.getTime()) || date.getMonth() !== mo - 1 || date.getDate() !== d) return undefined;
  return date.toISOString();
}

/** The editor's time zone name, e.g. 'Europe/Berlin'. */
export function localTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'local time';
  } catch {
    return 'local time';
  }
}
