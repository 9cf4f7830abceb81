// @vitest-environment happy-dom
import { renderToString } from 'react-dom/server';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { Article } from '../types';
import { ArticleView } from './article-view';

const base: Article = {
  id: 1,
  slug: 'goose-elected',
  headline: 'Goose Elected Mayor',
  summary: 'Honks at the opposition.',
  content: 'The goose won.\n\nNobody was surprised.',
  author: 'Hank Honk',
  category: 'Politics',
  source: 'Pond Wire',
  imageUrl: null,
  originalUrl: null,
  publishedAt: '2026-11-20T10:00:00.000Z',
  isBreaking: false,
};

/** The article body as the server renders it, read back as a document. */
function serverBody(article: Article): Element {
  const router = createMemoryRouter([{ path: '*', element: <ArticleView article={article} /> }], {
    initialEntries: ['/'],
  });
  const html = renderToString(<RouterProvider router={router} />);
  const doc = new DOMParser().parseFromString(`<!doctype html><body>${html}</body>`, 'text/html');
  return doc.querySelector('.article-body')!;
}

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
