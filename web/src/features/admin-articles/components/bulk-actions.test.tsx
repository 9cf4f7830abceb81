// @vitest-environment happy-dom
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { adminArticle } from '@/testing/admin-article';
import { fakeApi, json, problem, type Sent } from '@/testing/fake-admin-api';
import { recordToasts } from '@/testing/record-toasts';
import { renderInAdmin } from '@/testing/render-in-admin';
import type { AdminArticle, ListQuery } from '../types.ts';
import { ArticlesListView } from './articles-list-view.tsx';

afterEach(cleanup);
const toasts = recordToasts();

const article = (id: number, headline: string, over: Partial<AdminArticle> = {}): AdminArticle =>
  adminArticle({ id, headline, ...over });

const PUBLISHED = '2026-01-04T08:00:00.000Z';
/** A scheduled article: not public yet, going out at a time to come. */
const SCHEDULED: Partial<AdminArticle> = { status: 'scheduled', publishAt: '2099-01-04T08:00:00.000Z' };

/**
 * The articles API over a list it changes as the server would: publish, unpublish, duplicate, delete,
 * restore and purge (delete for good) with their 409s; `answer` may answer a request first (a refusal), `gate` holds each write until released.
 */
function articlesApi(
  initial: AdminArticle[],
  opts: {
    answer?: (req: Sent) => Response | undefined;
    gate?: () => Promise<void>;
    /** Holds each load of the list (the reload at a run's end) until released. */
    listGate?: () => Promise<void>;
  } = {},
) {
  let list = initial.map((a) => ({ ...a }));
  const api = fakeApi(async (req) => {
    const u = new URL(req.url, 'http://admin.test');
    if (req.method === 'GET' && u.pathname === '/api/admin/categories') return json(200, [{ id: 1, name: 'Politics' }]);
    if (req.method === 'GET' && u.pathname === '/api/admin/articles') {
      await opts.listGate?.();
      const status = u.searchParams.get('status') ?? 'all';
      const rows = list.filter((a) =>
        status === 'trash'
          ? a.deletedAt
          : !a.deletedAt && (status === 'published' ? a.publishedAt : status === 'unpublished' ? !a.publishedAt : true),
      );
      const page = Number(u.searchParams.get('page'));
      const size = Number(u.searchParams.get('pageSize'));
      const totalPages = Math.max(1, Math.ceil(rows.length / size));
      return json(200, {
        articles: rows.slice((page - 1) * size, page * size),
        currentPage: page,
        pageSize: size,
        totalCount: rows.length,
        totalPages,
        hasNextPage: page < totalPages,
        hasPreviousPage: page > 1,
      });
    }
    await opts.gate?.();
    const given = opts.answer?.(req);
    if (given) return given;
    const m = /^\/api\/admin\/articles\/(\d+)(?:\/(publish|unpublish|duplicate|restore|purge))?$/.exec(u.pathname);
    const target = m ? list.find((a) => a.id === Number(m[1])) : undefined;
    if (!m || !target) return problem(404, 'Not Found', `Article ${m?.[1]} was not found.`);
    const change = (over: Partial<AdminArticle>) => {
      list = list.map((a) => (a.id === target.id ? { ...a, ...over } : a));
      return list.find((a) => a.id === target.id)!;
    };
    const action = req.method === 'DELETE' ? 'delete' : m[2];
    if (action === 'publish') {
      if (target.publishedAt) return problem(409, 'Conflict', 'The article is already published.');
      return json(200, change({ publishedAt: new Date().toISOString(), status: 'published' }));
    }
    if (action === 'unpublish') {
      // As the server: a scheduled article loses its schedule.
      if (!target.publishedAt && !target.publishAt) return problem(409, 'Conflict', 'The article is not published.');
      return json(200, change({ publishedAt: null, status: 'draft', publishAt: null }));
    }
    if (action === 'delete') {
      change({ deletedAt: new Date().toISOString() });
      return json(204, null);
    }
    if (action === 'duplicate') {
      // As the server: a new draft, first in the list (the newest), its headline ending ' (copy)'.
      if (target.deletedAt) return problem(409, 'Conflict', 'The article is in the trash.');
      const copy: AdminArticle = {
        ...target,
        id: Math.max(...list.map((a) => a.id)) + 1,
        headline: `${target.headline} (copy)`,
        publishedAt: null,
        publishAt: null,
        status: 'draft',
      };
      list = [copy, ...list];
      return json(201, copy);
    }
    if (action === 'restore') return json(200, change({ deletedAt: null }));
    if (action === 'purge') {
      if (!target.deletedAt) return problem(409, 'Conflict', 'The article is not in the trash.');
      list = list.filter((a) => a.id !== target.id);
      return json(204, null);
    }
    return problem(404, 'Not Found');
  });
  return { ...api, writes: () => api.sent.filter((r) => r.method !== 'GET') };
}

/** All Articles with its URL state held in memory (page and filter changes work as on the screen). */
function ListScreen({ initial }: { initial: ListQuery }) {
  const [query, setQuery] = useState(initial);
  return <ArticlesListView query={query} onQueryChange={setQuery} />;
}

const FIRST: ListQuery = { page: 1, pageSize: 20, status: 'all' };

const checkbox = (name: string) => screen.getByRole('checkbox', { name }) as HTMLInputElement;
const selectAll = () => checkbox('Select all on this page');
const bar = () => screen.queryByRole('group', { name: 'Bulk actions' });
/** Opens the bar's More (Duplicate and the edits are under it). */
const openMore = () => fireEvent.click(within(bar()!).getByRole('button', { name: 'More' }));
/** Text on screen, not the out-of-sight live region that may say the same. */
const SHOWN = { ignore: 'script, style, [role="log"] *' };
/** What the polite live region says: the page's, or the dialog's (while it is open the page is inert). */
const spoken = (dialog?: HTMLElement) => {
  const log = dialog ? within(dialog).getByRole('log') : screen.getAllByRole('log').find((l) => !l.closest('dialog'));
  return Array.from(log!.children, (p) => p.textContent);
};
const listRequests = (sent: Sent[]) =>
  sent.filter((r) => r.method === 'GET' && r.url.startsWith('/api/admin/articles?'));

