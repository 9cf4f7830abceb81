import { describe, expect, it } from 'vitest';
import type { AdminArticle } from '../../../common/admin-contract.ts';
import { slugsOnChange, slugsOnImageChange, slugsOnPublish } from './which-changes-notify.ts';

const published = {
  slug: 'mayor-loses-pigeon',
  headline: 'Mayor loses pigeon',
  summary: 'A summary.',
  content: 'Body.',
  body: { type: 'doc', content: [] },
  publishedAt: '2026-11-01T10:00:00.000Z',
  deletedAt: null,
  metaTitle: '',
  metaDescription: '',
  tags: [],
  ratingOutOfTen: 5,
  comments: 'Desk note.',
} as unknown as AdminArticle;

const change = (fields: Partial<AdminArticle>) => slugsOnChange(published, { ...published, ...fields });

describe('which article changes search engines hear of', () => {
  it('a publish: the URL of a public article only', () => {
    expect(slugsOnPublish({ slug: 's', published_at: '2026-11-01T10:00:00.000Z', deleted_at: null })).toEqual(['s']);
    expect(slugsOnPublish({ slug: 's', published_at: null, deleted_at: null })).toEqual([]);
  });

  it('a picture change: the URLs of the changed articles that are public, none of the others', () => {
    const at = '2026-11-01T10:00:00.000Z';
    expect(
      slugsOnImageChange([
        { slug: 'public', published_at: at, deleted_at: null },
        { slug: 'draft', published_at: null, deleted_at: null },
        { slug: 'trashed', published_at: null, deleted_at: at },
        { slug: 'also-public', published_at: at, deleted_at: null },
      ]),
    ).toEqual(['public', 'also-public']);
    expect(slugsOnImageChange([])).toEqual([]);
  });

  it('coming off the site or onto it (unpublish, Trash, restore): the URL', () => {
    expect(change({ publishedAt: null })).toEqual(['mayor-loses-pigeon']);
    expect(change({ publishedAt: null, deletedAt: '2026-11-02T10:00:00.000Z' })).toEqual(['mayor-loses-pigeon']);
    expect(slugsOnChange({ ...published, publishedAt: null }, published)).toEqual(['mayor-loses-pigeon']);
  });

  it('a public article: what readers or engines see, and a new slug (both URLs); not editorial metadata', () => {
    expect(change({ headline: 'Mayor finds pigeon' })).toEqual(['mayor-loses-pigeon']);
    expect(change({ metaDescription: 'For search results.' })).toEqual(['mayor-loses-pigeon']);
    expect(change({ tags: [{ id: 1, name: 'Birds', slug: 'birds' }] })).toEqual(['mayor-loses-pigeon']);
    expect(change({ slug: 'mayor-finds-pigeon' })).toEqual(['mayor-loses-pigeon', 'mayor-finds-pigeon']);
    expect(change({ comments: 'Another desk note.', ratingOutOfTen: 2 })).toEqual([]);
  });

  it('a draft or scheduled article: nothing', () => {
    const draft = { ...published, publishedAt: null };
    expect(slugsOnChange(draft, { ...draft, headline: 'Changed' })).toEqual([]);
  });
});
