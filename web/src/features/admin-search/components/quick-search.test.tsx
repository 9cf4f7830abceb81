// @vitest-environment happy-dom
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Route, Routes, useLocation } from 'react-router';
import { EmptyBodyEditor } from '@/testing/empty-body-editor';
import { adminArticle } from '@/testing/admin-article';
import { fakeApi, json, problem, type Sent } from '@/testing/fake-admin-api';
import { renderInAdmin } from '@/testing/render-in-admin';
import { recentStorageKey, RECENT_STORAGE_KEY } from '../lib/recent-articles.ts';
import { QuickSearch } from './quick-search.tsx';

const LABEL = 'Search articles, authors, tags and screens';

const page = (articles: unknown[]) => ({
  articles,
  currentPage: 1,
  pageSize: 10,
  totalCount: articles.length,
  totalPages: 1,
  hasNextPage: false,
  hasPreviousPage: false,
});

const MAYOR = adminArticle({
  id: 42,
  headline: 'Mayor Replaced By Cat',
  category: 'Politics',
  publishedAt: '2026-03-01T10:00:00.000Z',
});
const MAYOR_DRAFT = adminArticle({ id: 43, headline: 'Mayor Denies Being A Dog', category: 'Local' });
const MAYOR_TRASHED = adminArticle({
  id: 7,
  headline: 'Old Mayor Story',
  category: 'Politics',
  createdAt: '2026-04-01T10:00:00.000Z',
  deletedAt: '2026-04-02T10:00:00.000Z',
});

/** The newsroom's answers: the mayor articles (one in the Trash), an author and a tag named Mayor. */
function mayorApi(req: Sent) {
  const url = new URL(req.url, 'http://admin.test');
  const q = (url.searchParams.get('search') ?? url.searchParams.get('q') ?? '').toLowerCase();
  if (!q.includes('mayor')) {
    return json(200, url.pathname === '/api/admin/articles' ? page([]) : { items: [] });
  }
  if (url.pathname === '/api/admin/articles') {
    return json(200, page(url.searchParams.get('status') === 'trash' ? [MAYOR_TRASHED] : [MAYOR, MAYOR_DRAFT]));
  }
  if (url.pathname === '/api/admin/authors') return json(200, { items: [{ id: 3, name: 'Mayor Watcher' }] });
  return json(200, { items: [{ id: 9, name: 'Mayors' }] });
}

function Where() {
  const location = useLocation();
  return <p data-testid="where">{location.pathname + location.search}</p>;
}

function renderSearch(respond: (req: Sent) => Response | Promise<Response> = mayorApi, editor = 'sam-1') {
  const api = fakeApi(respond);
  renderInAdmin(
    <>
      <QuickSearch editor={editor} />
      <label>
        Headline
        <input />
      </label>
      <Routes>
        <Route path="*" element={<Where />} />
      </Routes>
    </>,
    api.client,
  );
  return api;
}

const ctrlK = (target: Element = document.body) =>
  act(() => void fireEvent.keyDown(target, { key: 'k', ctrlKey: true }));
const dialog = () => screen.getByRole('dialog', { name: 'Search' });
const input = () => within(dialog()).getByRole('combobox', { name: LABEL });
const type = (text: string) => fireEvent.change(input(), { target: { value: text } });
const groupTexts = () =>
  within(dialog())
    .queryAllByRole('group')
    .map((g) => [
      g.getAttribute('aria-labelledby') && document.getElementById(g.getAttribute('aria-labelledby')!)!.textContent,
      within(g)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ]);
const selected = () => document.getElementById(input().getAttribute('aria-activedescendant') ?? '')?.textContent;

beforeEach(() => window.localStorage.clear());
afterEach(cleanup);

