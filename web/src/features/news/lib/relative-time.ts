const UNITS: Array<[Intl.RelativeTimeFormatUnit, number]> = [
  ['year', 365 * 24 * 3600],
  ['month', 30 * 24 * 3600],
  ['week', 7 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
];

/**
 * A card's relative time in the format of '2 hours ago': 'just now' under a
 * minute (either way, to absorb clock skew), else the largest whole unit ('3 days ago',
 * 'in 2 hours' for the future). An empty or unparseable value gives ''.
 *
 * Spelled out here rather than with `Intl.RelativeTimeFormat('en')` (the same words, tested against
 * it): a page's first Intl formatter initialises the browser's locale data, about 50 ms of a phone's
 * main thread at Lighthouse's 4× CPU slowdown, during hydration of every listing page, which
 * otherwise needs no Intl formatter at all (decision 048).
 */
export function formatRelativeTime(value: string | null | undefined, now: Date = new Date()): string {
  if (!value) return '';
  const time = new Date(value).getTime();
  if (Number.isNaN(time)) return '';
  const seconds = Math.round((time - now.getTime()) / 1000);
  const abs = Math.abs(seconds);
  if (abs < 60) return 'just now';
  for (const [unit, size] of UNITS) {
    if (abs < size) continue;
    const count = Math.trunc(abs / size);
    const phrase = `${grouped(count)} ${unit}${count === 1 ? '' : 's'}`;
    return seconds < 0 ? `${phrase} ago` : `in ${phrase}`;
  }
  return 'just now';
}

/** 1234567 -> '1,234,567', as English number formatting writes it. */
function grouped(n: number): string {
  return String(n).replace(/\B(?=(\d{3})+$)/g, ',');
}
