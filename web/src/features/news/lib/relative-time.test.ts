import { describe, expect, it } from 'vitest';
import { formatRelativeTime } from './relative-time';

const now = new Date('2024-06-15T12:00:00.000Z');
const ago = (seconds: number) => new Date(now.getTime() - seconds * 1000).toISOString();

describe('formatRelativeTime', () => {
  it("uses the '2 hours ago' format", () => {
    expect(formatRelativeTime(ago(2 * 3600), now)).toBe('2 hours ago');
    expect(formatRelativeTime(ago(2 * 3600 + 59 * 60), now)).toBe('2 hours ago');
  });

  it('says just now under a minute, in either direction', () => {
    expect(formatRelativeTime(ago(0), now)).toBe('just now');
    expect(formatRelativeTime(ago(59), now)).toBe('just now');
    expect(formatRelativeTime(ago(-30), now)).toBe('just now');
  });

  it('picks the largest whole unit', () => {
    expect(formatRelativeTime(ago(60), now)).toBe('1 minute ago');
    expect(formatRelativeTime(ago(45 * 60), now)).toBe('45 minutes ago');
    expect(formatRelativeTime(ago(3600), now)).toBe('1 hour ago');
    expect(formatRelativeTime(ago(24 * 3600), now)).toBe('1 day ago');
    expect(formatRelativeTime(ago(3 * 24 * 3600), now)).toBe('3 days ago');
    expect(formatRelativeTime(ago(14 * 24 * 3600), now)).toBe('2 weeks ago');
    expect(formatRelativeTime(ago(65 * 24 * 3600), now)).toBe('2 months ago');
    expect(formatRelativeTime(ago(800 * 24 * 3600), now)).toBe('2 years ago');
  });

  it('handles the future and bad input', () => {
    expect(formatRelativeTime(ago(-2 * 3600), now)).toBe('in 2 hours');
    expect(formatRelativeTime('not a date', now)).toBe('');
    expect(formatRelativeTime(null, now)).toBe('');
    expect(formatRelativeTime('', now)).toBe('');
  });

  it("writes the same words as Intl.RelativeTimeFormat('en') for every unit, past and future", () => {
    const intl = new Intl.RelativeTimeFormat('en', { numeric: 'always' });
    const units: Array<[Intl.RelativeTimeFormatUnit, number]> = [
      ['minute', 60],
      ['hour', 3600],
      ['day', 24 * 3600],
      ['week', 7 * 24 * 3600],
      ['month', 30 * 24 * 3600],
      ['year', 365 * 24 * 3600],
    ];
    let checked = 0;
    units.forEach(([unit, size], i) => {
      const nextSize = units[i + 1]?.[1] ?? Infinity;
      // n whole units, short of the next larger unit (so `unit` is the largest that fits).
      for (const n of [1, 2, 5, 11, 21, 1000, 12345].filter((k) => k * size < nextSize)) {
        expect(formatRelativeTime(ago(n * size), now)).toBe(intl.format(-n, unit));
        expect(formatRelativeTime(ago(-n * size), now)).toBe(intl.format(n, unit));
        checked++;
      }
    });
    expect(checked).toBeGreaterThan(20);
  });
});
