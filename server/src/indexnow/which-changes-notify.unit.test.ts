import { describe, expect, it } from 'vitest';
import type { AdminArticle } from '../../../common/admin-contract.ts';
import {
  pathsOnChange,
  pathsOnCorrectionWrite,
  pathsOnCoverageChange,
  pathsOnEntryWrite,
  pathsOnImageChange,
  pathsOnPublish,
  pathsOnRecordChange,
  type NotifiedRecordChange,
} from './which-changes-notify.ts';
import { inJobs } from './notifier.ts';

const ref = (id: number, slug: string) => ({ id, name: slug, slug });

const published = {
  slug: 'mayor-loses-pigeon',
  headline: 'Mayor loses pigeon',
  summary: 'A summary.',
  content: 'Body.',
  body: { type: 'doc', content: [] },
  categoryId: 1,
  category: 'Politics',
  imageUrl: null,
  imageAlt: '',
  imageFocalX: 0.5,
  imageFocalY: 0.5,
  isBreaking: false,
  publishedAt: '2026-11-01T10:00:00.000Z',
  deletedAt: null,
  metaTitle: '',
  metaDescription: '',
  authors: [ref(1, 'jane-doe')],
  tags: [ref(1, 'birds')],
  ratingOutOfTen: 5,
  comments: 'Desk note.',
} as unknown as AdminArticle;

const STORY = '/article/mayor-loses-pigeon';
/** Every listing showing the published story's card. */
const LISTINGS = ['/', '/politics', '/author/jane-doe', '/tag/birds'];

const change = (fields: Partial<AdminArticle>) => pathsOnChange(published, { ...published, ...fields });
const sorted = (paths: string[]) => [...paths].sort();

describe('which article changes search engines hear of, and for which pages', () => {
  it('a publish: the story and every listing showing its card; nothing for an article not public', () => {
    expect(pathsOnPublish(published)).toEqual([STORY, ...LISTINGS]);
    expect(pathsOnPublish({ ...published, publishedAt: null })).toEqual([]);
    expect(pathsOnPublish({ ...published, deletedAt: '2026-11-02T10:00:00.000Z' })).toEqual([]);
    // Without author records or tags: the home page and the section only; an unknown section is left out.
    expect(pathsOnPublish({ ...published, authors: [], tags: [] })).toEqual([STORY, '/', '/politics']);
    expect(pathsOnPublish({ ...published, categoryId: 99, authors: [], tags: [] })).toEqual([STORY, '/']);
  });

  it('coming off the site or onto it (unpublish, Trash, restore): the story and its listings', () => {
    expect(change({ publishedAt: null })).toEqual([STORY, ...LISTINGS]);
    expect(change({ publishedAt: null, deletedAt: '2026-11-02T10:00:00.000Z' })).toEqual([STORY, ...LISTINGS]);
    expect(pathsOnChange({ ...published, publishedAt: null }, published)).toEqual([STORY, ...LISTINGS]);
  });

  it('a card field (headline, summary, picture, breaking): the story and every listing showing it', () => {
    expect(change({ headline: 'Mayor finds pigeon' })).toEqual([STORY, ...LISTINGS]);
    expect(change({ summary: 'Another summary.' })).toEqual([STORY, ...LISTINGS]);
    expect(change({ imageUrl: '/images/abc-960.webp' })).toEqual([STORY, ...LISTINGS]);
    expect(change({ imageAlt: 'A pigeon' })).toEqual([STORY, ...LISTINGS]);
    expect(change({ isBreaking: true })).toEqual([STORY, ...LISTINGS]);
    // The focal point is the picture's (not among the story's reader fields): the card's crop, so the listings.
    expect(change({ imageFocalX: 0.2 })).toEqual(LISTINGS);
  });

  it('a new section: both sections, the home page and the other listings (the card shows the section)', () => {
    expect(sorted(change({ categoryId: 2, category: 'Technology' }))).toEqual(
      sorted([STORY, ...LISTINGS, '/technology']),
    );
  });

  it('authors or tags changed: the pages of those added and removed, not the listings that keep the same card', () => {
    expect(sorted(change({ authors: [ref(2, 'john-roe')], author: 'john-roe' }))).toEqual(
      sorted([STORY, '/author/jane-doe', '/author/john-roe']),
    );
    expect(sorted(change({ tags: [ref(1, 'birds'), ref(2, 'mayors')] }))).toEqual(sorted([STORY, '/tag/mayors']));
    expect(change({ tags: [] })).toEqual([STORY, '/tag/birds']);
  });

  it('a new slug: both story URLs and every listing (the card links to the new one)', () => {
    expect(change({ slug: 'mayor-finds-pigeon' })).toEqual([STORY, '/article/mayor-finds-pigeon', ...LISTINGS]);
  });

  it('what only the story page shows: the story alone; editorial metadata: nothing', () => {
    expect(change({ metaDescription: 'For search results.' })).toEqual([STORY]);
    expect(change({ comments: 'Another desk note.', ratingOutOfTen: 2 })).toEqual([]);
  });

  it('a draft or scheduled article: nothing', () => {
    const draft = { ...published, publishedAt: null };
    expect(pathsOnChange(draft, { ...draft, headline: 'Changed', categoryId: 2, tags: [] })).toEqual([]);
  });

  it('a live blog entry: the story page only, when public', () => {
    const row = { slug: 'mayor-loses-pigeon', published_at: '2026-11-01T10:00:00.000Z', deleted_at: null };
    expect(pathsOnEntryWrite(row)).toEqual([STORY]);
    expect(pathsOnEntryWrite({ ...row, published_at: null })).toEqual([]);
  });

  it('a correction: the story page and /corrections, when public; no listing of stories', () => {
    const row = { slug: 'mayor-loses-pigeon', published_at: '2026-11-01T10:00:00.000Z', deleted_at: null };
    expect(pathsOnCorrectionWrite(row)).toEqual([STORY, '/corrections']);
    expect(pathsOnCorrectionWrite({ ...row, published_at: null })).toEqual([]);
    expect(pathsOnCorrectionWrite({ ...row, deleted_at: '2026-11-02T10:00:00.000Z' })).toEqual([]);
  });

  it('a picture change: a public article its card shows it on sends its page and listings; others nothing', () => {
    expect(pathsOnImageChange(published)).toEqual([STORY, ...LISTINGS]);
    expect(pathsOnImageChange({ ...published, publishedAt: null })).toEqual([]);
  });

  it('lists a path once, however many ways it changed', () => {
    const both = change({ authors: [ref(1, 'jane-doe'), ref(2, 'birds')], tags: [ref(2, 'birds')], headline: 'X' });
    expect(both).toHaveLength(new Set(both).size);
    const self = pathsOnPublish({ ...published, authors: [ref(1, 'jane-doe'), ref(1, 'jane-doe')] });
    expect(self).toEqual([STORY, ...LISTINGS]);
  });

  it('live coverage started or ended: the story and every listing (the card shows LIVE), when public', () => {
    expect(pathsOnCoverageChange(published)).toEqual([STORY, ...LISTINGS]);
    expect(pathsOnCoverageChange({ ...published, publishedAt: null })).toEqual([]);
  });

  it('the breaking flag: the story and every listing, the home page and its section (the breaking strip) among them', () => {
    expect(change({ isBreaking: true })).toEqual(expect.arrayContaining(['/', '/politics']));
  });
});

