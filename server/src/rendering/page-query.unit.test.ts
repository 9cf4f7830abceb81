import { describe, expect, it } from 'vitest';
import { pageQuery } from './page-query.ts';

describe('pageQuery', () => {
  it("keeps a live article page's `before` (its older entries), and nothing else of an article's query", () => {
    expect(pageQuery('/article/goose-live', '/article/goose-live?before=42&utm_source=x')).toBe('?before=42');
    expect(pageQuery('/article/goose-live', '/article/goose-live?utm_source=x')).toBe('');
    expect(pageQuery('/article/goose-live', '/article/goose-live')).toBe('');
  });
  it('keeps the listing and search parameters as before', () => {
    expect(pageQuery('/', '/?page=2&before=abc&x=1')).toBe('?page=2&before=abc');
    expect(pageQuery('/author/ann', '/author/ann?page=3')).toBe('?page=3');
    expect(pageQuery('/tag/cats', '/tag/cats?utm_source=x&after=abc&page=2')).toBe('?page=2&after=abc');
    expect(pageQuery('/about', '/about?before=1')).toBe('');
  });
});
