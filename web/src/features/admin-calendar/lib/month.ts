/**
 * The Calendar's dates, in the editor's time zone (this browser's): a month is 'YYYY-MM' in the
 * URL; its grid runs from the Monday on or before the 1st to the Sunday on or after its last day.
 */
export interface Month {
  year: number;
  /** 1 to 12. */
  month: number;
}

export const MONTH_NAMES = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;
/** Monday first. */
export const WEEKDAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'] as const;
export const WEEKDAY_NAMES = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'] as const;

const pad = (n: number) => String(n).padStart(2, '0');

/** The month of `now` in this time zone. */
export function monthOf(now: Date): Month {
  return { year: now.getFullYear(), month: now.getMonth() + 1 };
}

/** `?month=` as a month; anything else (missing, malformed, out of range) is the current month. */
export function parseMonth(text: string | null, now: Date): Month {
  const m = /^(\d{4})-(\d{2})$/.exec(text ?? '');
  const year = Number(m?.[1]);
  const month = Number(m?.[2]);
  if (!m || year < 1000 || month < 1 || month > 12) return monthOf(now);
  return { year, month };
}

/** 'YYYY-MM', as in the URL. */
export const monthParam = ({ year, month }: Month) => `${year}-${pad(month)}`;

/** 'December 2026'. */
export const monthTitle = ({ year, month }: Month) => `${MONTH_NAMES[month - 1]} ${year}`;

/** The month `delta` months from `m`. */
export function addMonths(m: Month, delta: number): Month {
  const d = new Date(m.year, m.month - 1 + delta, 1);
  return { year: d.getFullYear(), month: d.getMonth() + 1 };
}

/** A local day as 'YYYY-MM-DD' (the key stories are grouped by). */
export const dayKey = (d: Date) => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;

/** A time as the local 24-hour 'HH:mm'. */
export const timeOf = (d: Date) => `${pad(d.getHours())}:${pad(d.getMinutes())}`;

/** 'Tue 1 Dec'. */
export const shortDay = (d: Date) =>
  `${WEEKDAYS[(d.getDay() + 6) % 7]} ${d.getDate()} ${MONTH_NAMES[d.getMonth()]!.slice(0, 3)}`;

/** 'Tuesday 1 December 2026'. */
export const longDay = (d: Date) =>
  `${WEEKDAY_NAMES[(d.getDay() + 6) % 7]} ${d.getDate()} ${MONTH_NAMES[d.getMonth()]} ${d.getFullYear()}`;

/**
 * The grid of `m`: its weeks (Monday to Sunday, local midnights) and the range they cover as UTC
 * instants (`to` excluded), which the browser asks the server for.
 */
export function monthGrid(m: Month): { weeks: Date[][]; from: string; to: string } {
  const first = new Date(m.year, m.month - 1, 1);
  const lastDay = new Date(m.year, m.month, 0).getDate();
  const lead = (first.getDay() + 6) % 7;
  const count = Math.ceil((lead + lastDay) / 7) * 7;
  const days = Array.from({ length: count }, (_, i) => new Date(m.year, m.month - 1, 1 - lead + i));
  const weeks = Array.from({ length: count / 7 }, (_, w) => days.slice(w * 7, w * 7 + 7));
  const end = new Date(m.year, m.month - 1, 1 - lead + count);
  return { weeks, from: days[0]!.toISOString(), to: end.toISOString() };
}

/** A day as the value of an `<input type="date">` ('YYYY-MM-DD'): the same as its key. */
export const dateInput = dayKey;

/**
 * `at` moved to `day` at the same local time of day (what a story dropped on another day keeps). A time
 * the clocks skip on that day (02:30 when they go forward) comes out as the browser makes it, an hour later.
 */
export function atDay(at: Date, day: Date): Date {
  return new Date(day.getFullYear(), day.getMonth(), day.getDate(), at.getHours(), at.getMinutes(), at.getSeconds());
}

/** The local instant of a date field ('YYYY-MM-DD') and a time field ('HH:mm'); undefined if either is not one. */
export function fromInputs(date: string, time: string): Date | undefined {
  const d = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  const t = /^(\d{2}):(\d{2})(?::(\d{2}))?$/.exec(time);
  if (!d || !t) return undefined;
  const [year, month, day] = [Number(d[1]), Number(d[2]), Number(d[3])];
  const [hours, minutes] = [Number(t[1]), Number(t[2])];
  if (hours > 23 || minutes > 59) return undefined;
  const at = new Date(year, month - 1, day, hours, minutes);
  if (Number.isNaN(at.getTime()) || at.getMonth() !== month - 1 || at.getDate() !== day) return undefined;
  return at;
}

/** 'Thu 3 Dec, 09:00' ('Thu 3 Dec 2027, 09:00' outside the year of `now`). */
export function whenLabel(at: Date, now: Date): string {
  const year = at.getFullYear() === now.getFullYear() ? '' : ` ${at.getFullYear()}`;
  return `${shortDay(at)}${year}, ${timeOf(at)}`;
}

/** The editor's time zone by name ('Europe/Berlin'), as the schedule picker names it. */
export function localTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'local time';
  } catch {
    return 'local time';
  }
}
