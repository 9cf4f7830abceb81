// @vitest-environment happy-dom
import { act, cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import type { NamedRef } from '@common/admin-contract';
import { fakeApi, json, problem, type Sent } from '@/testing/fake-admin-api';
import { renderInAdmin } from '@/testing/render-in-admin';
import type { ListQuery } from '../types.ts';
import { ArticlesListView } from './articles-list-view.tsx';

afterEach(cleanup);

const AUTHORS: NamedRef[] = [
  { id: 1, name: 'Clive Outrage', slug: 'clive-outrage' },
  { id: 2, name: 'Jane Doe', slug: 'jane-doe' },
  { id: 3, name: 'Janet Roe', slug: 'janet-roe' },
];
const TAGS: NamedRef[] = [
  { id: 5, name: 'Monarchy', slug: 'monarchy' },
  { id: 6, name: 'Money', slug: 'money' },
  { id: 7, name: 'Goats', slug: 'goats' },
];

/**
 * The newsroom API of All Articles: categories, a page of one article (five pages in all, so a page
 * number is kept as it is), and authors and tags found by `q` or by id. `hold` keeps a search's answer
 * back until the returned function is called.
 */
function listApi(opts: { hold?: (req: Sent) => Promise<void> | undefined } = {}) {
  return fakeApi(async (req) => {
    const u = new URL(req.url, 'http://admin.test');
    if (u.pathname === '/api/admin/categories') return json(200, [{ id: 1, name: 'Politics' }]);
    if (u.pathname === '/api/admin/articles') {
      const page = Number(u.searchParams.get('page'));
      return json(200, {
        articles: [],
        currentPage: page,
        pageSize: 20,
        totalCount: 100,
        totalPages: 5,
        hasNextPage: page < 5,
        hasPreviousPage: page > 1,
      });
    }
    const m = /^\/api\/admin\/(authors|tags)(?:\/(\d+))?$/.exec(u.pathname);
    if (!m) return problem(404, 'Not Found');
    const records = m[1] === 'authors' ? AUTHORS : TAGS;
    if (m[2]) {
      const found = records.find((r) => r.id === Number(m[2]));
      return found ? json(200, found) : problem(404, 'Not Found');
    }
    await opts.hold?.(req);
    const q = (u.searchParams.get('q') ?? '').toLowerCase();
    return json(200, { items: records.filter((r) => r.name.toLowerCase().includes(q)) });
  });
}

/** All Articles with its URL state in memory; `shown.query` is the state now. */
function showList(client: Parameters<typeof renderInAdmin>[1], initial: ListQuery) {
  const shown = { query: initial };
  function ListScreen() {
    const [query, setQuery] = useState(initial);
    shown.query = query;
    return <ArticlesListView query={query} onQueryChange={setQuery} />;
  }
  renderInAdmin(<ListScreen />, client);
  return shown;
}

const box = (name: 'Author' | 'Tag') => screen.getByRole('combobox', { name }) as HTMLInputElement;
/** The suggestions showing (the selects' options are options too). */
const optionTexts = () =>
  [...document.querySelectorAll('[role="listbox"]:not([hidden]) [role="option"]')].map((o) => o.textContent);
const listUrls = (sent: Sent[]) => sent.filter((r) => r.url.startsWith('/api/admin/articles?')).map((r) => r.url);
const searches = (sent: Sent[], kind: 'authors' | 'tags') =>
  sent.filter((r) => r.url.startsWith(`/api/admin/${kind}?`)).map((r) => r.url);
const filterNote = () => document.querySelector('.admin-filter-note')?.textContent ?? null;

describe('All Articles filtered by author and by tag from the filter bar', () => {
  it('Author: typing asks the server, the keyboard chooses, the list goes to page 1 with the other filters kept', async () => {
    const { client, sent } = listApi();
    const shown = showList(client, {
      page: 3,
      pageSize: 20,
      status: 'published',
      categoryId: 1,
      search: 'goat',
      sort: 'oldest',
    });
    await screen.findByText('100 articles total');
    const author = box('Author');
    expect(author.value).toBe('');
    expect(author.getAttribute('aria-expanded')).toBe('false');
    // Tabbing through the bar asks nothing.
    author.focus();
    expect(searches(sent, 'authors')).toEqual([]);

    await userEvent.type(author, 'jan');
    await waitFor(() => expect(optionTexts()).toEqual(['Jane Doe', 'Janet Roe']));
    expect(searches(sent, 'authors')).toContain('/api/admin/authors?q=jan&limit=8');
    const listbox = screen.getByRole('listbox', { name: 'Author suggestions' });
    expect(author.getAttribute('aria-expanded')).toBe('true');
    expect(author.getAttribute('aria-controls')).toBe(listbox.id);
    // Typing alone does not filter the list.
    expect(listUrls(sent).some((u) => u.includes('authorId'))).toBe(false);

    await userEvent.keyboard('{ArrowDown}{ArrowDown}');
    const active = document.getElementById(author.getAttribute('aria-activedescendant')!);
    expect(active?.textContent).toBe('Janet Roe');
    expect(active?.getAttribute('aria-selected')).toBe('true');
    await userEvent.keyboard('{ArrowDown}{ArrowUp}{ArrowUp}');
    expect(document.getElementById(author.getAttribute('aria-activedescendant')!)?.textContent).toBe('Jane Doe');
    await userEvent.keyboard('{Enter}');
    // The box names the choice at once (never empty while the record is asked for).
    expect(author.value).toBe('Jane Doe');

    expect(shown.query).toEqual({
      page: 1,
      pageSize: 20,
      status: 'published',
      categoryId: 1,
      search: 'goat',
      sort: 'oldest',
      authorId: 2,
    });
    await waitFor(() =>
      expect(listUrls(sent).at(-1)).toBe(
        '/api/admin/articles?page=1&pageSize=20&status=published&categoryId=1&search=goat&authorId=2&sort=oldest',
      ),
    );
    // The line above the rows names it; the box shows the name, its list closed.
    await waitFor(() => expect(filterNote()).toBe('By Jane DoeShow all authors'));
    expect(author.value).toBe('Jane Doe');
    expect(author.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('listbox')).toBeNull();
  });

  it('Tag: the same, beside an author already chosen; Enter takes a name typed in full', async () => {
    const { client, sent } = listApi();
    const shown = showList(client, { page: 2, pageSize: 50, status: 'all', authorId: 1 });
    await waitFor(() => expect(box('Author').value).toBe('Clive Outrage'));
    const tag = box('Tag');
    await userEvent.type(tag, 'mon');
    await waitFor(() => expect(optionTexts()).toEqual(['Monarchy', 'Money']));
    expect(searches(sent, 'tags')).toContain('/api/admin/tags?q=mon&limit=8');
    // Up from nothing highlighted goes to the last suggestion.
    await userEvent.keyboard('{ArrowUp}');
    expect(document.getElementById(tag.getAttribute('aria-activedescendant')!)?.textContent).toBe('Money');
    await userEvent.keyboard('{Enter}');
    expect(shown.query).toEqual({ page: 1, pageSize: 50, status: 'all', authorId: 1, tagId: 6 });
    await waitFor(() =>
      expect(listUrls(sent).at(-1)).toBe('/api/admin/articles?page=1&pageSize=50&authorId=1&tagId=6'),
    );
    await waitFor(() => expect(screen.getByText('Money', { selector: 'strong' })).toBeTruthy());
    expect(tag.value).toBe('Money');

    // A name typed in full (any case) and Enter, nothing highlighted.
    await userEvent.clear(tag);
    await userEvent.type(tag, 'GOATS');
    await waitFor(() => expect(optionTexts()).toEqual(['Goats']));
    await userEvent.keyboard('{Enter}');
    expect(shown.query).toEqual({ page: 1, pageSize: 50, status: 'all', authorId: 1, tagId: 7 });
    await waitFor(() => expect(tag.value).toBe('Goats'));
  });

  it("'Open notes only' lists the stories with open notes from page 1, other filters kept; none in the Trash", async () => {
    const { client, sent } = listApi();
    const shown = showList(client, { page: 3, pageSize: 50, status: 'published', tagId: 5 });
    const check = screen.getByRole('checkbox', { name: 'Open notes only' }) as HTMLInputElement;
    expect(check.checked).toBe(false);
    await userEvent.click(check);
    expect(shown.query).toEqual({ page: 1, pageSize: 50, status: 'published', tagId: 5, openNotes: true });
    await waitFor(() =>
      expect(listUrls(sent).at(-1)).toBe('/api/admin/articles?page=1&pageSize=50&status=published&tagId=5&notes=open'),
    );
    expect(check.checked).toBe(true);
    // By keyboard too: Space clears it.
    check.focus();
    await userEvent.keyboard(' ');
    expect(shown.query).toEqual({ page: 1, pageSize: 50, status: 'published', tagId: 5 });
    await userEvent.click(check);
    // The Trash's notes are read-only: no such filter there, and going there drops it.
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'trash');
    expect(shown.query).toEqual({ page: 1, pageSize: 50, status: 'trash', tagId: 5 });
    expect(screen.queryByRole('checkbox', { name: 'Open notes only' })).toBeNull();
  });

  it('clearing: the clear button, an emptied box and Enter, and Show all authors; Escape puts the chosen name back', async () => {
    const { client, sent } = listApi();
    const shown = showList(client, { page: 4, pageSize: 20, status: 'all', authorId: 2, tagId: 5 });
    const author = box('Author');
    const tag = box('Tag');
    await waitFor(() => expect(author.value).toBe('Jane Doe'));
    await waitFor(() => expect(tag.value).toBe('Monarchy'));

    // Escape closes the list, then drops what was typed; the filter stays.
    await userEvent.clear(tag);
    await userEvent.type(tag, 'mo');
    await waitFor(() => expect(optionTexts()).toEqual(['Monarchy', 'Money']));
    await userEvent.keyboard('{Escape}');
    expect(tag.getAttribute('aria-expanded')).toBe('false');
    expect(tag.value).toBe('mo');
    await userEvent.keyboard('{Escape}');
    expect(tag.value).toBe('Monarchy');
    // Text left without choosing is dropped when the box loses focus.
    await userEvent.type(tag, 'xyz');
    await userEvent.tab();
    expect(tag.value).toBe('Monarchy');
    expect(shown.query.tagId).toBe(5);

    // The clear button: the filter goes, page 1, the other filter kept; the focus stays in the box.
    await userEvent.click(screen.getByRole('button', { name: 'Clear the author filter' }));
    expect(shown.query).toEqual({ page: 1, pageSize: 20, status: 'all', tagId: 5 });
    expect(author.value).toBe('');
    expect(document.activeElement).toBe(author);
    expect(screen.queryByRole('button', { name: 'Clear the author filter' })).toBeNull();
    await waitFor(() => expect(filterNote()).toBe('Tagged MonarchyShow all tags'));

    // Emptying the box and Enter.
    await userEvent.clear(tag);
    await userEvent.keyboard('{Enter}');
    expect(shown.query).toEqual({ page: 1, pageSize: 20, status: 'all' });
    expect(tag.value).toBe('');
    await waitFor(() => expect(listUrls(sent).at(-1)).toBe('/api/admin/articles?page=1&pageSize=20'));
    expect(filterNote()).toBeNull();

    // Show all authors (the line above the rows) empties the box too.
    await userEvent.type(author, 'clive');
    await waitFor(() => expect(optionTexts()).toEqual(['Clive Outrage']));
    await userEvent.keyboard('{ArrowDown}{Enter}');
    await waitFor(() => expect(filterNote()).toBe('By Clive OutrageShow all authors'));
    await userEvent.click(screen.getByRole('button', { name: 'Show all authors' }));
    expect(shown.query).toEqual({ page: 1, pageSize: 20, status: 'all' });
    expect(author.value).toBe('');
  });

  it('the suggestions stay while the next ones load, marked busy, then change', async () => {
    let release: () => void = () => undefined;
    const { client } = listApi({
      hold: (req) =>
        req.url.startsWith('/api/admin/authors?q=jane+d&')
          ? new Promise<void>((resolve) => (release = resolve))
          : undefined,
    });
    showList(client, { page: 1, pageSize: 20, status: 'all' });
    await screen.findByText('100 articles total');
    const author = box('Author');
    await userEvent.type(author, 'jan');
    await waitFor(() => expect(optionTexts()).toEqual(['Jane Doe', 'Janet Roe']));
    await userEvent.type(author, 'e d');
    // Held back: the last suggestions are still there, and the list says they are being replaced.
    await waitFor(() => expect(document.querySelector('[role="listbox"]')?.getAttribute('aria-busy')).toBe('true'));
    expect(optionTexts()).toEqual(['Jane Doe', 'Janet Roe']);
    await act(async () => release());
    await waitFor(() => expect(optionTexts()).toEqual(['Jane Doe']));
    expect(document.querySelector('[role="listbox"]')?.getAttribute('aria-busy')).toBe('false');
  });

  it('a slow answer to an earlier search does not replace the suggestions for what is typed now', async () => {
    let release: () => void = () => undefined;
    const { client, sent } = listApi({
      hold: (req) =>
        req.url.startsWith('/api/admin/authors?q=j&') ? new Promise<void>((resolve) => (release = resolve)) : undefined,
    });
    const shown = showList(client, { page: 1, pageSize: 20, status: 'all' });
    await screen.findByText('100 articles total');
    const author = box('Author');
    await userEvent.type(author, 'j');
    await waitFor(() => expect(searches(sent, 'authors')).toEqual(['/api/admin/authors?q=j&limit=8']));
    await userEvent.type(author, 'anet');
    await waitFor(() => expect(optionTexts()).toEqual(['Janet Roe']));
    // The answer for "j" (Jane Doe and Janet Roe) arrives last.
    await act(async () => {
      release();
      await new Promise((resolve) => setTimeout(resolve, 50));
    });
    expect(optionTexts()).toEqual(['Janet Roe']);
    await userEvent.keyboard('{ArrowDown}{Enter}');
    expect(shown.query.authorId).toBe(3);
  });
});
