// @vitest-environment happy-dom
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import type { NamedRef } from '@common/admin-contract';
import { adminArticle } from '@/testing/admin-article';
import { fakeApi, json, problem, type Sent } from '@/testing/fake-admin-api';
import { recordToasts } from '@/testing/record-toasts';
import { renderInAdmin } from '@/testing/render-in-admin';
import type { AdminArticle, ListQuery } from '../types.ts';
import { ArticlesListView } from './articles-list-view.tsx';

afterEach(cleanup);
const toasts = recordToasts();

const SECTIONS = ['Politics', 'Technology', 'Sport', 'Business', 'US', 'UK'].map((name, i) => ({ id: i + 1, name }));
const tag = (id: number, name: string): NamedRef => ({ id, name, slug: name.toLowerCase().replace(/\W+/g, '-') });
const ELECTION = tag(7, 'Election');
const article = (id: number, headline: string, over: Partial<AdminArticle> = {}): AdminArticle =>
  adminArticle({ id, headline, categoryId: 5, category: 'US', tags: [], version: 3, ...over });

/**
 * The articles API as the bulk edits use it: the list, an article's GET (with its tags), its edit (If-Match
 * its version, at most 20 tags, a new tag name created once) and its category change. `answer` may answer
 * a request first; `gate` holds each write until released.
 */
function articlesApi(
  initial: AdminArticle[],
  opts: {
    answer?: (req: Sent) => Response | undefined;
    gate?: () => Promise<void>;
    /** Holds each read of one article until released. */
    readGate?: () => Promise<void>;
    tags?: NamedRef[];
  } = {},
) {
  let list = initial.map((a) => ({ ...a }));
  let nextTag = 100;
  const api = fakeApi(async (req) => {
    const u = new URL(req.url, 'http://admin.test');
    if (req.method === 'GET' && u.pathname === '/api/admin/categories') return json(200, SECTIONS);
    if (req.method === 'GET' && u.pathname === '/api/admin/tags') {
      const q = (u.searchParams.get('q') ?? '').toLowerCase();
      return json(200, { items: (opts.tags ?? [ELECTION]).filter((t) => t.name.toLowerCase().includes(q)) });
    }
    if (req.method === 'GET' && u.pathname === '/api/admin/articles') {
      const rows = list.filter((a) => !a.deletedAt).map(({ tags: _tags, body: _body, ...row }) => row);
      return json(200, {
        articles: rows,
        currentPage: 1,
        pageSize: 20,
        totalCount: rows.length,
        totalPages: 1,
        hasNextPage: false,
        hasPreviousPage: false,
      });
    }
    if (req.method !== 'GET') await opts.gate?.();
    else await opts.readGate?.();
    const given = opts.answer?.(req);
    if (given) return given;
    const m = /^\/api\/admin\/articles\/(\d+)(\/category)?$/.exec(u.pathname);
    const target = m ? list.find((a) => a.id === Number(m[1])) : undefined;
    if (!m || !target) return problem(404, 'Not Found', `Article ${m?.[1]} was not found.`);
    const change = (over: Partial<AdminArticle>) => {
      list = list.map((a) => (a.id === target.id ? { ...a, ...over, version: a.version + 1 } : a));
      return json(
        200,
        list.find((a) => a.id === target.id),
      );
    };
    if (req.method === 'GET') return json(200, target);
    if (m[2]) {
      const { categoryId } = req.body as { categoryId: number };
      if (categoryId === target.categoryId)
        return problem(400, 'Bad Request', 'The article is already in that category.');
      return change({ categoryId, category: SECTIONS.find((s) => s.id === categoryId)!.name });
    }
    if (req.headers['If-Match'] !== `"${target.version}"`) {
      return problem(
        412,
        'Precondition Failed',
        `The article was changed by Sam Editor (now version ${target.version}).`,
      );
    }
    const sentTags = (req.body as { tags: ({ id: number } | { name: string })[] }).tags;
    if (sentTags.length > 20) {
      return problem(400, 'Bad Request', "Body 'tags' must be a list of at most 20 tags.");
    }
    const known = [...(opts.tags ?? [ELECTION]), ...list.flatMap((a) => a.tags ?? [])];
    const tags = sentTags.map((t) =>
      'id' in t
        ? known.find((k) => k.id === t.id)!
        : (known.find((k) => k.slug === tag(0, t.name).slug) ?? tag(nextTag++, t.name)),
    );
    return change({ tags });
  });
  return { ...api, writes: () => api.sent.filter((r) => r.method !== 'GET') };
}

