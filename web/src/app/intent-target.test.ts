import { describe, expect, it } from 'vitest';
import { articleSlugOf, intentTargetOf } from './intent-target';

const url = (p: string) => new URL(p, 'https://site.example');
const CURSOR = '2026-11-20T08:00:00.000Z_4711';

describe('articleSlugOf', () => {
  it('reads the slug of an article link as the route does, and nothing else', () => {
    expect(articleSlugOf(url('/article/caf%C3%A9-pigeon'))).toBe('café-pigeon');
    expect(articleSlugOf(url('/article/plain/?before=3'))).toBe('plain');
    expect(articleSlugOf(url('/article/a/b'))).toBeNull();
    expect(articleSlugOf(url('/article/%E0'))).toBeNull();
    expect(articleSlugOf(url('/politics'))).toBeNull();
    expect(articleSlugOf(url('/admin/articles/3'))).toBeNull();
  });
});

describe('intentTargetOf', () => {
  it('names the home page and a section’s first page (a page number without a cursor is the first page)', () => {
    expect(intentTargetOf(url('/'))).toEqual({ kind: 'home' });
    expect(intentTargetOf(url('/?page=2'))).toEqual({ kind: 'home' });
    expect(intentTargetOf(url('/politics'))).toEqual({ kind: 'section', name: 'Politics' });
    expect(intentTargetOf(url('/us/'))).toEqual({ kind: 'section', name: 'US' });
    expect(intentTargetOf(url('/politics?page=2'))).toEqual({ kind: 'section', name: 'Politics' });
  });

  it('names the later pages of the home page and of a section by their cursor', () => {
    expect(intentTargetOf(url(`/?page=2&before=${CURSOR}`))).toEqual({ kind: 'archive', cursor: { before: CURSOR } });
    expect(intentTargetOf(url(`/politics?page=3&after=${CURSOR}`))).toEqual({
      kind: 'archive',
      section: 'Politics',
      cursor: { after: CURSOR },
    });
    // A cursor that is not ours is the first page, as the page reads it.
    expect(intentTargetOf(url('/politics?page=2&before=nonsense'))).toEqual({ kind: 'section', name: 'Politics' });
  });

  it('names an article', () => {
    expect(intentTargetOf(url('/article/caf%C3%A9-pigeon'))).toEqual({ kind: 'article', slug: 'café-pigeon' });
  });

  it('names an author’s and a tag’s pages, first and later', () => {
    expect(intentTargetOf(url('/author/jane-doe'))).toEqual({ kind: 'author', slug: 'jane-doe', cursor: {} });
    expect(intentTargetOf(url(`/author/jane-doe?page=2&before=${CURSOR}`))).toEqual({
      kind: 'author',
      slug: 'jane-doe',
      cursor: { before: CURSOR },
    });
    expect(intentTargetOf(url('/tag/caf%C3%A9s/'))).toEqual({ kind: 'tag', slug: 'cafés', cursor: {} });
    expect(intentTargetOf(url(`/tag/pigeons?page=3&after=${CURSOR}`))).toEqual({
      kind: 'tag',
      slug: 'pigeons',
      cursor: { after: CURSOR },
    });
    expect(intentTargetOf(url('/author/%E0'))).toBeNull();
    expect(intentTargetOf(url('/author/a/b'))).toBeNull();
    expect(intentTargetOf(url('/tag/'))).toBeNull();
  });

  it('names a page of search results, its words as the page reads them; an empty search is nothing', () => {
    expect(intentTargetOf(url('/search?q=+mayor+'))).toEqual({ kind: 'search', q: 'mayor' });
    expect(intentTargetOf(url('/search?q=pigeon%20mayor&page=2'))).toEqual({
      kind: 'search',
      q: 'pigeon mayor',
      page: '2',
    });
    expect(intentTargetOf(url('/search'))).toBeNull();
    expect(intentTargetOf(url('/search?q=%20&page=2'))).toBeNull();
  });

  it('names the page of every correction, first and later, as the page reads its address', () => {
    expect(intentTargetOf(url('/corrections'))).toEqual({ kind: 'corrections', cursor: {} });
    expect(intentTargetOf(url('/corrections/'))).toEqual({ kind: 'corrections', cursor: {} });
    expect(intentTargetOf(url(`/corrections?page=2&before=${CURSOR}`))).toEqual({
      kind: 'corrections',
      cursor: { before: CURSOR },
    });
    expect(intentTargetOf(url(`/corrections?page=2&after=${CURSOR}`))).toEqual({
      kind: 'corrections',
      cursor: { after: CURSOR },
    });
    // A page number without a cursor, or a cursor that is not ours, is the first page.
    expect(intentTargetOf(url('/corrections?page=3'))).toEqual({ kind: 'corrections', cursor: {} });
    expect(intentTargetOf(url('/corrections?page=2&before=nonsense'))).toEqual({ kind: 'corrections', cursor: {} });
    expect(intentTargetOf(url('/corrections/old'))).toBeNull();
    expect(intentTargetOf(url('/correctionsx'))).toBeNull();
  });

  it('names nothing else', () => {
    for (const p of [
      '/about',
      '/contact',
      '/privacy',
      '/admin',
      '/admin/articles/3',
      '/nowhere',
      '/feed.xml',
      '/a/b',
    ]) {
      expect(intentTargetOf(url(p)), p).toBeNull();
    }
  });
});
