import { describe, expect, it } from 'vitest';
import { breadcrumbList, jsonLdScript, newsArticle, newsMediaOrganization, webSite } from './structured-data.ts';

const site = { origin: 'https://news.test', name: 'The Daily Smear', logoUrl: '/share-cards/site.png' };
const article = {
  slug: 'minister-naps',
  headline: 'Minister naps </script><b>',
  summary: 'Zzz.',
  author: 'Staff Hack',
  category: 'Politics',
  publishedAt: '2026-11-20T10:00:00.000Z',
};

const entry = (id: number, text: string, postedAt: string, updatedAt: string | null = null) => ({
  id,
  articleId: 7,
  body: { type: 'doc' as const, content: [{ type: 'paragraph' as const, content: [{ type: 'text' as const, text }] }] },
  bodyHtml: `<p>${text}</p>`,
  keyEvent: false,
  postedAt,
  updatedAt,
  author: 'Desk Editor',
});

describe('live blogs', () => {
  const live = {
    coverageStartTime: '2026-11-20T10:00:00.000Z',
    coverageEndTime: null,
    entries: [
      entry(12, 'The minister wakes up.', '2026-11-20T12:00:00.000Z'),
      entry(11, 'Still asleep. '.repeat(20).trim(), '2026-11-20T11:00:00.000Z', '2026-11-20T12:30:00.000Z'),
    ],
    keyEvents: [],
    olderBefore: null,
    lastEventId: 5,
  };
  const image = { url: '/share-cards/1-abc.png', width: 1200, height: 630 };

  it('a live article is a LiveBlogPosting with its coverage and its entries as BlogPosting updates', () => {
    const ld = newsArticle(site, { ...article, live }, { image }) as Record<string, any>;
    expect(ld['@type']).toEqual(['LiveBlogPosting', 'SatiricalArticle']);
    expect(ld.coverageStartTime).toBe('2026-11-20T10:00:00.000Z');
    expect(ld).not.toHaveProperty('coverageEndTime');
    expect(ld.liveBlogUpdate).toHaveLength(2);
    expect(ld.liveBlogUpdate[0]).toEqual({
      '@type': 'BlogPosting',
      headline: 'The minister wakes up.',
      articleBody: 'The minister wakes up.',
      datePublished: '2026-11-20T12:00:00.000Z',
      dateModified: '2026-11-20T12:00:00.000Z',
      url: 'https://news.test/article/minister-naps#entry-12',
      author: { '@type': 'Person', name: 'Desk Editor' },
    });
    // A long entry's headline is cut at a word; its body is whole; a correction is its dateModified.
    expect(ld.liveBlogUpdate[1].headline.length).toBeLessThanOrEqual(110);
    expect(ld.liveBlogUpdate[1].headline).toMatch(/(Still|asleep)…$/);
    expect(ld.liveBlogUpdate[1].articleBody).toBe('Still asleep. '.repeat(20).trim());
    expect(ld.liveBlogUpdate[1].dateModified).toBe('2026-11-20T12:30:00.000Z');
    // The article was last modified by its latest entry.
    expect(ld.dateModified).toBe('2026-11-20T12:30:00.000Z');
  });

  it('an ended live blog names its end; a later edit of the article stays its dateModified', () => {
    const ended = { ...live, coverageEndTime: '2026-11-20T13:00:00.000Z' };
    const ld = newsArticle(
      site,
      { ...article, live: ended },
      { image, modifiedAt: '2026-11-21T00:00:00.000Z' },
    ) as Record<string, any>;
    expect(ld.coverageEndTime).toBe('2026-11-20T13:00:00.000Z');
    expect(ld.dateModified).toBe('2026-11-21T00:00:00.000Z');
    const plain = newsArticle(site, { ...article, live: null }, { image }) as Record<string, any>;
    expect(plain['@type']).toEqual(['NewsArticle', 'SatiricalArticle']);
    expect(plain).not.toHaveProperty('liveBlogUpdate');
  });

  it('a live blog, running or ended, has no wordCount nor timeRequired (its length grows with its entries)', () => {
    for (const blog of [live, { ...live, coverageEndTime: '2026-11-20T13:00:00.000Z' }]) {
      const ld = newsArticle(site, { ...article, live: blog, wordCount: 900 }, { image }) as Record<string, any>;
      expect(ld).not.toHaveProperty('wordCount');
      expect(ld).not.toHaveProperty('timeRequired');
    }
  });
});

