// @vitest-environment happy-dom
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { createMemoryRouter, RouterProvider, useNavigate, useParams, useSearchParams } from 'react-router';
import { paths } from '@/config/paths';
import { adminArticle } from '@/testing/admin-article';
import { fakeApi, json, problem, type Sent } from '@/testing/fake-admin-api';
import { recordToasts } from '@/testing/record-toasts';
import { renderInAdmin } from '@/testing/render-in-admin';
import { ArticleExtensionsContext, type ArticleExtensions } from '../extensions.tsx';
import { parseListQuery } from '../lib/list-query.ts';
import type { AdminArticle } from '../types.ts';
import { ArticleDetailView } from './article-detail-view.tsx';
import { ArticlesListView } from './articles-list-view.tsx';

afterEach(cleanup);
const toasts = recordToasts();

const DELETED_AT = new Date().toISOString();

/**
 * The server as the screens meet it: article 1 'Binned Goat' and article 2 'Binned Moon' in the Trash.
 * GET of one in the Trash answers the 404 with `deleted` and its headline; Delete for good takes it away
 * (404 then); `answer` may answer a write first (a refusal).
 */
function trashApi(opts: { answer?: (req: Sent) => Response | undefined } = {}) {
  let list: AdminArticle[] = [
    adminArticle({ id: 1, headline: 'Binned Goat', deletedAt: DELETED_AT }),
    adminArticle({ id: 2, headline: 'Binned Moon', deletedAt: DELETED_AT }),
  ];
  const api = fakeApi((req) => {
    const u = new URL(req.url, 'http://admin.test');
    if (u.pathname === '/api/admin/categories') return json(200, [{ id: 1, name: 'Politics' }]);
    if (req.method === 'GET' && u.pathname === '/api/admin/articles') {
      const rows = list.filter((a) => (u.searchParams.get('status') === 'trash') === Boolean(a.deletedAt));
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
    if (u.pathname.endsWith('/revisions')) return json(200, { revisions: [] });
    const given = req.method === 'GET' ? undefined : opts.answer?.(req);
    if (given) return given;
    const m = /^\/api\/admin\/articles\/(\d+)(?:\/(purge|restore))?$/.exec(u.pathname);
    const target = m ? list.find((a) => a.id === Number(m[1])) : undefined;
    if (!m || !target) return problem(404, 'Not Found', `Article ${m?.[1]} was not found.`);
    if (req.method === 'GET') {
      if (!target.deletedAt) return json(200, target);
      return problem(404, 'Not Found', `Article ${target.id} was deleted (it is in the trash).`, {
        deleted: true,
        deletedAt: target.deletedAt,
        headline: target.headline,
      });
    }
    if (m[2] === 'purge') {
      list = list.filter((a) => a.id !== target.id);
      return json(204, null);
    }
    list = list.map((a) => (a.id === target.id ? { ...a, deletedAt: null } : a));
    return json(200, { ...target, deletedAt: null });
  });
  return {
    ...api,
    writes: () => api.sent.filter((r) => r.method !== 'GET').map((r) => `${r.method} ${r.url}`),
    /** Another editor restores the article (not through the screen). */
    restoreElsewhere: (id: number) => {
      list = list.map((a) => (a.id === id ? { ...a, deletedAt: null } : a));
    },
  };
}

function ArticleRoute() {
  const { id } = useParams();
  const navigate = useNavigate();
  return <ArticleDetailView id={Number(id)} onBack={() => navigate(-1)} />;
}

function ArticlesRoute() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  return (
    <ArticlesListView query={parseListQuery(params)} onQueryChange={(q) => navigate(paths.admin.articles.getHref(q))} />
  );
}

/** The editor came from All Articles and opened article 1 (in the Trash). */
async function openTrashedArticle(client: Parameters<typeof renderInAdmin>[1], extensions: ArticleExtensions = {}) {
  const router = createMemoryRouter(
    [
      { path: paths.admin.articles.path, element: <ArticlesRoute /> },
      { path: paths.admin.article.path, element: <ArticleRoute /> },
    ],
    { initialEntries: [paths.admin.articles.getHref(), paths.admin.article.getHref(1)], initialIndex: 1 },
  );
  renderInAdmin(
    <ArticleExtensionsContext.Provider value={extensions}>
      <RouterProvider router={router} />
    </ArticleExtensionsContext.Provider>,
    client,
    { router: false },
  );
  await screen.findByRole('heading', { level: 1, name: 'This article was deleted' });
  return router;
}

const detailReads = (sent: Sent[]) => sent.filter((r) => r.method === 'GET' && r.url === '/api/admin/articles/1');

