// @vitest-environment happy-dom
import { renderToString } from 'react-dom/server';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { LiveBlog } from '@common/live-contract';
import type { Article } from '../types';
import { ArticleView } from './article-view';

const base: Article = {
  id: 1,
  slug: 'goose-elected',
  headline: 'Goose Elected Mayor',
  summary: 'Honks at the opposition.',
  content: 'The goose won.',
  author: 'Hank Honk',
  category: 'Politics',
  source: 'Pond Wire',
  imageUrl: null,
  originalUrl: null,
  publishedAt: '2026-11-20T10:00:00.000Z',
  isBreaking: false,
};

/** The byline row as the server renders the article, or null when there is none. */
function bylineOf(article: Article): Element | null {
  const router = createMemoryRouter([{ path: '*', element: <ArticleView article={article} /> }], {
    initialEntries: ['/'],
  });
  const html = renderToString(<RouterProvider router={router} />);
  const doc = new DOMParser().parseFromString(`<!doctype html><body>${html}</body>`, 'text/html');
  return doc.querySelector('.article-byline');
}

describe('the byline row under the headline', () => {
  it('names the author and the published time', () => {
    const row = bylineOf(base)!;
    expect(row.textContent).toContain('By Hank Honk');
    expect(row.querySelector('time')!.getAttribute('datetime')).toBe('2026-11-20T10:00:00.000Z');
  });

  it('is left out when it would be empty: a draft live blog with no author, time or reading time', () => {
    const draft = { ...base, author: '', publishedAt: null, wordCount: 40 };
    const live: LiveBlog = {
      coverageStartTime: '2026-11-20T09:00:00.000Z',
      coverageEndTime: null,
      entries: [],
      keyEvents: [],
      olderBefore: null,
      lastEventId: 0,
    };
    expect(bylineOf({ ...draft, live })).toBeNull();
    // Anything to show brings it back: the reading time of a story that is not live, or its source link.
    expect(bylineOf(draft)!.textContent).toBe('1 min read');
    expect(bylineOf({ ...draft, live, originalUrl: 'https://pond.example/a' })).not.toBeNull();
  });
});