function ListScreen() {
  const [query, setQuery] = useState<ListQuery>({ page: 1, pageSize: 20, status: 'all' });
  return <ArticlesListView query={query} onQueryChange={setQuery} />;
}

const checkbox = (name: string) => screen.getByRole('checkbox', { name }) as HTMLInputElement;
const bar = () => screen.getByRole('group', { name: 'Bulk actions' });

async function showList(client: Parameters<typeof renderInAdmin>[1]) {
  renderInAdmin(<ListScreen />, client);
  await screen.findByRole('checkbox', { name: 'Select all on this page' });
}

/** Opens the bar's More and the edit's dialog. */
async function openEdit(label: string, title: string) {
  fireEvent.click(within(bar()).getByRole('button', { name: 'More' }));
  fireEvent.click(within(bar()).getByRole('button', { name: label }));
  return screen.findByRole('alertdialog', { name: title });
}

/** Types in the dialog's tag box and takes the suggestion. */
async function chooseTag(dialog: HTMLElement, typed: string, suggestion: string) {
  const box = within(dialog).getByRole('combobox', { name: 'Tag' });
  fireEvent.change(box, { target: { value: typed } });
  fireEvent.click(await within(dialog).findByRole('option', { name: suggestion }));
}

describe("the bulk bar's More", () => {
  it('is a disclosure of Duplicate, Change section, Add tag and Remove tag; Escape closes it and gives the focus back', async () => {
    const { client } = articlesApi([article(1, 'Goat Elected Mayor')]);
    await showList(client);
    fireEvent.click(checkbox('Select Goat Elected Mayor'));
    const more = within(bar()).getByRole('button', { name: 'More' });
    expect(more.getAttribute('aria-expanded')).toBe('false');
    expect(
      within(bar())
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Clear selection', 'Publish', 'Move to Trash', 'More']);
    fireEvent.click(more);
    expect(more.getAttribute('aria-expanded')).toBe('true');
    const group = within(bar()).getByRole('group', { name: 'More bulk actions' });
    expect(more.getAttribute('aria-controls')).toBe(group.id);
    expect(
      within(group)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Duplicate', 'Change section', 'Add tag', 'Remove tag']);
    within(group).getByRole('button', { name: 'Add tag' }).focus();
    fireEvent.keyDown(group, { key: 'Escape' });
    expect(more.getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(more);
  });
});

describe('Change section', () => {
  it('moves the selection with the category request one at a time, leaves out those already there, and sums up', async () => {
    const held: (() => void)[] = [];
    const { client, writes } = articlesApi(
      [
        article(1, 'Goat Elected Mayor'),
        article(2, 'Moon Found Under Sofa', { publishedAt: '2026-01-04T08:00:00.000Z' }),
        article(3, 'Already Political', { categoryId: 1, category: 'Politics' }),
      ],
      { gate: () => new Promise<void>((resolve) => held.push(resolve)) },
    );
    await showList(client);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select all on this page' }));
    const dialog = await openEdit('Change section', 'Move 3 articles to …?');
    expect(within(dialog).getByText('Choose the section to move them to.')).toBeTruthy();
    const move = within(dialog).getByRole('button', { name: 'Move' }) as HTMLButtonElement;
    expect(move.disabled).toBe(true);
    const select = within(dialog).getByRole('combobox', { name: 'Section' }) as HTMLSelectElement;
    expect(Array.from(select.options, (o) => o.text)).toEqual(['Choose a section', ...SECTIONS.map((s) => s.name)]);

    fireEvent.change(select, { target: { value: '1' } });
    await screen.findByRole('alertdialog', { name: 'Move 2 articles to Politics?' });
    expect(
      within(dialog).getByText(
        'They move to Politics: those published show there on the site at once. 1 is already in Politics and is left as it is.',
      ),
    ).toBeTruthy();
    fireEvent.click(move);
    await waitFor(() => expect(held).toHaveLength(1));
    expect(within(dialog).getByText('Moving 1 of 2…')).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Moving…' })).toBeTruthy();
    expect(document.activeElement).toBe(within(dialog).getByText('Moving 1 of 2…').parentElement);
    act(() => held.shift()!());
    await waitFor(() => expect(held).toHaveLength(1));
    expect(within(dialog).getByText('Moving 2 of 2…')).toBeTruthy();
    act(() => held.shift()!());
    await waitFor(() => expect(toasts).toEqual([{ title: 'Moved 2 articles to Politics' }]));
    expect(writes().map((r) => [r.method, r.url, r.body])).toEqual([
      ['PUT', '/api/admin/articles/1/category', { categoryId: 1 }],
      ['PUT', '/api/admin/articles/2/category', { categoryId: 1 }],
    ]);
    // Nothing refused: nothing stays selected and the focus goes to the list's title.
    await waitFor(() => expect(screen.queryByRole('group', { name: 'Bulk actions' })).toBeNull());
  });

  it("reports a refusal with the server's reason; the refused row stays selected", async () => {
    const { client } = articlesApi([article(1, 'Goat Elected Mayor'), article(2, 'Moon Found Under Sofa')], {
      answer: (req) =>
        req.url === '/api/admin/articles/2/category'
          ? problem(404, 'Not Found', 'Article 2 was not found.')
          : undefined,
    });
    await showList(client);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select all on this page' }));
    const dialog = await openEdit('Change section', 'Move 2 articles to …?');
    fireEvent.change(within(dialog).getByRole('combobox', { name: 'Section' }), { target: { value: '3' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Move' }));
    await waitFor(() =>
      expect(toasts).toEqual([
        {
          title: 'Moved 1 article to Sport; 1 could not be',
          description: '“Moon Found Under Sofa”: Article 2 was not found.',
          variant: 'destructive',
        },
      ]),
    );
    await waitFor(() => expect(within(bar()).getByText('1 selected')).toBeTruthy());
    expect(checkbox('Select Moon Found Under Sofa').checked).toBe(true);
  });

  it('says so, and sends nothing, when the whole selection is already in the section', async () => {
    const { client, writes } = articlesApi([article(1, 'Goat Elected Mayor'), article(2, 'Moon Found Under Sofa')]);
    await showList(client);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select all on this page' }));
    const dialog = await openEdit('Change section', 'Move 2 articles to …?');
    fireEvent.change(within(dialog).getByRole('combobox', { name: 'Section' }), { target: { value: '5' } });
    await screen.findByRole('alertdialog', { name: 'No article to move to US' });
    expect(within(dialog).getByText('2 are already in US and are left as they are.')).toBeTruthy();
    expect((within(dialog).getByRole('button', { name: 'Move' }) as HTMLButtonElement).disabled).toBe(true);
    expect(writes()).toEqual([]);
  });
});

describe('Add tag and Remove tag', () => {
  it("adds a tag through each article's edit with its version, leaves out those that have it, refuses at the limit", async () => {
    const twenty = Array.from({ length: 20 }, (_, i) => tag(200 + i, `Tag ${i}`));
    const { client, writes } = articlesApi(
      [
        article(1, 'Goat Elected Mayor', { tags: [tag(3, 'Goats')] }),
        article(2, 'Moon Found Under Sofa', { tags: [ELECTION] }),
        article(3, 'Tagged To The Brim', { tags: twenty }),
      ],
      { tags: [ELECTION, tag(3, 'Goats'), ...twenty] },
    );
    await showList(client);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select all on this page' }));
    const dialog = await openEdit('Add tag', 'Add a tag to 3 articles?');
    expect(within(dialog).getByText('Choose a tag, or type the name of a new one.')).toBeTruthy();
    expect((within(dialog).getByRole('button', { name: 'Add tag' }) as HTMLButtonElement).disabled).toBe(true);
    await chooseTag(dialog, 'elec', 'Election');
    await screen.findByRole('alertdialog', { name: 'Add the tag “Election” to 2 articles?' });
    expect(
      within(dialog).getByText(
        'Each gets the tag “Election”; their other tags stay. 1 already has the tag and is left as it is.',
      ),
    ).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add tag' }));
    await waitFor(() => expect(toasts).toHaveLength(1));
    expect(toasts[0]).toEqual({
      title: 'Added the tag “Election” to 1 article; 1 could not be',
      description: "“Tagged To The Brim”: Body 'tags' must be a list of at most 20 tags.",
      variant: 'destructive',
    });
    const [first, second] = writes();
    expect([first!.method, first!.url, first!.headers['If-Match']]).toEqual(['PUT', '/api/admin/articles/1', '"3"']);
    // Every field as the article has it, the tags changed; what an edit may leave out is left out.
    const a = article(1, 'Goat Elected Mayor');
    expect(first!.body).toEqual({
      headline: a.headline,
      summary: a.summary,
      body: a.body,
      categoryId: 5,
      author: a.author,
      tags: [{ id: 3 }, { id: 7 }],
      source: a.source,
      originalUrl: null,
      imageUrl: null,
      ratingOutOfTen: 5,
      comments: '',
      isBreaking: false,
    });
    expect(second!.url).toBe('/api/admin/articles/3');
    expect((second!.body as { tags: unknown[] }).tags).toHaveLength(21);
  });

  it('offers a new name, created with the first article; a version conflict is a refusal with its reason', async () => {
    const { client, writes } = articlesApi(
      [article(1, 'Goat Elected Mayor'), article(2, 'Moon Found Under Sofa'), article(3, 'Changed Meanwhile')],
      {
        // Someone saved article 3 after it was read: its edit is refused as the server refuses a stale one.
        answer: (req) =>
          req.method === 'PUT' && req.url === '/api/admin/articles/3'
            ? problem(412, 'Precondition Failed', 'The article was changed by Sam Editor (now version 4).')
            : undefined,
      },
    );
    await showList(client);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select all on this page' }));
    const dialog = await openEdit('Add tag', 'Add a tag to 3 articles?');
    await chooseTag(dialog, 'Goat Watch', 'Add new tag “Goat Watch”');
    await screen.findByRole('alertdialog', { name: 'Add the tag “Goat Watch” to 3 articles?' });
    expect(
      within(dialog).getByText(
        'Each gets the tag “Goat Watch”; their other tags stay. The tag is new: it is created with the first article.',
      ),
    ).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add tag' }));
    await waitFor(() =>
      expect(toasts).toEqual([
        {
          title: 'Added the tag “Goat Watch” to 2 articles; 1 could not be',
          description: '“Changed Meanwhile”: The article was changed by Sam Editor (now version 4).',
          variant: 'destructive',
        },
      ]),
    );
    expect(writes().map((r) => (r.body as { tags: unknown }).tags)).toEqual([
      [{ name: 'Goat Watch' }],
      [{ name: 'Goat Watch' }],
      [{ name: 'Goat Watch' }],
    ]);
  });

  it('removes a tag from those that have it; Stop ends the run after the article being sent', async () => {
    const held: (() => void)[] = [];
    const { client, writes } = articlesApi(
      [
        article(1, 'Goat Elected Mayor', { tags: [tag(3, 'Goats'), ELECTION] }),
        article(2, 'No Election Here', { tags: [tag(3, 'Goats')] }),
        article(3, 'Moon Found Under Sofa', { tags: [ELECTION] }),
      ],
      { gate: () => new Promise<void>((resolve) => held.push(resolve)), tags: [ELECTION, tag(3, 'Goats')] },
    );
    await showList(client);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select all on this page' }));
    const dialog = await openEdit('Remove tag', 'Remove a tag from 3 articles?');
    expect(within(dialog).getByText('Choose the tag to remove.')).toBeTruthy();
    await chooseTag(dialog, 'Elec', 'Election');
    await screen.findByRole('alertdialog', { name: 'Remove the tag “Election” from 2 articles?' });
    expect(
      within(dialog).getByText(
        'Each loses the tag “Election”; their other tags stay. 1 does not have the tag and is left as it is.',
      ),
    ).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Remove tag' }));
    await waitFor(() => expect(held).toHaveLength(1));
    expect(within(dialog).getByText('Untagging 1 of 2…')).toBeTruthy();
    expect(within(dialog).getByRole('log').textContent).toBe('Removing the tag “Election” from 2 articles…');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Stop' }));
    expect(within(dialog).getByRole('button', { name: 'Stopping…' })).toBeTruthy();
    act(() => held.shift()!());
    await waitFor(() => expect(toasts).toEqual([{ title: '1 of 2 untagged “Election”; stopped, 1 not changed' }]));
    expect(writes().map((r) => [r.url, (r.body as { tags: unknown }).tags])).toEqual([
      ['/api/admin/articles/1', [{ id: 3 }]],
    ]);
    // The one not sent stays selected, to run again.
    await waitFor(() => expect(within(bar()).getByText('1 selected')).toBeTruthy());
    expect(checkbox('Select Moon Found Under Sofa').checked).toBe(true);
  });

  it("says it is reading the selection's tags, and waits for them before the confirm", async () => {
    const held: (() => void)[] = [];
    const { client } = articlesApi([article(1, 'Goat Elected Mayor', { tags: [ELECTION] }), article(2, 'Moon Found')], {
      readGate: () => new Promise<void>((resolve) => held.push(resolve)),
    });
    await showList(client);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select all on this page' }));
    const dialog = await openEdit('Add tag', 'Add a tag to 2 articles?');
    await chooseTag(dialog, 'Elec', 'Election');
    expect(within(dialog).getByRole('status').textContent).toBe('Checking the selected articles’ tags…');
    expect((within(dialog).getByRole('button', { name: 'Add tag' }) as HTMLButtonElement).disabled).toBe(true);
    await waitFor(() => expect(held).toHaveLength(2));
    act(() => held.splice(0).forEach((release) => release()));
    await screen.findByRole('alertdialog', { name: 'Add the tag “Election” to 1 article?' });
    expect(
      within(dialog).getByText(
        '“Moon Found” gets the tag “Election”; its other tags stay. 1 already has the tag and is left as it is.',
      ),
    ).toBeTruthy();
    // The same region then tells a screen reader what the choice does (out of sight).
    const told = within(dialog).getByRole('status');
    expect(told.className).toBe('admin-sr-only');
    expect(told.textContent).toBe(
      'Add the tag “Election” to 1 article? “Moon Found” gets the tag “Election”; its other tags stay. 1 already has the tag and is left as it is.',
    );
    expect((within(dialog).getByRole('button', { name: 'Add tag' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('reads the selected articles’ tags four at a time, the others queued', async () => {
    const held: (() => void)[] = [];
    let inFlight = 0;
    let most = 0;
    const twelve = Array.from({ length: 12 }, (_, i) =>
      article(i + 1, `Story ${i + 1}`, { tags: i % 3 === 0 ? [ELECTION] : [] }),
    );
    const { client, sent } = articlesApi(twelve, {
      readGate: () => {
        inFlight++;
        most = Math.max(most, inFlight);
        return new Promise<void>((resolve) =>
          held.push(() => {
            inFlight--;
            resolve();
          }),
        );
      },
    });
    await showList(client);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select all on this page' }));
    const dialog = await openEdit('Add tag', 'Add a tag to 12 articles?');
    await chooseTag(dialog, 'Elec', 'Election');
    const reads = () => sent.filter((r) => r.method === 'GET' && /^\/api\/admin\/articles\/\d+$/.test(r.url));
    for (let released = 0; released < 12; released++) {
      await waitFor(() => expect(held.length).toBeGreaterThan(0));
      expect(within(dialog).getByRole('status').textContent).toBe('Checking the selected articles’ tags…');
      expect(inFlight).toBeLessThanOrEqual(4);
      act(() => held.shift()!());
    }
    await screen.findByRole('alertdialog', { name: 'Add the tag “Election” to 8 articles?' });
    expect(most).toBe(4);
    expect(reads()).toHaveLength(12);
  });
});
