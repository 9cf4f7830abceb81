import { describe, expect, it } from 'vitest';
import { formatPublishedTime, formatPublishedTimeUtc } from './format-published-time';

// Local-time constructors keep these independent of the machine's time zone.
const now = new Date(2024, 0, 12, 18, 30);

describe('formatPublishedTime', () => {
  it('shows only the time for a date today', () => {
    expect(formatPublishedTime(new Date(2024, 0, 12, 9, 5).toISOString(), now)).toBe('09:05');
    expect(formatPublishedTime(new Date(2024, 0, 12, 0, 0).toISOString(), now)).toBe('00:00');
  });

  it('shows the date plus the time for another day', () => {
    expect(formatPublishedTime(new Date(2024, 0, 11, 23, 59).toISOString(), now)).toBe('11 Jan 2024, 23:59');
    expect(formatPublishedTime(new Date(2023, 11, 25, 14, 0).toISOString(), now)).toBe('25 Dec 2023, 14:00');
    // same day and month, another year, is not today
    expect(formatPublishedTime(new Date(2023, 0, 12, 9, 5).toISOString(), now)).toBe('12 Jan 2023, 09:05');
  });

  it('shows an unparseable value as is, and nothing for no value', () => {
    expect(formatPublishedTime('sometime last Tuesday', now)).toBe('sometime last Tuesday');
    expect(formatPublishedTime('', now)).toBe('');
    expect(formatPublishedTime(null, now)).toBe('');
    expect(formatPublishedTime(undefined, now)).toBe('');
  });
});

describe('formatPublishedTimeUtc (a page rendered before it reaches the reader)', () => {
  it('always shows the date with the time, in UTC and named so', () => {
    expect(formatPublishedTimeUtc('2026-11-23T14:05:00.000Z')).toBe('23 Nov 2026, 14:05 UTC');
    expect(formatPublishedTimeUtc('2023-12-25T00:00:00Z')).toBe('25 Dec 2023, 00:00 UTC');
  });

  it('shows an unparseable value as is, and nothing for no value', () => {
    expect(formatPublishedTimeUtc('sometime last Tuesday')).toBe('sometime last Tuesday');
    expect(formatPublishedTimeUtc(null)).toBe('');
  });
});