async function showList(client: Parameters<typeof renderInAdmin>[1], query: ListQuery = FIRST) {
  renderInAdmin(<ListScreen initial={query} />, client);
  await screen.findByRole('checkbox', { name: 'Select all on this page' });
}

describe('bulk actions on All Articles', () => {
  it('publishes the selected drafts one request after the other, leaves the published one out and sums up in one toast', async () => {
    const held: (() => void)[] = [];
    const { client, sent, writes } = articlesApi(
      [
        article(1, 'Goat Elected Mayor'),
        article(2, 'Published Already', { publishedAt: PUBLISHED }),
        article(3, 'Moon Found Under Sofa'),
        article(4, 'Not Chosen'),
      ],
      { gate: () => new Promise<void>((resolve) => held.push(resolve)) },
    );
    await showList(client);

    fireEvent.click(checkbox('Select Goat Elected Mayor'));
    fireEvent.click(checkbox('Select Moon Found Under Sofa'));
    expect(within(bar()!).getByText('2 selected')).toBeTruthy();
    fireEvent.click(checkbox('Select Published Already'));
    expect(within(bar()!).getByText('3 selected')).toBeTruthy();
    // Outside the Trash: Publish, Unpublish, Duplicate and Move to Trash; no Restore.
    expect(
      within(bar()!)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Clear selection', 'Publish', 'Unpublish', 'Move to Trash', 'More']);

    fireEvent.click(within(bar()!).getByRole('button', { name: 'Publish' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Publish 2 articles?' });
    expect(dialog.textContent).toContain(
      "They go live on the site now. Each is shared to X and Facebook as its own choice says (a box left untouched follows the Social page's default; nothing goes to an account that is not connected). 1 is already published and is left as it is.",
    );
    expect(writes()).toEqual([]);

    const listsBefore = listRequests(sent).length;
    fireEvent.click(within(dialog).getByRole('button', { name: 'Publish' }));
    // The first request waits: the second is not sent meanwhile, and the dialog says where it is.
    await waitFor(() => expect(held).toHaveLength(1));
    expect(writes().map((r) => `${r.method} ${r.url}`)).toEqual(['POST /api/admin/articles/1/publish']);
    expect(within(dialog).getByText('Publishing 1 of 2…')).toBeTruthy();
    expect((within(dialog).getByRole('button', { name: 'Publishing…' }) as HTMLButtonElement).disabled).toBe(true);
    act(() => held.shift()!());
    await waitFor(() => expect(held).toHaveLength(1));
    expect(within(dialog).getByText('Publishing 2 of 2…')).toBeTruthy();
    // A screen reader hears the start once, not each article: the count is outside the live region.
    expect(spoken(dialog)).toEqual(['Publishing 2 articles…']);
    act(() => held.shift()!());

    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(writes().map((r) => `${r.method} ${r.url}`)).toEqual([
      'POST /api/admin/articles/1/publish',
      'POST /api/admin/articles/3/publish',
    ]);
    expect(toasts).toEqual([{ title: 'Published 2 articles' }]);
    // The list (and its counts) reloaded once, after the last request.
    expect(listRequests(sent).length - listsBefore).toBe(1);
    // Nothing stays selected; the focus goes to the list's heading.
    expect(bar()).toBeNull();
    expect(checkbox('Select Published Already').checked).toBe(false);
    expect(document.activeElement?.id).toBe('admin-list-title');
  });

  it('a refusal does not stop the others: the toast names it and its row stays selected', async () => {
    const { client, writes } = articlesApi([article(1, 'Goat Elected Mayor'), article(2, 'Moon Found Under Sofa')], {
      answer: (req) =>
        req.url === '/api/admin/articles/1/publish'
          ? problem(409, 'Conflict', 'The article is already published.')
          : undefined,
    });
    await showList(client);
    fireEvent.click(selectAll());
    fireEvent.click(within(bar()!).getByRole('button', { name: 'Publish' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Publish 2 articles?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Publish' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());

    expect(writes().map((r) => r.url)).toEqual(['/api/admin/articles/1/publish', '/api/admin/articles/2/publish']);
    expect(toasts).toEqual([
      {
        title: 'Published 1 article; 1 could not be',
        description: '“Goat Elected Mayor”: The article is already published.',
        variant: 'destructive',
      },
    ]);
    await waitFor(() => expect(screen.getByText('Published')).toBeTruthy());
    expect(checkbox('Select Goat Elected Mayor').checked).toBe(true);
    expect(checkbox('Select Moon Found Under Sofa').checked).toBe(false);
    expect(within(bar()!).getByText('1 selected')).toBeTruthy();
    // The focus is on the bar, where the refused row can be acted on again.
    expect(document.activeElement).toBe(bar());
  });

  it('a network error is a refusal too, with its reason', async () => {
    const { client } = articlesApi([article(1, 'Goat Elected Mayor'), article(2, 'Moon Found Under Sofa')], {
      answer: (req) => {
        if (req.url === '/api/admin/articles/2') throw new TypeError('Failed to fetch');
        return undefined;
      },
    });
    await showList(client);
    fireEvent.click(selectAll());
    fireEvent.click(within(bar()!).getByRole('button', { name: 'Move to Trash' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Move 2 articles to the Trash?' });
    expect(dialog.textContent).toContain(
      "They move to the Trash. You can restore them from the Trash for 30 days; after that they are deleted for good. Their posts on X and Facebook stay (an article's own Delete offers to delete them too).",
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Move to Trash' }));
    await waitFor(() => expect(toasts).toHaveLength(1));
    expect(toasts[0]).toEqual({
      title: 'Moved 1 article to the Trash; 1 could not be',
      description: '“Moon Found Under Sofa”: Error deleting article: Failed to fetch.',
      variant: 'destructive',
      action: { label: 'Undo', onClick: expect.any(Function) },
    });
  });

  it('Select all on this page: checked, unchecked or mixed as the rows are', async () => {
    const { client } = articlesApi([article(1, 'One'), article(2, 'Two'), article(3, 'Three')]);
    await showList(client);
    expect(selectAll().checked).toBe(false);
    expect(selectAll().indeterminate).toBe(false);
    expect(bar()).toBeNull();

    fireEvent.click(checkbox('Select Two'));
    expect(selectAll().checked).toBe(false);
    expect(selectAll().indeterminate).toBe(true);

    fireEvent.click(selectAll());
    expect(['One', 'Two', 'Three'].map((h) => checkbox(`Select ${h}`).checked)).toEqual([true, true, true]);
    expect(selectAll().checked).toBe(true);
    expect(selectAll().indeterminate).toBe(false);
    expect(within(bar()!).getByText('3 selected')).toBeTruthy();

    fireEvent.click(checkbox('Select One'));
    expect(selectAll().indeterminate).toBe(true);
    fireEvent.click(within(bar()!).getByRole('button', { name: 'Clear selection' }));
    expect(['One', 'Two', 'Three'].map((h) => checkbox(`Select ${h}`).checked)).toEqual([false, false, false]);
    expect(selectAll().indeterminate).toBe(false);
    expect(bar()).toBeNull();
    expect(document.activeElement).toBe(selectAll());

    fireEvent.click(selectAll());
    fireEvent.click(selectAll());
    expect(bar()).toBeNull();
  });

  it('another page clears the selection, and coming back does not bring it back', async () => {
    const many = Array.from({ length: 12 }, (_, i) => article(i + 1, `Story ${i + 1}`));
    const { client } = articlesApi(many);
    await showList(client, { page: 1, pageSize: 10, status: 'all' });
    fireEvent.click(checkbox('Select Story 1'));
    fireEvent.click(checkbox('Select Story 2'));
    expect(within(bar()!).getByText('2 selected')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Next page' }));
    await screen.findByRole('checkbox', { name: 'Select Story 11' });
    expect(bar()).toBeNull();
    expect(selectAll().checked).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: 'Previous page' }));
    await screen.findByRole('checkbox', { name: 'Select Story 1' });
    expect(checkbox('Select Story 1').checked).toBe(false);
    expect(bar()).toBeNull();

    // A filter too.
    fireEvent.click(checkbox('Select Story 3'));
    fireEvent.change(screen.getByLabelText('Sort'), { target: { value: 'oldest' } });
    await waitFor(() => expect(bar()).toBeNull());
    expect(checkbox('Select Story 3').checked).toBe(false);
  });

  it('a double click on the confirm sends each request once', async () => {
    const { client, writes } = articlesApi([
      article(1, 'Goat Elected Mayor', { publishedAt: PUBLISHED }),
      article(2, 'Moon Found Under Sofa', { publishedAt: PUBLISHED }),
    ]);
    await showList(client);
    fireEvent.click(selectAll());
    expect(
      within(bar()!)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Clear selection', 'Unpublish', 'Move to Trash', 'More']);
    fireEvent.click(within(bar()!).getByRole('button', { name: 'Unpublish' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Unpublish 2 articles?' });
    expect(dialog.textContent).toContain(
      "They come off the site. Their posts on X and Facebook stay (an article's own Unpublish offers to delete them too).",
    );
    const confirm = within(dialog).getByRole('button', { name: 'Unpublish' });
    act(() => {
      confirm.click();
      confirm.click();
    });
    await waitFor(() => expect(toasts).toHaveLength(1));
    expect(writes().map((r) => `${r.method} ${r.url}`)).toEqual([
      'POST /api/admin/articles/1/unpublish',
      'POST /api/admin/articles/2/unpublish',
    ]);
    expect(toasts[0]).toEqual({ title: 'Unpublished 2 articles' });
  });

  it('Unpublish takes a scheduled article off its schedule, with the single request, and says so first', async () => {
    const { client, writes } = articlesApi([
      article(1, 'Goat To Wed At Noon', SCHEDULED),
      article(2, 'Published Already', { publishedAt: PUBLISHED }),
      article(3, 'Plain Draft'),
    ]);
    await showList(client);
    expect(screen.getByText('Scheduled')).toBeTruthy();
    // A scheduled one alone is enough to offer Unpublish.
    fireEvent.click(checkbox('Select Goat To Wed At Noon'));
    expect(
      within(bar()!)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Clear selection', 'Publish', 'Unpublish', 'Move to Trash', 'More']);
    fireEvent.click(selectAll());
    fireEvent.click(within(bar()!).getByRole('button', { name: 'Unpublish' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Unpublish 2 articles?' });
    expect(dialog.textContent).toContain(
      "The published one comes off the site; the scheduled one is taken off its schedule and stays a draft. Its posts on X and Facebook stay (the article's own Unpublish offers to delete them too). 1 is neither published nor scheduled and is left as it is.",
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Unpublish' }));
    await waitFor(() => expect(toasts).toEqual([{ title: 'Unpublished 2 articles' }]));
    expect(writes().map((r) => `${r.method} ${r.url}`)).toEqual([
      'POST /api/admin/articles/1/unpublish',
      'POST /api/admin/articles/2/unpublish',
    ]);
    // All three are drafts now: no Scheduled badge, no Unpublish left to offer.
    await waitFor(() => expect(screen.queryByText('Scheduled')).toBeNull());
    expect(screen.getAllByText('Draft')).toHaveLength(3);
  });

  it('in the Trash the bar offers Restore and Delete for good', async () => {
    const deletedAt = new Date().toISOString();
    const { client, writes } = articlesApi([
      article(1, 'Binned Goat', { deletedAt }),
      article(2, 'Binned Moon', { deletedAt }),
      article(3, 'Still Here'),
    ]);
    await showList(client, { page: 1, pageSize: 20, status: 'trash' });
    fireEvent.click(selectAll());
    expect(
      within(bar()!)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Clear selection', 'Restore', 'Delete for good']);
    fireEvent.click(within(bar()!).getByRole('button', { name: 'Restore' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Restore 2 articles?' });
    expect(dialog.textContent).toContain(
      'They come back out of the Trash as they were: one that was published is on the site again at once.',
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Restore' }));
    await waitFor(() => expect(toasts).toEqual([{ title: 'Restored 2 articles' }]));
    expect(writes().map((r) => `${r.method} ${r.url}`)).toEqual([
      'POST /api/admin/articles/1/restore',
      'POST /api/admin/articles/2/restore',
    ]);
    expect(await screen.findByText('The trash is empty.')).toBeTruthy();
  });
});

describe('Duplicate with the bar', () => {
  it('asks first, copies the selection one request at a time as drafts and sums up without an Undo', async () => {
    const held: (() => void)[] = [];
    const { client, sent, writes } = articlesApi(
      [
        article(1, 'Goat Elected Mayor', { publishedAt: PUBLISHED }),
        article(2, 'Moon Found Under Sofa'),
        article(3, 'Not Chosen'),
      ],
      { gate: () => new Promise<void>((resolve) => held.push(resolve)) },
    );
    await showList(client);
    fireEvent.click(checkbox('Select Goat Elected Mayor'));
    fireEvent.click(checkbox('Select Moon Found Under Sofa'));
    openMore();
    fireEvent.click(within(bar()!).getByRole('button', { name: 'Duplicate' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Duplicate 2 articles?' });
    expect(dialog.textContent).toContain(
      'Each becomes a new draft copy (not published, not shared). The originals are left as they are.',
    );
    // Not a danger: the confirm has the primary tone.
    const confirm = within(dialog).getByRole('button', { name: 'Duplicate' });
    expect(confirm.className).toContain('admin-btn--primary');
    expect(writes()).toEqual([]);

    const listsBefore = listRequests(sent).length;
    act(() => {
      confirm.click();
      confirm.click();
    });
    await waitFor(() => expect(held).toHaveLength(1));
    expect(within(dialog).getByText('Duplicating 1 of 2…')).toBeTruthy();
    expect((within(dialog).getByRole('button', { name: 'Duplicating…' }) as HTMLButtonElement).disabled).toBe(true);
    expect(spoken(dialog)).toEqual(['Duplicating 2 articles…']);
    act(() => held.shift()!());
    await waitFor(() => expect(held).toHaveLength(1));
    expect(within(dialog).getByText('Duplicating 2 of 2…')).toBeTruthy();
    act(() => held.shift()!());

    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(writes().map((r) => `${r.method} ${r.url}`)).toEqual([
      'POST /api/admin/articles/1/duplicate',
      'POST /api/admin/articles/2/duplicate',
    ]);
    expect(toasts).toEqual([{ title: 'Duplicated 2 articles' }]);
    expect(listRequests(sent).length - listsBefore).toBe(1);
    // The copies are in the list as drafts; the originals as they were. Nothing stays selected.
    expect(await screen.findByRole('link', { name: 'Goat Elected Mayor (copy)' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Moon Found Under Sofa (copy)' })).toBeTruthy();
    expect(screen.getAllByText('Published')).toHaveLength(1);
    expect(screen.getAllByText('Draft')).toHaveLength(4);
    expect(bar()).toBeNull();
    expect(document.activeElement?.id).toBe('admin-list-title');
  });

  it('names the one article; a refused copy is named in the toast and its row stays selected', async () => {
    const { client } = articlesApi([article(1, 'Goat Elected Mayor'), article(2, 'Moon Found Under Sofa')], {
      answer: (req) =>
        req.url === '/api/admin/articles/1/duplicate'
          ? problem(404, 'Not Found', 'Article 1 was not found.')
          : undefined,
    });
    await showList(client);
    fireEvent.click(checkbox('Select Goat Elected Mayor'));
    openMore();
    fireEvent.click(within(bar()!).getByRole('button', { name: 'Duplicate' }));
    const one = await screen.findByRole('alertdialog', { name: 'Duplicate 1 article?' });
    expect(one.textContent).toContain(
      '“Goat Elected Mayor” becomes a new draft copy (not published, not shared). The original is left as it is.',
    );
    fireEvent.click(within(one).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());

    fireEvent.click(selectAll());
    fireEvent.click(within(bar()!).getByRole('button', { name: 'Duplicate' }));
    const both = await screen.findByRole('alertdialog', { name: 'Duplicate 2 articles?' });
    fireEvent.click(within(both).getByRole('button', { name: 'Duplicate' }));
    await waitFor(() => expect(toasts).toHaveLength(1));
    expect(toasts[0]).toEqual({
      title: 'Duplicated 1 article; 1 could not be',
      description: '“Goat Elected Mayor”: Article 1 was not found.',
      variant: 'destructive',
    });
    expect(await screen.findByRole('link', { name: 'Moon Found Under Sofa (copy)' })).toBeTruthy();
    expect(checkbox('Select Goat Elected Mayor').checked).toBe(true);
    expect(checkbox('Select Moon Found Under Sofa').checked).toBe(false);
    expect(within(bar()!).getByText('1 selected')).toBeTruthy();
    expect(document.activeElement).toBe(bar());
  });

  it('Stop ends the run between two copies; the toast says how many were duplicated', async () => {
    const held: (() => void)[] = [];
    const { client, writes } = articlesApi([article(1, 'One'), article(2, 'Two'), article(3, 'Three')], {
      gate: () => new Promise<void>((resolve) => held.push(resolve)),
    });
    await showList(client);
    fireEvent.click(selectAll());
    openMore();
    fireEvent.click(within(bar()!).getByRole('button', { name: 'Duplicate' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Duplicate 3 articles?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Duplicate' }));
    await waitFor(() => expect(held).toHaveLength(1));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Stop' }));
    act(() => held.shift()!());
    await waitFor(() => expect(toasts).toEqual([{ title: '1 of 3 duplicated; stopped, 2 not changed' }]));
    expect(writes().map((r) => r.url)).toEqual(['/api/admin/articles/1/duplicate']);
    // The two not sent stay selected, to run again.
    await screen.findByRole('link', { name: 'One (copy)' });
    expect(['Two', 'Three'].map((h) => checkbox(`Select ${h}`).checked)).toEqual([true, true]);
    expect(within(bar()!).getByText('2 selected')).toBeTruthy();
  });
});

describe('Undo after a bulk move to the Trash', () => {
  it('the toast offers Undo, which restores the articles that went, and only those', async () => {
    const { client, writes } = articlesApi(
      [article(1, 'Goat Elected Mayor'), article(2, 'Moon Found Under Sofa'), article(3, 'Left Alone')],
      {
        answer: (req) =>
          req.method === 'DELETE' && req.url === '/api/admin/articles/2'
            ? problem(404, 'Not Found', 'Article 2 was not found.')
            : undefined,
      },
    );
    await showList(client);
    fireEvent.click(checkbox('Select Goat Elected Mayor'));
    fireEvent.click(checkbox('Select Moon Found Under Sofa'));
    fireEvent.click(within(bar()!).getByRole('button', { name: 'Move to Trash' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Move 2 articles to the Trash?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Move to Trash' }));
    await waitFor(() => expect(toasts).toHaveLength(1));
    expect(toasts[0]).toMatchObject({
      title: 'Moved 1 article to the Trash; 1 could not be',
      action: { label: 'Undo' },
    });
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Goat Elected Mayor' })).toBeNull());

    act(() => toasts[0]!.action!.onClick());
    await waitFor(() => expect(toasts).toHaveLength(2));
    // Only the one that went to the Trash comes back, with the single Restore's request; that toast has no Undo.
    expect(writes().map((r) => `${r.method} ${r.url}`)).toEqual([
      'DELETE /api/admin/articles/1',
      'DELETE /api/admin/articles/2',
      'POST /api/admin/articles/1/restore',
    ]);
    expect(toasts[1]).toEqual({ title: 'Restored 1 article' });
    expect(await screen.findByRole('link', { name: 'Goat Elected Mayor' })).toBeTruthy();
  });

  it('an Undo clicked while another run goes is not lost: it waits its turn, says where it is and runs after', async () => {
    let hold = false;
    const held: (() => void)[] = [];
    const { client, writes } = articlesApi(
      [article(1, 'Goat Elected Mayor'), article(2, 'Moon Found Under Sofa'), article(3, 'Left Alone')],
      { gate: () => (hold ? new Promise<void>((resolve) => held.push(resolve)) : Promise.resolve()) },
    );
    await showList(client);
    // Two moves to the Trash one after the other: two toasts, each with its Undo.
    for (const [i, headline] of ['Goat Elected Mayor', 'Moon Found Under Sofa'].entries()) {
      fireEvent.click(checkbox(`Select ${headline}`));
      fireEvent.click(within(bar()!).getByRole('button', { name: 'Move to Trash' }));
      const dialog = await screen.findByRole('alertdialog', { name: 'Move 1 article to the Trash?' });
      fireEvent.click(within(dialog).getByRole('button', { name: 'Move to Trash' }));
      await waitFor(() => expect(toasts).toHaveLength(i + 1));
      await waitFor(() => expect(screen.queryByRole('checkbox', { name: `Select ${headline}` })).toBeNull());
    }

    hold = true;
    expect(screen.queryByText('Undo waits for the current run', SHOWN)).toBeNull();
    act(() => toasts[0]!.action!.onClick());
    await waitFor(() => expect(held).toHaveLength(1));
    // Without a dialog, the box above the rows says where the run is, with its Stop; its start is announced.
    expect(screen.getByText('Restoring 1 of 1…').closest('[aria-live]')).toBeNull();
    expect(screen.getByRole('button', { name: 'Stop' })).toBeTruthy();
    expect(spoken()).toContain('Restoring 1 article…');
    // The second Undo, while the first runs: nothing is sent for it yet, and the box says it waits.
    act(() => toasts[1]!.action!.onClick());
    expect(await screen.findByText('Undo waits for the current run', SHOWN)).toBeTruthy();
    expect(spoken().at(-1)).toBe('Undo waits for the current run');
    expect(held).toHaveLength(1);
    expect(
      writes()
        .map((r) => `${r.method} ${r.url}`)
        .slice(2),
    ).toEqual(['POST /api/admin/articles/1/restore']);

    act(() => held.shift()!());
    // Its turn comes when the first has summed up; it no longer waits.
    await waitFor(() => expect(held).toHaveLength(1));
    expect(toasts[2]).toEqual({ title: 'Restored 1 article' });
    expect(screen.queryByText('Undo waits for the current run', SHOWN)).toBeNull();
    expect(screen.getByText('Restoring 1 of 1…')).toBeTruthy();
    expect(
      writes()
        .map((r) => `${r.method} ${r.url}`)
        .slice(2),
    ).toEqual(['POST /api/admin/articles/1/restore', 'POST /api/admin/articles/2/restore']);
    act(() => held.shift()!());
    await waitFor(() => expect(toasts).toHaveLength(4));
    expect(toasts[3]).toEqual({ title: 'Restored 1 article' });
    expect(await screen.findByRole('link', { name: 'Moon Found Under Sofa' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Goat Elected Mayor' })).toBeTruthy();
    expect(screen.queryByText(/^Restoring/, SHOWN)).toBeNull();
  });

  it('a run that moved nothing offers no Undo, and the other bulk toasts have none', async () => {
    const { client } = articlesApi([article(1, 'Goat Elected Mayor')], {
      answer: (req) => (req.method === 'DELETE' ? problem(404, 'Not Found', 'Article 1 was not found.') : undefined),
    });
    await showList(client);
    fireEvent.click(selectAll());
    fireEvent.click(within(bar()!).getByRole('button', { name: 'Move to Trash' }));
    const trash = await screen.findByRole('alertdialog', { name: 'Move 1 article to the Trash?' });
    fireEvent.click(within(trash).getByRole('button', { name: 'Move to Trash' }));
    await waitFor(() => expect(toasts).toHaveLength(1));
    expect(toasts[0]).toEqual({
      title: '1 article could not be moved to the Trash',
      description: '“Goat Elected Mayor”: Article 1 was not found.',
      variant: 'destructive',
    });
    fireEvent.click(within(bar()!).getByRole('button', { name: 'Publish' }));
    const publish = await screen.findByRole('alertdialog', { name: 'Publish 1 article?' });
    fireEvent.click(within(publish).getByRole('button', { name: 'Publish' }));
    await waitFor(() => expect(toasts).toHaveLength(2));
    expect(toasts[1]).toEqual({ title: 'Published 1 article' });
  });
});

describe('Stop, and what a screen reader hears', () => {
  it('Stop sends no further request: the one sent finishes, the toast counts both and its Undo restores those done', async () => {
    let hold = true;
    const held: (() => void)[] = [];
    let holdList = false;
    const listHeld: (() => void)[] = [];
    const { client, writes } = articlesApi(
      [article(1, 'One'), article(2, 'Two'), article(3, 'Three'), article(4, 'Four')],
      {
        gate: () => (hold ? new Promise<void>((resolve) => held.push(resolve)) : Promise.resolve()),
        listGate: () => (holdList ? new Promise<void>((resolve) => listHeld.push(resolve)) : Promise.resolve()),
      },
    );
    await showList(client);
    fireEvent.click(selectAll());
    fireEvent.click(within(bar()!).getByRole('button', { name: 'Move to Trash' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Move 4 articles to the Trash?' });
    // Nothing to stop before the confirm.
    expect(within(dialog).queryByRole('button', { name: 'Stop' })).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Move to Trash' }));
    await waitFor(() => expect(held).toHaveLength(1));
    expect(spoken(dialog)).toEqual(['Moving 4 articles to the Trash…']);
    act(() => held.shift()!());
    await waitFor(() => expect(within(dialog).getByText('Moving to the Trash 2 of 4…')).toBeTruthy());
    expect(held).toHaveLength(1);

    const stop = within(dialog).getByRole('button', { name: 'Stop' });
    fireEvent.click(stop);
    // The button stays (the focus with it) but does nothing more; a screen reader hears Stop once.
    expect(stop.textContent).toBe('Stopping…');
    expect(stop.getAttribute('aria-disabled')).toBe('true');
    fireEvent.click(stop);
    expect(spoken(dialog)).toEqual(['Moving 4 articles to the Trash…', 'Stopping after the article being sent.']);

    // The request already sent finishes; the end is said in the dialog (its toast appears behind it).
    holdList = true;
    act(() => held.shift()!());
    await waitFor(() => expect(listHeld).toHaveLength(1));
    expect(spoken(dialog).at(-1)).toBe('2 of 4 moved to the Trash; stopped, 2 not changed.');
    holdList = false;
    act(() => listHeld.shift()!());
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(held).toEqual([]);
    expect(writes().map((r) => `${r.method} ${r.url}`)).toEqual([
      'DELETE /api/admin/articles/1',
      'DELETE /api/admin/articles/2',
    ]);
    expect(toasts).toEqual([
      {
        title: '2 of 4 moved to the Trash; stopped, 2 not changed',
        action: { label: 'Undo', onClick: expect.any(Function) },
      },
    ]);
    // The page's own region does not say the end again: the toast does.
    expect(spoken()).not.toContain('2 of 4 moved to the Trash; stopped, 2 not changed.');
    // The two not sent stay selected, to run again; the focus is on the bar.
    await waitFor(() => expect(screen.queryByRole('link', { name: 'One' })).toBeNull());
    expect(['Three', 'Four'].map((h) => checkbox(`Select ${h}`).checked)).toEqual([true, true]);
    expect(within(bar()!).getByText('2 selected')).toBeTruthy();
    expect(document.activeElement).toBe(bar());

    // Undo restores exactly the two that went.
    hold = false;
    act(() => toasts[0]!.action!.onClick());
    await waitFor(() => expect(toasts).toHaveLength(2));
    expect(toasts[1]).toEqual({ title: 'Restored 2 articles' });
    expect(
      writes()
        .slice(2)
        .map((r) => `${r.method} ${r.url}`),
    ).toEqual(['POST /api/admin/articles/1/restore', 'POST /api/admin/articles/2/restore']);
  });

  it('an Undo run in the box above the rows can be stopped too', async () => {
    let hold = false;
    const held: (() => void)[] = [];
    const { client, writes } = articlesApi([article(1, 'One'), article(2, 'Two'), article(3, 'Three')], {
      gate: () => (hold ? new Promise<void>((resolve) => held.push(resolve)) : Promise.resolve()),
    });
    await showList(client);
    fireEvent.click(selectAll());
    fireEvent.click(within(bar()!).getByRole('button', { name: 'Move to Trash' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Move 3 articles to the Trash?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Move to Trash' }));
    await waitFor(() => expect(toasts).toHaveLength(1));
    await screen.findByText('No articles found.');

    hold = true;
    act(() => toasts[0]!.action!.onClick());
    await waitFor(() => expect(held).toHaveLength(1));
    expect(screen.getByText('Restoring 1 of 3…')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Stop' }));
    expect(spoken().slice(-2)).toEqual(['Restoring 3 articles…', 'Stopping after the article being sent.']);
    act(() => held.shift()!());
    await waitFor(() => expect(toasts).toHaveLength(2));
    expect(toasts[1]).toEqual({ title: '1 of 3 restored; stopped, 2 not changed' });
    expect(writes().filter((r) => r.url.endsWith('/restore'))).toHaveLength(1);
    expect(await screen.findByRole('link', { name: 'One' })).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('button', { name: /^Stop/ })).toBeNull());
  });

  it('an Undo clicked during a confirmed run says in the dialog that it waits, until its turn', async () => {
    let hold = false;
    const held: (() => void)[] = [];
    const { client } = articlesApi([article(1, 'One'), article(2, 'Two'), article(3, 'Three')], {
      gate: () => (hold ? new Promise<void>((resolve) => held.push(resolve)) : Promise.resolve()),
    });
    await showList(client);
    fireEvent.click(checkbox('Select One'));
    fireEvent.click(within(bar()!).getByRole('button', { name: 'Move to Trash' }));
    let dialog = await screen.findByRole('alertdialog', { name: 'Move 1 article to the Trash?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Move to Trash' }));
    await waitFor(() => expect(toasts).toHaveLength(1));
    await waitFor(() => expect(screen.queryByRole('link', { name: 'One' })).toBeNull());

    hold = true;
    fireEvent.click(selectAll());
    fireEvent.click(within(bar()!).getByRole('button', { name: 'Move to Trash' }));
    dialog = await screen.findByRole('alertdialog', { name: 'Move 2 articles to the Trash?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Move to Trash' }));
    await waitFor(() => expect(held).toHaveLength(1));
    expect(within(dialog).queryByText('Undo waits for the current run', SHOWN)).toBeNull();
    act(() => toasts[0]!.action!.onClick());
    expect(await within(dialog).findByText('Undo waits for the current run', SHOWN)).toBeTruthy();
    expect(spoken(dialog)).toEqual(['Moving 2 articles to the Trash…', 'Undo waits for the current run']);

    act(() => held.shift()!());
    await waitFor(() => expect(held).toHaveLength(1));
    act(() => held.shift()!());
    // The batch ends and the Undo's turn comes: it runs in the box, and no longer waits.
    await waitFor(() => expect(held).toHaveLength(1));
    expect(toasts[1]).toMatchObject({ title: 'Moved 2 articles to the Trash' });
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(screen.getByText('Restoring 1 of 1…')).toBeTruthy();
    expect(screen.queryByText('Undo waits for the current run', SHOWN)).toBeNull();
    act(() => held.shift()!());
    await waitFor(() => expect(toasts).toHaveLength(3));
    expect(toasts[2]).toEqual({ title: 'Restored 1 article' });
  });
});

describe('the room kept for the stuck bar', () => {
  afterEach(() => vi.unstubAllGlobals());

  it("while rows are selected, the page's scroll padding follows the box's measured height", async () => {
    const watched: { target: Element; report: (height: number) => void }[] = [];
    let disconnected = 0;
    vi.stubGlobal(
      'ResizeObserver',
      class {
        constructor(private readonly callback: ResizeObserverCallback) {}
        observe(target: Element) {
          watched.push({
            target,
            report: (blockSize) =>
              this.callback(
                [{ target, borderBoxSize: [{ blockSize, inlineSize: 300 }] } as unknown as ResizeObserverEntry],
                this as unknown as ResizeObserver,
              ),
          });
        }
        unobserve() {}
        disconnect() {
          disconnected += 1;
        }
      },
    );
    const room = () => document.documentElement.style.getPropertyValue('--admin-bulk-height');
    const { client } = articlesApi([article(1, 'One'), article(2, 'Two')]);
    await showList(client);
    // Nothing selected: the box scrolls with the page and needs no room.
    expect(watched).toEqual([]);
    expect(room()).toBe('');

    fireEvent.click(checkbox('Select Two'));
    expect(watched).toHaveLength(1);
    expect(watched[0]!.target.className).toContain('admin-bulk--selecting');
    act(() => watched[0]!.report(57.3));
    expect(room()).toBe('58px');
    // A narrower window wraps the buttons: the room grows with the box.
    act(() => watched[0]!.report(141));
    expect(room()).toBe('141px');

    fireEvent.click(within(bar()!).getByRole('button', { name: 'Clear selection' }));
    expect(disconnected).toBe(1);
    expect(room()).toBe('');
  });
});

describe('Delete for good in the Trash', () => {
  const TRASHED = new Date().toISOString();
  const TRASH: ListQuery = { page: 1, pageSize: 20, status: 'trash' };

  it("a row's Delete for good asks first, sends one request for a double click, and the list reloads", async () => {
    const { client, sent, writes } = articlesApi([
      article(1, 'Binned Goat', { deletedAt: TRASHED }),
      article(2, 'Binned Moon', { deletedAt: TRASHED }),
    ]);
    await showList(client, TRASH);
    // Restore and Delete for good on each Trash row, named by its headline.
    expect(screen.getByRole('button', { name: 'Restore Binned Goat' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Delete for good Binned Goat' }));
    let dialog = await screen.findByRole('alertdialog', { name: 'Delete “Binned Goat” for good?' });
    expect(dialog.textContent).toContain('It is removed now with its history and cannot be restored.');
    // Without sharing composed in (no posts to offer), the dialog says nothing about posts.
    expect(dialog.textContent).not.toContain('posts');
    expect(within(dialog).queryByRole('checkbox')).toBeNull();
    // The danger tone; Cancel sends nothing.
    expect(within(dialog).getByRole('button', { name: 'Delete for good' }).className).toContain('admin-btn--danger');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(writes()).toEqual([]);

    fireEvent.click(screen.getByRole('button', { name: 'Delete for good Binned Goat' }));
    dialog = await screen.findByRole('alertdialog', { name: 'Delete “Binned Goat” for good?' });
    const listsBefore = listRequests(sent).length;
    const confirm = within(dialog).getByRole('button', { name: 'Delete for good' });
    act(() => {
      confirm.click();
      confirm.click();
    });
    await waitFor(() => expect(toasts).toEqual([{ title: 'Article deleted for good', action: undefined }]));
    expect(writes().map((r) => `${r.method} ${r.url}`)).toEqual(['POST /api/admin/articles/1/purge']);
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Binned Goat' })).toBeNull());
    expect(listRequests(sent).length - listsBefore).toBe(1);
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(screen.getByRole('link', { name: 'Binned Moon' })).toBeTruthy();
  });

  it("a row that goes away with the focus gives it to the list's heading, not to the page's start", async () => {
    const { client } = articlesApi([
      article(1, 'Binned Goat', { deletedAt: TRASHED }),
      article(2, 'Binned Moon', { deletedAt: TRASHED }),
    ]);
    await showList(client, TRASH);
    const restore = screen.getByRole('button', { name: 'Restore Binned Goat' });
    restore.focus();
    fireEvent.click(restore);
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Binned Goat' })).toBeNull());
    await waitFor(() => expect(document.activeElement?.id).toBe('admin-list-title'));
    // Through the dialog too: it gives the focus back to its button, which then goes away.
    const purge = screen.getByRole('button', { name: 'Delete for good Binned Moon' });
    purge.focus();
    fireEvent.click(purge);
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete “Binned Moon” for good?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete for good' }));
    await screen.findByText('The trash is empty.');
    await waitFor(() => expect(document.activeElement?.id).toBe('admin-list-title'));
  });

  it("a row's refused Delete for good shows the server's reason and closes the dialog", async () => {
    const { client } = articlesApi([article(1, 'Binned Goat', { deletedAt: TRASHED })], {
      answer: (req) =>
        req.url === '/api/admin/articles/1/purge'
          ? problem(409, 'Conflict', 'The article is not in the trash.')
          : undefined,
    });
    await showList(client, TRASH);
    fireEvent.click(screen.getByRole('button', { name: 'Delete for good Binned Goat' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete “Binned Goat” for good?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete for good' }));
    await waitFor(() => expect(toasts).toHaveLength(1));
    expect(toasts[0]).toMatchObject({ title: 'Failed to delete article for good', variant: 'destructive' });
    expect(String(toasts[0]!.description)).toContain('The article is not in the trash.');
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
  });

  it('the bar deletes the selection for good, one request at a time, and sums up', async () => {
    const held: (() => void)[] = [];
    const { client, writes } = articlesApi(
      [
        article(1, 'Binned Goat', { deletedAt: TRASHED }),
        article(2, 'Binned Moon', { deletedAt: TRASHED }),
        article(3, 'Binned Sofa', { deletedAt: TRASHED }),
      ],
      { gate: () => new Promise<void>((resolve) => held.push(resolve)) },
    );
    await showList(client, TRASH);
    fireEvent.click(selectAll());
    fireEvent.click(within(bar()!).getByRole('button', { name: 'Delete for good' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete 3 articles for good?' });
    expect(dialog.textContent).toContain(
      "They are removed now with their history and cannot be restored. Their posts on X and Facebook stay (each article's own Delete for good offers to delete them too).",
    );
    const confirm = within(dialog).getByRole('button', { name: 'Delete for good' });
    expect(confirm.className).toContain('admin-btn--danger');
    act(() => {
      confirm.click();
      confirm.click();
    });
    await waitFor(() => expect(held).toHaveLength(1));
    expect(within(dialog).getByText('Deleting 1 of 3…')).toBeTruthy();
    expect((within(dialog).getByRole('button', { name: 'Deleting…' }) as HTMLButtonElement).disabled).toBe(true);
    for (let i = 0; i < 3; i++) {
      await waitFor(() => expect(held).toHaveLength(1));
      act(() => held.shift()!());
    }
    await waitFor(() => expect(toasts).toEqual([{ title: 'Deleted 3 articles for good' }]));
    expect(writes().map((r) => `${r.method} ${r.url}`)).toEqual([
      'POST /api/admin/articles/1/purge',
      'POST /api/admin/articles/2/purge',
      'POST /api/admin/articles/3/purge',
    ]);
    expect(await screen.findByText('The trash is empty.')).toBeTruthy();
  });

  it('a refused article is named in the toast and stays selected; the others are deleted', async () => {
    const { client, writes } = articlesApi(
      [article(1, 'Binned Goat', { deletedAt: TRASHED }), article(2, 'Binned Moon', { deletedAt: TRASHED })],
      {
        answer: (req) =>
          req.url === '/api/admin/articles/1/purge'
            ? problem(409, 'Conflict', 'The article is not in the trash.')
            : undefined,
      },
    );
    await showList(client, TRASH);
    fireEvent.click(selectAll());
    fireEvent.click(within(bar()!).getByRole('button', { name: 'Delete for good' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete 2 articles for good?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete for good' }));
    await waitFor(() => expect(toasts).toHaveLength(1));
    expect(toasts[0]).toEqual({
      title: 'Deleted 1 article for good; 1 could not be',
      description: '“Binned Goat”: The article is not in the trash.',
      variant: 'destructive',
    });
    expect(writes().map((r) => r.url)).toEqual(['/api/admin/articles/1/purge', '/api/admin/articles/2/purge']);
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Binned Moon' })).toBeNull());
    expect(checkbox('Select Binned Goat').checked).toBe(true);
    expect(within(bar()!).getByText('1 selected')).toBeTruthy();
  });
});
