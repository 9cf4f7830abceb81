import { describe, expect, it } from 'vitest';
import { formatPublishedTime } from './format-published-time';

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
