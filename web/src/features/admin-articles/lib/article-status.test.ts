import { describe, expect, it } from 'vitest';
import { adminArticle } from '@/testing/admin-article';
import { savesItself } from './article-status.ts';

describe('savesItself', () => {
  it('is true for a draft only: not published, scheduled or in the Trash', () => {
    expect(savesItself(adminArticle())).toBe(true);
    expect(savesItself(adminArticle({ publishedAt: '2026-01-05T10:00:00.000Z' }))).toBe(false);
    expect(savesItself(adminArticle({ status: 'scheduled', publishAt: '2026-02-01T08:00:00.000Z' }))).toBe(false);
    expect(savesItself(adminArticle({ deletedAt: '2026-01-05T10:00:00.000Z' }))).toBe(false);
    expect(savesItself(undefined)).toBe(false);
  });
});