describe('an author or a tag changed: its pages and the public stories naming it', () => {
  const row = (
    slug: string,
    published_at: string | null = '2026-11-01T10:00:00.000Z',
    deleted_at: string | null = null,
  ) => ({
    slug,
    published_at,
    deleted_at,
  });
  const jane = { name: 'Jane Doe', slug: 'jane-doe', bio: 'A bio.', photoUrl: null, xHandle: null };
  const articles = [
    row('public-one'),
    row('a-draft', null),
    row('in-the-trash', null, '2026-11-02T10:00:00.000Z'),
    row('public-two'),
  ];
  const author = (after: NotifiedRecordChange['after'], list = articles, formerSlugs: string[] = []) =>
    pathsOnRecordChange({ kind: 'authors', before: jane, after, articles: list, formerSlugs });
  const PUBLIC_STORIES = ['/article/public-one', '/article/public-two'];

  it('a rename with a new slug: both pages and the public stories (their byline), never the others', () => {
    expect(author({ ...jane, name: 'Jane Roe', slug: 'jane-roe' })).toEqual([
      '/author/jane-doe',
      '/author/jane-roe',
      ...PUBLIC_STORIES,
    ]);
  });

  it('a new name with the same slug: its page and the public stories', () => {
    expect(author({ ...jane, name: 'JANE DOE' })).toEqual(['/author/jane-doe', ...PUBLIC_STORIES]);
  });

  it('a bio, a photo or an X handle: its page only (a story shows the name only); no change: nothing', () => {
    expect(author({ ...jane, bio: 'Another bio.' })).toEqual(['/author/jane-doe']);
    expect(author({ ...jane, photoUrl: '/images/abc-960.webp' })).toEqual(['/author/jane-doe']);
    expect(author({ ...jane, xHandle: 'janedoe' })).toEqual(['/author/jane-doe']);
    expect(author({ ...jane })).toEqual([]);
  });

  it('a merge: the old page (a redirect now), the page merged into (it lists the stories now) and the stories', () => {
    const john = { name: 'John Roe', slug: 'john-roe', bio: '', photoUrl: null, xHandle: null };
    expect(author(john)).toEqual(['/author/jane-doe', '/author/john-roe', ...PUBLIC_STORIES]);
  });

  it('a deletion: its page (gone) and the public stories (a tag is taken off them)', () => {
    expect(
      pathsOnRecordChange({
        kind: 'tags',
        before: { name: 'Birds', slug: 'birds' },
        after: null,
        articles,
        formerSlugs: [],
      }),
    ).toEqual(['/tag/birds', ...PUBLIC_STORIES]);
  });

  it('a tag renamed or merged: its pages and the public stories (their tags)', () => {
    const tag = (after: NotifiedRecordChange['after']) =>
      pathsOnRecordChange({ kind: 'tags', before: { name: 'Birds', slug: 'birds' }, after, articles, formerSlugs: [] });
    expect(tag({ name: 'Pigeons', slug: 'pigeons' })).toEqual(['/tag/birds', '/tag/pigeons', ...PUBLIC_STORIES]);
    expect(tag({ name: 'BIRDS', slug: 'birds' })).toEqual(['/tag/birds', ...PUBLIC_STORIES]);
    expect(tag({ name: 'Birds', slug: 'birds' })).toEqual([]);
  });

  describe('the addresses it had before its last rename (they redirect straight to its current one)', () => {
    const formerly = ['jane-smith', 'janet-doe'];
    const EARLIER = ['/author/jane-smith', '/author/janet-doe'];

    it('a rename: sent, they now lead to the new address', () => {
      expect(author({ ...jane, name: 'Jane Roe', slug: 'jane-roe' }, articles, formerly)).toEqual([
        '/author/jane-doe',
        '/author/jane-roe',
        ...EARLIER,
        ...PUBLIC_STORIES,
      ]);
    });

    it('a rename back to an earlier slug: that address once (its page again), the others redirect to it', () => {
      expect(author({ ...jane, name: 'Jane Smith', slug: 'jane-smith' }, articles, formerly)).toEqual([
        '/author/jane-doe',
        '/author/jane-smith',
        '/author/janet-doe',
        ...PUBLIC_STORIES,
      ]);
    });

    it('a merge: sent, they now lead to the record merged into', () => {
      const john = { name: 'John Roe', slug: 'john-roe', bio: '', photoUrl: null, xHandle: null };
      expect(author(john, articles, formerly)).toEqual([
        '/author/jane-doe',
        '/author/john-roe',
        ...EARLIER,
        ...PUBLIC_STORIES,
      ]);
    });

    it('a deletion: sent, they answer 404 now', () => {
      const tag = { name: 'Birds', slug: 'birds' };
      expect(
        pathsOnRecordChange({ kind: 'tags', before: tag, after: null, articles, formerSlugs: ['fowl', 'wings'] }),
      ).toEqual(['/tag/birds', '/tag/fowl', '/tag/wings', ...PUBLIC_STORIES]);
    });

    it('an edit that keeps the slug (a bio, a photo, a new name of the same slug, nothing): not sent', () => {
      expect(author({ ...jane, bio: 'Another bio.' }, articles, formerly)).toEqual(['/author/jane-doe']);
      expect(author({ ...jane, photoUrl: '/images/abc-960.webp' }, articles, formerly)).toEqual(['/author/jane-doe']);
      expect(author({ ...jane, name: 'JANE DOE' }, articles, formerly)).toEqual([
        '/author/jane-doe',
        ...PUBLIC_STORIES,
      ]);
      expect(author({ ...jane }, articles, formerly)).toEqual([]);
    });

    it('named by no public story: not sent either', () => {
      const hidden = [row('a-draft', null)];
      expect(author({ ...jane, name: 'Jane Roe', slug: 'jane-roe' }, hidden, formerly)).toEqual([]);
      expect(author(null, hidden, formerly)).toEqual([]);
    });
  });

  it('named by no public story (drafts, scheduled, the Trash, or none): nothing, whatever the change', () => {
    const hidden = [row('a-draft', null), row('in-the-trash', null, '2026-11-02T10:00:00.000Z')];
    expect(author({ ...jane, name: 'Jane Roe', slug: 'jane-roe' }, hidden)).toEqual([]);
    expect(author(null, hidden)).toEqual([]);
    expect(author(null, [])).toEqual([]);
  });

  it('lists a story once, and splits many into jobs of at most 1,000 URLs', () => {
    const many = Array.from({ length: 2500 }, (_, i) => row(`story-${i}`));
    const paths = author({ ...jane, name: 'Jane Roe', slug: 'jane-roe' }, [...many, ...many]);
    expect(paths).toHaveLength(2502);
    const jobs = inJobs(paths);
    expect(jobs.map((j) => j.length)).toEqual([1000, 1000, 502]);
    expect(jobs.flat()).toEqual(paths);
  });
});