describe('the quick search', () => {
  it('opens by Ctrl+K, also from a form field, and Escape closes it and gives the focus back', async () => {
    renderSearch();
    expect(screen.queryByRole('dialog')).toBeNull();
    const field = screen.getByRole('textbox', { name: 'Headline' });
    field.focus();
    ctrlK(field);
    expect(input()).toBe(document.activeElement);
    fireEvent.keyDown(input(), { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(field));
  });

  it('opens from the Search button, which names its shortcut', () => {
    renderSearch();
    const button = screen.getByRole('button', { name: 'Search the newsroom' });
    expect(button.getAttribute('aria-keyshortcuts')).toBe('Control+K');
    expect(button.textContent).toBe('Search the newsroomCtrl K');
    fireEvent.click(button);
    expect(input()).toBe(document.activeElement);
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('lists articles (newest first, with status and section), authors, tags and screens in groups', async () => {
    const { sent } = renderSearch();
    ctrlK();
    // Typed in one go: only the last text is asked for.
    type('M');
    type('Ma');
    type('Mayor');
    await within(dialog()).findByRole('option', { name: /Mayor Replaced By Cat/ });
    expect(groupTexts()).toEqual([
      [
        'Articles',
        [
          'Old Mayor Storyin the TrashPolitics',
          'Mayor Replaced By CatPublishedPolitics',
          'Mayor Denies Being A DogDraftLocal',
        ],
      ],
      ['Authors', ['Mayor Watcher']],
      ['Tags', ['Mayors']],
    ]);
    expect(sent.map((r) => r.url).sort()).toEqual([
      '/api/admin/articles?page=1&pageSize=10&status=all&search=Mayor',
      '/api/admin/articles?page=1&pageSize=10&status=trash&search=Mayor',
      '/api/admin/authors?q=Mayor&limit=5',
      '/api/admin/tags?q=Mayor&limit=5',
    ]);
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('5 results'));
  });

  it('moves the highlight with the arrows and opens the highlighted result with Enter', async () => {
    renderSearch();
    ctrlK();
    type('mayor');
    await within(dialog()).findByRole('option', { name: /Mayor Replaced By Cat/ });
    expect(selected()).toContain('Old Mayor Story');
    fireEvent.keyDown(input(), { key: 'ArrowDown' });
    expect(selected()).toContain('Mayor Replaced By Cat');
    fireEvent.keyDown(input(), { key: 'ArrowUp' });
    fireEvent.keyDown(input(), { key: 'ArrowUp' });
    expect(selected()).toBe('Mayors');
    fireEvent.keyDown(input(), { key: 'ArrowDown' });
    fireEvent.keyDown(input(), { key: 'ArrowDown' });
    expect(selected()).toContain('Mayor Replaced By Cat');
    fireEvent.keyDown(input(), { key: 'Enter' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByTestId('where').textContent).toBe('/admin/articles/42');
  });

  it('opens a tag as All Articles filtered by it, and a screen by its name', async () => {
    renderSearch();
    ctrlK();
    type('mayor');
    fireEvent.click(await within(dialog()).findByRole('option', { name: 'Mayors' }));
    expect(screen.getByTestId('where').textContent).toBe('/admin/articles?page=1&pageSize=20&status=all&tagId=9');
    ctrlK();
    type('new');
    await waitFor(() => expect(groupTexts()).toEqual([['Screens', ['New Article']]]));
    fireEvent.keyDown(input(), { key: 'Enter' });
    expect(screen.getByTestId('where').textContent).toBe('/admin/articles/new');
  });

  it('says when nothing is found, and when the search failed, without closing', async () => {
    let fail = false;
    renderSearch((req) => (fail ? problem(500, 'Internal Server Error', 'The database is away.') : mayorApi(req)));
    ctrlK();
    type('zebra');
    await within(dialog()).findByText('No results for “zebra”', { selector: '.admin-qs__message' });
    expect(screen.getByRole('status').textContent).toBe('No results for “zebra”');
    expect(within(dialog()).queryByRole('option')).toBeNull();
    fail = true;
    type('giraffe');
    await within(dialog()).findByText(/^Could not search: /, { selector: '.admin-qs__message' }, { timeout: 4000 });
    expect(screen.getByRole('status').textContent).toMatch(/^Could not search: /);
    expect(dialog()).toBeTruthy();
  });

  it('shows the recent articles of this editor in this browser, then the screens, while the box is empty', () => {
    window.localStorage.setItem(
      recentStorageKey('sam-1'),
      JSON.stringify([
        { id: 42, headline: 'Mayor Replaced By Cat' },
        { id: 5, headline: 'Goat Elected' },
      ]),
    );
    renderSearch();
    ctrlK();
    expect(groupTexts()).toEqual([
      ['Recent', ['Mayor Replaced By Cat', 'Goat Elected']],
      [
        'Screens',
        [
          'Dashboard',
          'All Articles',
          'New Article',
          'Calendar',
          'Authors',
          'Tags',
          'Pictures',
          'Audit',
          'Social Auth',
          'Test Publish',
        ],
      ],
    ]);
    fireEvent.keyDown(input(), { key: 'ArrowDown' });
    fireEvent.keyDown(input(), { key: 'Enter' });
    expect(screen.getByTestId('where').textContent).toBe('/admin/articles/5');
  });

  it("never shows another editor's recent articles, nor the list kept for everyone before", () => {
    window.localStorage.setItem(recentStorageKey('alex-2'), JSON.stringify([{ id: 42, headline: 'Alex Was Here' }]));
    window.localStorage.setItem(RECENT_STORAGE_KEY, JSON.stringify([{ id: 5, headline: 'Goat Elected' }]));
    renderSearch(mayorApi, 'sam-1');
    ctrlK();
    expect(groupTexts().map(([heading]) => heading)).toEqual(['Screens']);
  });
});

describe('Ctrl+K in the body editor', () => {
  it('still makes a link there, and does not open the quick search', async () => {
    const { client } = fakeApi(() => json(200, page([])));
    renderInAdmin(
      <>
        <QuickSearch editor="sam-1" />
        <EmptyBodyEditor />
      </>,
      client,
    );
    ctrlK(screen.getByRole('textbox', { name: 'Content' }));
    await screen.findByRole('dialog', { name: 'Add a link' });
    expect(screen.queryByRole('dialog', { name: 'Search' })).toBeNull();
  });
});
