import { describe, expect, it } from 'vitest';
import { canChangeCategory } from './category-change.ts';
import { isPublished, statusLabel } from './article-status.ts';
import { commentExcerpt } from './comment-excerpt.ts';
import { buildListTitle } from './list-title.ts';
import { parseListQuery, toApiSearch, totalText, withFilter } from './list-query.ts';
import { reloadTarget } from './reload-rule.ts';
import { formatAdminDate } from './format-date.ts';

describe('buildListTitle', () => {
  it('prefixes All/Published/Draft and shows the total', () => {
    expect(buildListTitle({ status: 'all', total: 42 })).toBe('All Articles (42)');
    expect(buildListTitle({ status: 'published', total: 10 })).toBe('Published Articles (10)');
    expect(buildListTitle({ status: 'unpublished', total: 0 })).toBe('Draft Articles (0)');
  });
  it('adds the category name when filtered', () => {
    expect(buildListTitle({ status: 'published', categoryName: 'Politics', total: 10 })).toBe(
      'Published Articles (10) - Politics',
    );
    expect(buildListTitle({ status: 'all', categoryName: null, total: 3 })).toBe('All Articles (3)');
  });
});

describe('commentExcerpt', () => {
  it('keeps comments of up to 100 characters', () => {
    expect(commentExcerpt('Short.')).toBe('Short.');
    expect(commentExcerpt('x'.repeat(100))).toBe('x'.repeat(100));
    expect(commentExcerpt(null)).toBe('');
  });
  it('cuts longer comments to 100 characters plus an ellipsis', () => {
    const long = 'a'.repeat(99) + 'bcdef';
    expect(commentExcerpt(long)).toBe('a'.repeat(99) + 'b...');
    expect(Array.from(commentExcerpt('é'.repeat(150)))).toHaveLength(103);
  });
});

describe('isPublished', () => {
  it('is true only for a real date after the epoch', () => {
    expect(isPublished('2024-03-01T10:00:00.000Z')).toBe(true);
    expect(isPublished(null)).toBe(false);
    expect(isPublished('')).toBe(false);
    expect(isPublished('1970-01-01T00:00:00.000Z')).toBe(false);
    expect(isPublished('0001-01-01T00:00:00Z')).toBe(false);
    expect(isPublished('not a date')).toBe(false);
    expect(statusLabel('2024-03-01T10:00:00Z')).toBe('Published');
    expect(statusLabel(undefined)).toBe('Draft');
  });
});

describe('reloadTarget', () => {
  it('reloads the detail if open, else the list, else the dashboard', () => {
    expect(reloadTarget({ detailOpen: true, listOpen: true })).toBe('detail');
    expect(reloadTarget({ detailOpen: true, listOpen: false })).toBe('detail');
    expect(reloadTarget({ detailOpen: false, listOpen: true })).toBe('list');
    expect(reloadTarget({ detailOpen: false, listOpen: false })).toBe('dashboard');
  });
});

describe('list query', () => {
  it('defaults to page 1, 20 per page, all statuses', () => {
    expect(parseListQuery(new URLSearchParams(''))).toEqual({ page: 1, pageSize: 20, status: 'all' });
  });
  it('reads valid values and ignores invalid ones', () => {
    expect(parseListQuery(new URLSearchParams('page=3&pageSize=-1&status=unpublished&categoryId=2'))).toEqual({
      page: 3,
      pageSize: -1,
      status: 'unpublished',
      categoryId: 2,
    });
    expect(parseListQuery(new URLSearchParams('page=0&pageSize=7&status=x&categoryId=-4'))).toEqual({
      page: 1,
      pageSize: 20,
      status: 'all',
    });
    expect(parseListQuery(new URLSearchParams('page=2.5&categoryId=abc'))).toEqual({
      page: 1,
      pageSize: 20,
      status: 'all',
    });
    expect(parseListQuery(new URLSearchParams('authorId=4&tagId=9'))).toMatchObject({ authorId: 4, tagId: 9 });
    expect(parseListQuery(new URLSearchParams('authorId=0&tagId=x'))).toEqual({ page: 1, pageSize: 20, status: 'all' });
  });
  it('sends an author and a tag to the API, and a filter change keeps them unless it clears them', () => {
    const q = { page: 3, pageSize: 20, status: 'all' as const, authorId: 4, tagId: 9 };
    expect(toApiSearch(q)).toBe('page=3&pageSize=20&authorId=4&tagId=9');
    expect(withFilter(q, { status: 'published' })).toMatchObject({ page: 1, authorId: 4, tagId: 9 });
    expect(withFilter(q, { tagId: undefined })).toEqual({ page: 1, pageSize: 20, status: 'all', authorId: 4 });
  });
  it("reads 'notes=open' as open notes only, never with the Trash; sends it, and a change to the Trash drops it", () => {
    expect(parseListQuery(new URLSearchParams('notes=open'))).toEqual({
      page: 1,
      pageSize: 20,
      status: 'all',
      openNotes: true,
    });
    for (const raw of ['notes=all', 'notes=', 'notes=OPEN', 'notes=open&status=trash']) {
      expect(parseListQuery(new URLSearchParams(raw)).openNotes, raw).toBeUndefined();
    }
    const q = { page: 2, pageSize: 20, status: 'published' as const, openNotes: true };
    expect(toApiSearch(q)).toBe('page=2&pageSize=20&status=published&notes=open');
    expect(withFilter(q, { categoryId: 3 })).toEqual({ ...q, page: 1, categoryId: 3 });
    expect(withFilter(q, { status: 'trash' })).toEqual({ page: 1, pageSize: 20, status: 'trash' });
    expect(withFilter(q, { openNotes: false })).toEqual({ page: 1, pageSize: 20, status: 'published' });
  });
  it('omits status when all and categoryId unless above 0 in the API call', () => {
    expect(toApiSearch({ page: 1, pageSize: 20, status: 'all' })).toBe('page=1&pageSize=20');
    expect(toApiSearch({ page: 2, pageSize: 50, status: 'published', categoryId: 3 })).toBe(
      'page=2&pageSize=50&status=published&categoryId=3',
    );
  });
  it('goes back to page 1 when a filter or the page size changes', () => {
    const q = { page: 4, pageSize: 20, status: 'all' as const, categoryId: 2 };
    expect(withFilter(q, { status: 'published' })).toEqual({
      page: 1,
      pageSize: 20,
      status: 'published',
      categoryId: 2,
    });
    expect(withFilter(q, { pageSize: 100 })).toEqual({ page: 1, pageSize: 100, status: 'all', categoryId: 2 });
    expect(withFilter(q, { categoryId: undefined })).toEqual({ page: 1, pageSize: 20, status: 'all' });
  });
  it('says article or articles', () => {
    expect(totalText(1)).toBe('1 article total');
    expect(totalText(5)).toBe('5 articles total');
    expect(totalText(0)).toBe('0 articles total');
  });
});

describe('formatAdminDate', () => {
  it('formats a date and passes an unparseable value through', () => {
    expect(formatAdminDate('2024-03-12T14:05:00Z')).toMatch(/12 Mar 2024/);
    expect(formatAdminDate('soon')).toBe('soon');
    expect(formatAdminDate(null)).toBe('');
  });
});

describe('canChangeCategory', () => {
  it('allows a change only to a chosen, different category', () => {
    expect(canChangeCategory(undefined, 1)).toBe(false);
    expect(canChangeCategory(0, 1)).toBe(false);
    expect(canChangeCategory(1, 1)).toBe(false);
    expect(canChangeCategory(3, 1)).toBe(true);
  });
});
