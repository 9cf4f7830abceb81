// @vitest-environment happy-dom
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { adminArticle } from '@/testing/admin-article';
import { fakeApi, json, problem } from '@/testing/fake-admin-api';
import { renderInAdmin } from '@/testing/render-in-admin';
import type { AdminArticle } from '../types.ts';
import { ArticleDetailView } from './article-detail-view.tsx';

afterEach(cleanup);

function show(article: AdminArticle) {
  const api = fakeApi((req) => {
    const path = new URL(req.url, 'http://admin.test').pathname;
    if (path === `/api/admin/articles/${article.id}`) return json(200, article);
    if (path === '/api/admin/categories') return json(200, [{ id: 1, name: 'Politics' }]);
    return problem(404, 'Not Found', 'Nothing here.');
  });
  renderInAdmin(<ArticleDetailView id={article.id} onBack={() => {}} />, api.client);
}

describe("the article screen's Search and social", () => {
  it('shows the title and the description when set', async () => {
    show(adminArticle({ id: 3, headline: 'Goat Elected', metaTitle: 'Goat wins', metaDescription: 'A goat won.' }));
    const section = await screen.findByRole('region', { name: 'Search and social' });
    const terms = [...section.querySelectorAll('dt')].map((d) => [d.textContent, d.nextElementSibling!.textContent]);
    expect(terms).toEqual([
      ['Title', 'Goat wins'],
      ['Description', 'A goat won.'],
    ]);
  });

  it('shows only what is set, and nothing when both are empty', async () => {
    show(adminArticle({ id: 4, headline: 'Goat Re-elected', metaTitle: '', metaDescription: 'Again.' }));
    const section = await screen.findByRole('region', { name: 'Search and social' });
    expect(within(section).queryByText('Title')).toBeNull();
    expect(within(section).getByText('Again.')).toBeTruthy();
    cleanup();
    show(adminArticle({ id: 5, headline: 'Goat Retires', metaTitle: '', metaDescription: '' }));
    await screen.findByRole('heading', { name: 'Goat Retires' });
    expect(screen.queryByRole('region', { name: 'Search and social' })).toBeNull();
    expect(screen.queryByText('Search and social')).toBeNull();
  });
});
