// @vitest-environment happy-dom
import { renderToString } from 'react-dom/server';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { LiveBlog } from '@common/live-contract';
import { publicArticle } from '../testing/public-article';
import type { Article } from '../types';
import { ArticleView } from './article-view';

const base = publicArticle();

/** The article page as the server renders it, read back as a document. */
function serverPage(article: Article): Document {
  const router = createMemoryRouter([{ path: '*', element: <ArticleView article={article} /> }], {
    initialEntries: ['/'],
  });
  const html = renderToString(<RouterProvider router={router} />);
  return new DOMParser().parseFromString(`<!doctype html><body>${html}</body>`, 'text/html');
}

/** The article body as the server renders it. */
const serverBody = (article: Article) => serverPage(article).querySelector('.article-body')!;

describe('the article body on the page', () => {
  it('is the server renderer’s HTML as it is (the same string on the server and after hydration)', () => {
    const bodyHtml =
      '<h2>Sub</h2><p>The goose <strong>won</strong>.</p><blockquote class="pull-quote"><p>Honk.</p></blockquote>';
    const body = serverBody({ ...base, bodyHtml });
    expect(body.innerHTML).toBe(bodyHtml);
    expect(body.querySelector('h2')!.textContent).toBe('Sub');
  });

  it('falls back to the plain text’s paragraphs in an answer without bodyHtml', () => {
    const body = serverBody(base);
    expect([...body.querySelectorAll('p')].map((p) => p.textContent)).toEqual([
      'The goose won.',
      'Nobody was surprised.',
    ]);
  });
});

/** The byline row as the server renders the article, or null when there is none. */
const bylineOf = (article: Article) => serverPage(article).querySelector('.article-byline');

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
