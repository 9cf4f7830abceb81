import { describe, expect, it } from 'vitest';
import { joinByline, listingApiPath, splitByline } from './byline.ts';

describe('bylines', () => {
  it('joins names as readers read them', () => {
    expect(joinByline([])).toBe('');
    expect(joinByline(['Jane Doe'])).toBe('Jane Doe');
    expect(joinByline(['Jane Doe', 'John Roe'])).toBe('Jane Doe and John Roe');
    expect(joinByline(['A B', 'C D', 'E F'])).toBe('A B, C D and E F');
  });

  it('splits only on clear separators between full names', () => {
    expect(splitByline('Jane Doe and John Roe')).toEqual(['Jane Doe', 'John Roe']);
    expect(splitByline('Jane Doe, John Roe & Ann Poe')).toEqual(['Jane Doe', 'John Roe', 'Ann Poe']);
    expect(splitByline('Jane Doe, John Roe and Ann Poe')).toEqual(['Jane Doe', 'John Roe', 'Ann Poe']);
    expect(splitByline('John Smith, Jr.')).toEqual(['John Smith, Jr.']);
    expect(splitByline('Rock and Roll Desk')).toEqual(['Rock and Roll Desk']);
    expect(splitByline('Staff')).toEqual(['Staff']);
    expect(splitByline('  Jane   Doe ')).toEqual(['Jane Doe']);
    expect(splitByline('')).toEqual([]);
    expect(splitByline('Jane Doe and Jane Doe')).toEqual(['Jane Doe']);
  });
});

describe('the API address of an author or tag page', () => {
  it('names the first page without a query and a later page by its one cursor', () => {
    expect(listingApiPath('author', 'jane-doe')).toBe('/News/author/jane-doe');
    expect(listingApiPath('tag', 'cats', { before: '2026-11-20T08:00:00.000Z_4711' })).toBe(
      '/News/tag/cats?before=2026-11-20T08%3A00%3A00.000Z_4711',
    );
    expect(listingApiPath('tag', 'cats', { after: 'x_1' })).toBe('/News/tag/cats?after=x_1');
  });
});
