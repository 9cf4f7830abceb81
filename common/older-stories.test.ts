import { describe, expect, it } from 'vitest';
import { archiveHref, archiveNeighbours, archivePosition, articleCursor, olderThanFirstPage } from './older-stories.ts';

const C = '2026-11-20T08:00:00.000Z_4711';

describe('older stories links', () => {
  it('reads an archive position only from a well-formed single cursor', () => {
    expect(archivePosition(new URLSearchParams(`page=3&before=${C}`))).toEqual({ page: 3, before: C });
    expect(archivePosition(new URLSearchParams(`page=4&after=${C}`))).toEqual({ page: 4, after: C });
    expect(archivePosition(new URLSearchParams(`page=x&before=${C}`))).toEqual({ page: 2, before: C });
    expect(archivePosition(new URLSearchParams('page=3'))).toBeUndefined();
    expect(archivePosition(new URLSearchParams(`before=${C}&after=${C}`))).toBeUndefined();
    expect(archivePosition(new URLSearchParams('page=2&before=<script>_1'))).toBeUndefined();
  });

  it('links page 1 to the oldest story of its full list, and neighbours both ways', () => {
    const item = (id: number) => ({ id, publishedAt: `2026-11-${String(30 - id).padStart(2, '0')}T00:00:00.000Z` });
    const list = { breakingNews: [item(1)], allArticles: [item(2), item(3), item(4)] };
    expect(olderThanFirstPage(list, 3)).toBe(articleCursor(item(4)));
    expect(olderThanFirstPage(list, 4)).toBeNull();
    expect(archiveHref('/', { page: 2, before: C })).toBe(`/?page=2&before=${encodeURIComponent(C)}`);
    expect(archiveHref('/uk', undefined)).toBe('/uk');
    expect(archiveNeighbours('/uk', { page: 2, before: C }, { older: 'o_1', newer: 'n_2' })).toEqual({
      next: '/uk?page=3&before=o_1',
      prev: '/uk',
    });
    expect(archiveNeighbours('/uk', { page: 5, before: C }, { older: null, newer: 'n_2' })).toEqual({
      prev: '/uk?page=4&after=n_2',
    });
  });

  it("links an author's or a tag's first page (no position) to page 2 only", () => {
    expect(archiveNeighbours('/tag/cats', undefined, { older: 'o_1', newer: null })).toEqual({
      next: '/tag/cats?page=2&before=o_1',
    });
    expect(archiveNeighbours('/tag/cats', undefined, { older: null, newer: null })).toEqual({});
  });
});
