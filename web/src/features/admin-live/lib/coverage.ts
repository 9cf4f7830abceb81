import type { CoverageState, LiveArticle } from '../types.ts';

export function coverageState(article: Pick<LiveArticle, 'liveStartedAt' | 'liveEndedAt'>): CoverageState {
  if (!article.liveStartedAt) return 'off';
  return article.liveEndedAt ? 'ended' : 'live';
}

/** Readers see the article (and its live blog) only once it is published. */
export function isPublic(article: Pick<LiveArticle, 'publishedAt' | 'deletedAt'>): boolean {
  const t = article.publishedAt ? Date.parse(article.publishedAt) : NaN;
  return Number.isFinite(t) && t > 0 && !article.deletedAt;
}

const timeFormat = new Intl.DateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit' });
const dateTimeFormat = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});

/** "14:05" today, "27 Nov 2026, 14:05" another day (the editor's time zone). */
export function formatEntryTime(iso: string, now: Date = new Date()): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  return d.toDateString() === now.toDateString() ? timeFormat.format(d) : dateTimeFormat.format(d);
}

export function formatSince(iso: string): string {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? iso : dateTimeFormat.format(d);
}