describe('structured data', () => {
  it('NewsArticle carries the article fields', () => {
    const ld = newsArticle(site, article, {
      image: { url: '/share-cards/1-abc.png', width: 1200, height: 630 },
      modifiedAt: '2026-11-21T10:00:00.000Z',
    }) as Record<string, any>;
    expect(ld['@context']).toBe('https://schema.org');
    expect(ld['@type']).toEqual(['NewsArticle', 'SatiricalArticle']);
    expect(ld.headline).toBe(article.headline);
    expect(ld.description).toBe('Zzz.');
    expect(ld.image[0]).toMatchObject({ url: 'https://news.test/share-cards/1-abc.png', width: '1200', height: '630' });
    expect(ld.datePublished).toBe(article.publishedAt);
    expect(ld.dateModified).toBe('2026-11-21T10:00:00.000Z');
    // A byline without author records: its text, without a page; no tags, no keywords.
    expect(ld.author).toEqual([{ '@type': 'Person', name: 'Staff Hack' }]);
    expect(ld).not.toHaveProperty('keywords');
    expect(ld.publisher).toMatchObject({
      name: 'The Daily Smear',
      logo: { url: 'https://news.test/share-cards/site.png' },
    });
    expect(ld.mainEntityOfPage['@id']).toBe('https://news.test/article/minister-naps');
    expect(ld.articleSection).toBe('Politics');
    // No count carried (a list item's fields): no wordCount, no timeRequired.
    expect(ld).not.toHaveProperty('wordCount');
    expect(ld).not.toHaveProperty('timeRequired');
  });

  it("gives the article's word count and the page's reading time as an ISO 8601 duration", () => {
    const image = { url: '/share-cards/1-abc.png', width: 1200, height: 630 };
    const ld = (wordCount: number) => newsArticle(site, { ...article, wordCount }, { image }) as Record<string, any>;
    expect(ld(920)).toMatchObject({ wordCount: 920, timeRequired: 'PT4M' });
    // A short story still takes a minute; an empty body says nothing.
    expect(ld(12)).toMatchObject({ wordCount: 12, timeRequired: 'PT1M' });
    expect(ld(0)).not.toHaveProperty('wordCount');
    expect(ld(0)).not.toHaveProperty('timeRequired');
  });

  it("lists the picture's three crops with caption and credit before the share card", () => {
    const ld = newsArticle(site, article, {
      image: { url: '/share-cards/1-abc.png', width: 1200, height: 630 },
      photo: {
        urls: ['/images/a-16x9-30-40.webp', '/images/a-4x3-30-40.webp', '/images/a-1x1-30-40.webp'],
        caption: 'The minister, asleep',
        credit: 'Photo: Ann',
      },
    }) as Record<string, any>;
    expect(ld.image).toHaveLength(4);
    for (const [i, ratio] of ['16x9', '4x3', '1x1'].entries()) {
      expect(ld.image[i]).toEqual({
        '@type': 'ImageObject',
        url: `https://news.test/images/a-${ratio}-30-40.webp`,
        caption: 'The minister, asleep',
        creditText: 'Photo: Ann',
      });
    }
    expect(ld.image[3].url).toBe('https://news.test/share-cards/1-abc.png');
  });

  it('each author record is a Person with their page; tags are the keywords', () => {
    const ld = newsArticle(
      site,
      {
        ...article,
        author: 'Jane Doe and John Roe',
        authors: [
          { name: 'Jane Doe', slug: 'jane-doe' },
          { name: 'John Roe', slug: 'john-roe' },
        ],
        tags: [{ name: 'Royals', slug: 'royals' }],
      },
      { image: { url: '/share-cards/1-abc.png', width: 1200, height: 630 } },
    ) as Record<string, any>;
    expect(ld.author).toEqual([
      { '@type': 'Person', name: 'Jane Doe', url: 'https://news.test/author/jane-doe' },
      { '@type': 'Person', name: 'John Roe', url: 'https://news.test/author/john-roe' },
    ]);
    expect(ld.keywords).toEqual(['Royals']);
  });

  it('headline is cut to 110 characters; no author means the publication', () => {
    const ld = newsArticle(
      site,
      { ...article, headline: 'x'.repeat(200), author: '' },
      {
        image: { url: 'https://cdn.test/i.png', width: 1, height: 1 },
      },
    ) as Record<string, any>;
    expect(ld.headline).toHaveLength(110);
    expect(ld.dateModified).toBe(article.publishedAt);
    expect(ld.author[0]).toMatchObject({ '@type': 'Organization', name: 'The Daily Smear' });
    expect(ld.image[0].url).toBe('https://cdn.test/i.png');
  });

  it('BreadcrumbList, WebSite with SearchAction, NewsMediaOrganization', () => {
    const crumbs = breadcrumbList(site, [
      { name: 'Home', path: '/' },
      { name: 'Politics', path: '/politics' },
      { name: 'Minister naps' },
    ]) as Record<string, any>;
    expect(crumbs.itemListElement).toEqual([
      { '@type': 'ListItem', position: 1, name: 'Home', item: 'https://news.test/' },
      { '@type': 'ListItem', position: 2, name: 'Politics', item: 'https://news.test/politics' },
      { '@type': 'ListItem', position: 3, name: 'Minister naps' },
    ]);
    const ws = webSite(site) as Record<string, any>;
    expect(ws.potentialAction.target.urlTemplate).toBe('https://news.test/search?q={search_term_string}');
    expect(ws.potentialAction['query-input']).toBe('required name=search_term_string');
    const org = newsMediaOrganization(site) as Record<string, any>;
    expect(org).toMatchObject({ '@type': 'NewsMediaOrganization', name: 'The Daily Smear', url: 'https://news.test/' });
  });

  it('jsonLdScript cannot close the script element', () => {
    const text = jsonLdScript(newsArticle(site, article, { image: { url: '/i.png', width: 1, height: 1 } }));
    expect(text).not.toMatch(/<\/script/i);
    expect(JSON.parse(text).headline).toBe(article.headline);
  });
});