describe('This article was deleted: Delete for good', () => {
  it('names the article, asks first as the Trash row does, and after one request lands on the Trash with its title focused', async () => {
    const { client, sent, writes } = trashApi();
    const router = await openTrashedArticle(client);
    expect(document.activeElement?.id).toBe('admin-deleted-title');
    expect(screen.getByText(/^“Binned Goat” went to the trash on /)).toBeTruthy();
    // Back, Open the trash, Restore and Delete for good, in that order.
    const section = screen.getByRole('region', { name: 'This article was deleted' });
    expect(
      within(section)
        .getAllByRole('button')
        .concat(within(section).getAllByRole('link'))
        .map((b) => b.textContent),
    ).toEqual(['← Back', 'Restore', 'Delete for good', 'Open the trash']);

    // The Trash row's confirmation: its title, its words, the danger tone; Cancel sends nothing.
    const purge = screen.getByRole('button', { name: 'Delete for good Binned Goat' });
    fireEvent.click(purge);
    let dialog = await screen.findByRole('alertdialog', { name: 'Delete “Binned Goat” for good?' });
    expect(dialog.textContent).toContain('It is removed now with its history and cannot be restored.');
    expect(within(dialog).getByRole('button', { name: 'Delete for good' }).className).toContain('admin-btn--danger');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(writes()).toEqual([]);

    fireEvent.click(purge);
    dialog = await screen.findByRole('alertdialog', { name: 'Delete “Binned Goat” for good?' });
    const confirm = within(dialog).getByRole('button', { name: 'Delete for good' });
    act(() => {
      confirm.click();
      confirm.click();
    });
    const title = await screen.findByRole('heading', { level: 1, name: 'Deleted Articles (1)' });
    expect(writes()).toEqual(['POST /api/admin/articles/1/purge']);
    expect(toasts).toEqual([{ title: 'Article deleted for good', action: undefined }]);
    // The Trash without it; the focus on the list's title, not at the start of the page.
    expect(screen.queryByRole('link', { name: 'Binned Goat' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Binned Moon' })).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(title));
    // In place of the article's screen (its address leads nowhere now), which was not loaded again.
    expect(router.state.location.pathname).toBe('/admin/articles');
    expect(new URLSearchParams(router.state.location.search).get('status')).toBe('trash');
    expect(router.state.historyAction).toBe('REPLACE');
    expect(detailReads(sent)).toHaveLength(1);
  });

  it("runs what an extension adds (the posts' deletion) before the purge, and a refusal of it stops the purge", async () => {
    const steps: string[] = [];
    let refuse = true;
    const extensions: ArticleExtensions = {
      useRemovalSection: (article, action) => ({
        node: <p>Also delete the posts of article {article.id}</p>,
        run: async () => {
          steps.push(`${action} ${article.id}`);
          if (refuse) throw new Error('X is down');
        },
      }),
    };
    const { client, writes } = trashApi();
    await openTrashedArticle(client, extensions);
    fireEvent.click(screen.getByRole('button', { name: 'Delete for good Binned Goat' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete “Binned Goat” for good?' });
    expect(within(dialog).getByText('Also delete the posts of article 1')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete for good' }));
    expect((await within(dialog).findByRole('alert')).textContent).toContain('X is down');
    expect(writes()).toEqual([]);

    refuse = false;
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete for good' }));
    await screen.findByRole('heading', { level: 1, name: 'Deleted Articles (1)' });
    expect(steps).toEqual(['purge 1', 'purge 1']);
    expect(writes()).toEqual(['POST /api/admin/articles/1/purge']);
  });

  it("a refused Delete for good (restored meanwhile) says the server's reason and shows the article as it is now", async () => {
    const { client, writes, restoreElsewhere } = trashApi({
      answer: (req) =>
        req.url === '/api/admin/articles/1/purge'
          ? problem(409, 'Conflict', 'The article is not in the trash.')
          : undefined,
    });
    const router = await openTrashedArticle(client);
    // Someone else restores it meanwhile.
    restoreElsewhere(1);
    fireEvent.click(screen.getByRole('button', { name: 'Delete for good Binned Goat' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete “Binned Goat” for good?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete for good' }));
    await waitFor(() => expect(toasts).toHaveLength(1));
    expect(toasts[0]).toMatchObject({ title: 'Failed to delete article for good', variant: 'destructive' });
    expect(String(toasts[0]!.description)).toContain('The article is not in the trash.');
    await screen.findByRole('heading', { level: 1, name: 'Binned Goat' });
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(router.state.location.pathname).toBe('/admin/articles/1');
    expect(writes()).toEqual(['POST /api/admin/articles/1/purge']);
  });
});
