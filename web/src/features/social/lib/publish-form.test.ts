import { describe, expect, it } from 'vitest';
import { approxDays, daysRemaining, minutesRemaining } from './expiry.ts';
import { autofillFrom, newestArticle, toPublishRequest } from './publish-form.ts';

describe('test publish request', () => {
  it('trims message, persona and link; omits an empty link', () => {
    expect(toPublishRequest({ platform: 'x', message: '  hi  ', persona: ' P ', link: '   ' })).toEqual({
      ok: true,
      request: { platform: 'x', message: 'hi', persona: 'P' },
    });
    expect(toPublishRequest({ platform: 'facebook', message: 'hi', persona: 'P', link: ' https://a.b/c ' })).toEqual({
      ok: true,
      request: { platform: 'facebook', message: 'hi', persona: 'P', link: 'https://a.b/c' },
    });
  });
  it("blank message: 'Enter a message'", () => {
    expect(toPublishRequest({ platform: 'x', message: ' \n ', persona: 'P', link: '' })).toEqual({
      ok: false,
      error: 'Enter a message',
    });
  });
});

describe('autofill', () => {
  const a = { headline: 'Old', summary: 'old', slug: 'old', publishedAt: '2026-01-01T00:00:00Z' };
  const b = {
    headline: 'Minister Flees',
    summary: '\nFirst line here.\nSecond line.',
    slug: 'minister-flees',
    publishedAt: '2026-02-01T00:00:00Z',
  };
  it('picks the newest published article from both lists', () => {
    expect(newestArticle({ breakingNews: [a], allArticles: [b] })).toBe(b);
    expect(newestArticle({ breakingNews: [], allArticles: [] })).toBeNull();
  });
  it('headline, a line of the summary, and the public URL', () => {
    expect(autofillFrom(b, 'https://site.example')).toEqual({
      message: 'Minister Flees\nFirst line here.',
      link: 'https://site.example/article/minister-flees',
    });
  });
});

describe('expiry', () => {
  const now = Date.parse('2026-01-01T00:00:00Z');
  it('minutes and days remaining', () => {
    expect(minutesRemaining('2026-01-01T01:59:59Z', now)).toBe(119);
    expect(minutesRemaining('2025-12-31T00:00:00Z', now)).toBe(0);
    expect(minutesRemaining(null, now)).toBeNull();
    expect(daysRemaining('2026-03-01T12:00:00Z', now)).toBe(59);
    expect(approxDays(5_183_944)).toBe(60);
  });
});
