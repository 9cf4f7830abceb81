// @vitest-environment happy-dom
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { adminArticle } from '@/testing/admin-article';
import { fakeApi, json, problem } from '@/testing/fake-admin-api';
import { recordToasts } from '@/testing/record-toasts';
import { renderInAdmin } from '@/testing/render-in-admin';
import type { AdminArticle } from '../types.ts';
import { ArticlesListView } from './articles-list-view.tsx';

afterEach(cleanup);
const toasts = recordToasts();

const FULL = '3 stories are pinned already (“A”, “B” and “C”): unpin one of them first.';

/**
 * All Articles on a server holding three stories (published, draft, scheduled); PUT and DELETE .../pin pin
 * and unpin the published one, unless `full` (three others are pinned).
 */
function listApi(opts: { full?: boolean } = {}) {
  let articles: AdminArticle[] = [
    adminArticle({ id: 1, headline: 'Goat Leads Nation', publishedAt: '2026-12-01T09:00:00.000Z' }),
    adminArticle({ id: 2, headline: 'Draft About Ducks', publishedAt: null, status: 'draft' }),
    adminArticle({
      id: 3,
      headline: 'Scheduled Swan Story',
      publishedAt: null,
      status: 'scheduled',
      publishAt: '2099-01-01T09:00:00.000Z',
    }),
  ];
  const api = fakeApi((req) => {
    const u = new URL(req.url, 'http://admin.test');
    if (u.pathname === '/api/admin/categories') return json(200, [{ id: 1, name: 'Politics' }]);
    if (u.pathname === '/api/admin/articles') {
      const page = articles.map((a) => ({ ...a, openBy: [], readsLast7Days: 0, openNotes: 0 }));
      return json(200, {
        articles: page,
        currentPage: 1,
        pageSize: 20,
        totalCount: page.length,
        totalPages: 1,
        hasNextPage: false,
        hasPreviousPage: false,
      });
    }
    const pin = /^\/api\/admin\/articles\/(\d+)\/pin$/.exec(u.pathname);
    if (pin) {
      if (req.method === 'PUT' && opts.full) return problem(409, 'Conflict', FULL, { pinned: [] });
      const id = Number(pin[1]);
      const put = req.method === 'PUT';
      articles = articles.map((a) =>
        a.id === id
          ? {
              ...a,
              pinnedAt: put ? '2026-12-04T06:00:00.000Z' : null,
              pinnedBy: put ? 'Ed Itor' : null,
              pinnedUntil: put ? (req.body as { until: string | null }).until : null,
            }
          : a,
      );
      return json(
        200,
        articles.find((a) => a.id === id),
      );
    }
    return problem(404, 'Not Found');
  });
  return { ...api, pins: () => api.sent.filter((r) => r.url.endsWith('/pin')).map((r) => [r.method, r.url, r.body]) };
}

const show = (client: Parameters<typeof renderInAdmin>[1]) =>
  renderInAdmin(
    <ArticlesListView query={{ page: 1, pageSize: 20, status: 'all' }} onQueryChange={() => undefined} />,
    client,
  );

const row = (headline: string) => within(screen.getByRole('link', { name: headline }).closest('li')!);

describe("Pin and Unpin in All Articles' rows", () => {
  it('pins a published story until unpinned from its row, by keyboard, then unpins it; drafts and scheduled stories have none', async () => {
    const { client, pins } = listApi();
    show(client);
    await screen.findByText('3 articles total');
    expect(row('Draft About Ducks').queryByRole('button', { name: /^(Pin|Unpin) / })).toBeNull();
    expect(row('Scheduled Swan Story').queryByRole('button', { name: /^(Pin|Unpin) / })).toBeNull();
    expect(row('Goat Leads Nation').queryByText('Pinned')).toBeNull();

    const pin = row('Goat Leads Nation').getByRole('button', { name: 'Pin Goat Leads Nation' });
    expect(pin.textContent).toBe('Pin');
    pin.focus();
    await userEvent.keyboard('{Enter}');
    const unpin = await screen.findByRole('button', { name: 'Unpin Goat Leads Nation' });
    expect(pins()).toEqual([['PUT', '/api/admin/articles/1/pin', { until: null }]]);
    expect(toasts.map((t) => t.title)).toEqual(['Pinned to the top']);
    expect(row('Goat Leads Nation').getByText('Pinned').className).toContain('admin-badge--pinned');

    await userEvent.click(unpin);
    await screen.findByRole('button', { name: 'Pin Goat Leads Nation' });
    expect(pins().map(([method]) => method)).toEqual(['PUT', 'DELETE']);
    expect(toasts.map((t) => t.title)).toEqual(['Pinned to the top', 'Unpinned']);
    await waitFor(() => expect(row('Goat Leads Nation').queryByText('Pinned')).toBeNull());
  });

  it('says why when three stories are pinned already, and the row stays unpinned', async () => {
    const { client, pins } = listApi({ full: true });
    show(client);
    await screen.findByText('3 articles total');
    await userEvent.click(row('Goat Leads Nation').getByRole('button', { name: 'Pin Goat Leads Nation' }));
    await waitFor(() => expect(toasts).toHaveLength(1));
    expect(toasts[0]).toMatchObject({ variant: 'destructive' });
    expect(`${toasts[0]!.title} ${String(toasts[0]!.description ?? '')}`).toContain(FULL);
    expect(pins()).toHaveLength(1);
    expect(row('Goat Leads Nation').getByRole('button', { name: 'Pin Goat Leads Nation' })).toBeTruthy();
    expect(row('Goat Leads Nation').queryByText('Pinned')).toBeNull();
  });
});
