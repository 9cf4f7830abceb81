// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { adminArticle } from '@/testing/admin-article';
import { fakeApi, json, problem } from '@/testing/fake-admin-api';
import { renderInAdmin } from '@/testing/render-in-admin';
import type { AdminArticle } from '../types.ts';
import { ArticleDetailView } from './article-detail-view.tsx';

afterEach(cleanup);

/** The screen as the route holds it: Edit (or a suggestion) opens the form in place. */
function Screen({ id }: { id: number }) {
  const [editing, setEditing] = useState(false);
  return <ArticleDetailView id={id} onBack={() => {}} editing={editing} onEditingChange={setEditing} />;
}

function show(given: AdminArticle | 'trashed') {
  let article = given;
  const id = article === 'trashed' ? 9 : article.id;
  const api = fakeApi((req) => {
    const path = new URL(req.url, 'http://admin.test').pathname;
    if (path === `/api/admin/articles/${id}`) {
      if (article === 'trashed') {
        return problem(404, 'Not Found', 'In the trash.', {
          deleted: true,
          deletedAt: '2026-11-30T10:00:00.000Z',
          headline: 'Binned Goat',
        });
      }
      if (req.method === 'PUT') {
        // Saved: the server's answer is the article with the form's summary.
        const body = req.body as { summary: string };
        article = { ...article, summary: body.summary, version: article.version + 1 };
      }
      return json(200, article);
    }
    if (path === '/api/admin/categories') return json(200, [{ id: 1, name: 'Politics' }]);
    if (path.endsWith('/revisions')) return json(200, { revisions: [] });
    return problem(404, 'Not Found', 'Nothing here.');
  });
  // A data router: the form blocks leaving with unsaved changes.
  const router = createMemoryRouter([{ path: '*', element: <Screen id={id} /> }]);
  renderInAdmin(<RouterProvider router={router} />, api.client, { router: false });
}

const bare = adminArticle({
  id: 3,
  headline: 'Goat Elected',
  summary: '',
  authors: [],
  author: '',
  tags: [],
  imageUrl: null,
  body: { type: 'doc', content: [] },
  content: '',
});

const items = (panel: HTMLElement) =>
  within(panel)
    .getAllByRole('listitem')
    .map((li) => li.textContent);

describe("'Ready to publish?' on the article screen", () => {
  it('suggests what a bare draft lacks, in words, with its count', async () => {
    show(bare);
    const summary = await screen.findByText('Ready to publish?');
    const panel = summary.closest('details')!;
    expect(panel.open).toBe(false);
    expect(panel.querySelector('summary')!.textContent).toBe('Ready to publish? 5 suggestions');
    expect(items(panel)).toEqual([
      '•Add a picture: share cards and the home page show one',
      '•Write a summary: search results and share cards use it, else the first paragraph',
      '•Add an author',
      '•Add tags so readers find related stories',
      '✓Headline fits search results',
      '•The story has no text yet. Write the story',
    ]);
    // The marks are for the eye only: the words say it.
    for (const mark of panel.querySelectorAll('.admin-ready__mark'))
      expect(mark.getAttribute('aria-hidden')).toBe('true');
    expect(within(panel).getByText('Suggestions only: Publish and Schedule work either way.')).toBeTruthy();
    // Nothing is announced as the screen opens.
    expect(panel.parentElement!.querySelector('.admin-ready + [role="status"]')!.textContent).toBe('');
  });

  it('says what is done, and All set', async () => {
    show(
      adminArticle({
        id: 4,
        headline: 'Goat Elected',
        authors: [{ id: 1, name: 'Sam Editor', slug: 'sam-editor' }],
        tags: ['Goats', 'Elections', 'Towns'].map((name, i) => ({ id: i + 1, name, slug: name.toLowerCase() })),
        imageUrl: '/images/goat.webp',
        imageAlt: 'A goat in a chain of office',
        status: 'scheduled',
        publishAt: '2030-01-01T10:00:00.000Z',
      }),
    );
    const panel = (await screen.findByText('Ready to publish?')).closest('details')!;
    expect(panel.querySelector('summary')!.textContent).toBe('Ready to publish? All set');
    expect(items(panel)).toEqual([
      '✓Picture described',
      '✓Summary written',
      '✓Byline: Sam Editor',
      '✓Tags: 3',
      '✓Headline fits search results',
      '✓1 word',
    ]);
  });

  it('asks for a description and a search title where they are missing', async () => {
    show(adminArticle({ id: 5, headline: 'G'.repeat(71), imageUrl: '/images/goat.webp', imageAlt: '' }));
    const panel = (await screen.findByText('Ready to publish?')).closest('details')!;
    expect(within(panel).getByRole('button', { name: 'Describe the picture' })).toBeTruthy();
    expect(items(panel)).toContain(
      '•The headline is 71 characters: search results cut it near 70. Write a search title.',
    );
  });

  it('is not shown for a published article, nor for one in the Trash', async () => {
    show(adminArticle({ id: 6, headline: 'Goat Out', publishedAt: '2026-11-30T09:00:00.000Z', summary: '' }));
    await screen.findByRole('heading', { name: 'Goat Out' });
    expect(screen.queryByText('Ready to publish?')).toBeNull();
    cleanup();
    show('trashed');
    await screen.findByRole('heading', { name: 'This article was deleted' });
    expect(screen.queryByText('Ready to publish?')).toBeNull();
  });

  it('announces the new count politely when the editor is back from the form', async () => {
    show(bare);
    const panel = (await screen.findByText('Ready to publish?')).closest('details')!;
    fireEvent.click(within(panel).getByRole('button', { name: 'Write a summary' }));
    const summary = await screen.findByLabelText('Summary');
    fireEvent.change(summary, { target: { value: 'A goat won.' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    const again = (await screen.findByText('Ready to publish?')).closest('details')!;
    expect(again.querySelector('summary')!.textContent).toBe('Ready to publish? 4 suggestions');
    expect(items(again)).toContain('✓Summary written');
    const status = again.nextElementSibling as HTMLElement;
    expect(status.getAttribute('role')).toBe('status');
    await waitFor(() => expect(status.textContent).toBe('Ready to publish? 4 suggestions'));
  });

  it.each([
    ['Write a summary', 'Summary'],
    ['Add tags', null],
    ['Add an author', null],
    ['Add a picture', null],
    ['Write a search title', 'Search and social title'],
  ])("'%s' opens the edit form with the focus on its field", async (action, label) => {
    show({ ...bare, headline: 'G'.repeat(80) });
    const panel = (await screen.findByText('Ready to publish?')).closest('details')!;
    panel.open = true;
    fireEvent.click(within(panel).getByRole('button', { name: action }));
    await screen.findByRole('heading', { name: 'Edit Article' });
    const names: Record<string, string> = {
      'Add tags': 'tags',
      'Add an author': 'authors',
      'Add a picture': 'imageUrl',
    };
    await waitFor(() => {
      const focused = document.activeElement as HTMLInputElement;
      if (label) expect(focused).toBe(screen.getByLabelText(label));
      else expect(focused.name).toBe(names[action]);
    });
  });
});
