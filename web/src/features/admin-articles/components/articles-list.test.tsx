// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AdminApiContext, type AdminApiClient } from '@/lib/admin-api-client';
import { AdminErrorContext } from '@/lib/admin-error-context';
import { adminArticle } from '@/testing/admin-article';
import type { AdminArticle } from '../types.ts';
import { ArticleList } from './article-row.tsx';
import { Pagination } from './pagination.tsx';

afterEach(cleanup);

/** A published article unless `publishedAt` says otherwise (rated 7). */
const article = (over: Partial<AdminArticle>): AdminArticle =>
  adminArticle({ ratingOutOfTen: 7, publishedAt: '2026-01-05T09:30:00.000Z', ...over });

/** The admin area's providers, with an API client whose requests are recorded. */
function renderInAdmin(ui: ReactNode) {
  const requests: { method: string; url: string; authorization: string | null }[] = [];
  const client: AdminApiClient = {
    getAccessToken: async () => 'token-123',
    fetch: async (input, init) => {
      const headers = new Headers(init?.headers);
      requests.push({ method: init?.method ?? 'GET', url: String(input), authorization: headers.get('authorization') });
      return new Response(JSON.stringify({}), { status: 200, headers: { 'content-type': 'application/json' } });
    },
  };
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const errors = { report: vi.fn(), signOut: vi.fn() };
  render(
    <MemoryRouter>
      <QueryClientProvider client={queryClient}>
        <AdminApiContext.Provider value={client}>
          <AdminErrorContext.Provider value={errors}>{ui}</AdminErrorContext.Provider>
        </AdminApiContext.Provider>
      </QueryClientProvider>
    </MemoryRouter>,
  );
  return { requests, errors };
}

describe('the admin article list', () => {
  it("shows 'No articles found.' for an empty page", () => {
    renderInAdmin(<ArticleList articles={[]} />);
    expect(screen.getByText('No articles found.')).toBeTruthy();
    expect(screen.queryByRole('list')).toBeNull();
  });

  it('shows a row per article: headline link, status, stars, meta line and the 100-character comment excerpt', () => {
    const long = 'x'.repeat(120);
    renderInAdmin(
      <ArticleList
        articles={[article({ id: 7, comments: long }), article({ id: 8, headline: 'Draft Story', publishedAt: null })]}
      />,
    );
    const rows = screen.getAllByRole('listitem');
    expect(rows).toHaveLength(2);
    const first = within(rows[0]!);
    expect(first.getByRole('link', { name: 'Minister Caught Feeding Budget To Goat' }).getAttribute('href')).toBe(
      '/admin/articles/7',
    );
    expect(first.getByText('Published')).toBeTruthy();
    expect(first.getByText(/^Wire · Politics · Ed Itor · /)).toBeTruthy();
    expect(first.getByText(`${'x'.repeat(100)}...`)).toBeTruthy();
    expect(first.getByRole('button', { name: 'Unpublish Minister Caught Feeding Budget To Goat' })).toBeTruthy();
    const second = within(rows[1]!);
    expect(second.getByText('Draft')).toBeTruthy();
    expect(second.getByRole('button', { name: 'Publish Draft Story' })).toBeTruthy();
  });

  it("shows 'No image' in the thumbnail's place for an article without an image, never an <img> without a picture", () => {
    renderInAdmin(
      <ArticleList
        articles={[
          article({ id: 7, headline: 'Pictured', imageUrl: '/images/goat.webp' }),
          article({ id: 8, headline: 'Unpictured', imageUrl: null }),
        ]}
      />,
    );
    const [pictured, unpictured] = screen.getAllByRole('listitem') as [HTMLElement, HTMLElement];
    // The picture itself is decorative (empty alt), as before.
    const img = pictured.querySelector('img.admin-row__thumb');
    expect(img?.getAttribute('src')).toBe('/images/goat.webp');
    expect(img?.getAttribute('alt')).toBe('');
    expect(within(pictured).queryByText('No image')).toBeNull();

    // No image: a box of the thumbnail's size whose text says so; its icon is hidden from assistive technology.
    expect(unpictured.querySelector('img')).toBeNull();
    const placeholder = within(unpictured).getByText('No image').closest('.admin-row__thumb');
    expect(placeholder?.classList.contains('admin-row__thumb--none')).toBe(true);
    expect(placeholder?.getAttribute('aria-hidden')).toBeNull();
    expect(placeholder?.querySelector('svg')?.getAttribute('aria-hidden')).toBe('true');
    // The only image the row announces is the rating.
    expect(
      within(unpictured)
        .getAllByRole('img')
        .map((e) => e.getAttribute('aria-label')),
    ).toEqual(['Rated 7 out of 10']);
  });

  it('Publish sends POST /api/admin/articles/{id}/publish with the bearer token', async () => {
    const { requests } = renderInAdmin(
      <ArticleList articles={[article({ id: 8, headline: 'Draft', publishedAt: null })]} />,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Publish Draft' }));
    await vi.waitFor(() => expect(requests).toHaveLength(1));
    expect(requests[0]).toEqual({
      method: 'POST',
      url: '/api/admin/articles/8/publish',
      authorization: 'Bearer token-123',
    });
  });

  it('offers Duplicate on each row, named by its headline, but not in the Trash', () => {
    renderInAdmin(
      <ArticleList
        articles={[
          article({ id: 7, headline: 'Live Goat' }),
          article({ id: 8, headline: 'Draft Goat', publishedAt: null }),
          article({ id: 9, headline: 'Binned Goat', deletedAt: '2026-01-06T10:00:00.000Z' }),
        ]}
      />,
    );
    const [live, draft, binned] = screen.getAllByRole('listitem') as [HTMLElement, HTMLElement, HTMLElement];
    expect(within(live).getByRole('button', { name: 'Duplicate Live Goat' }).textContent).toBe('Duplicate');
    expect(within(draft).getByRole('button', { name: 'Duplicate Draft Goat' }).textContent).toBe('Duplicate');
    // A Trash row keeps only Restore and Delete for good.
    expect(
      within(binned)
        .getAllByRole('button')
        .map((b) => b.getAttribute('aria-label')),
    ).toEqual(['Restore Binned Goat', 'Delete for good Binned Goat']);
  });

  it('Duplicate sends one POST /api/admin/articles/{id}/duplicate for a double click', async () => {
    const { requests } = renderInAdmin(<ArticleList articles={[article({ id: 8, headline: 'Twin' })]} />);
    const button = screen.getByRole('button', { name: 'Duplicate Twin' });
    act(() => {
      button.click();
      button.click();
    });
    await vi.waitFor(() => expect(requests.some((r) => r.method === 'POST')).toBe(true));
    expect(requests.filter((r) => r.method === 'POST')).toEqual([
      { method: 'POST', url: '/api/admin/articles/8/duplicate', authorization: 'Bearer token-123' },
    ]);
  });

  it('Delete asks first: Cancel sends nothing', async () => {
    const { requests } = renderInAdmin(<ArticleList articles={[article({ id: 9, headline: 'Doomed' })]} />);
    await userEvent.click(screen.getByRole('button', { name: 'Delete Doomed' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(
      within(dialog).getByText(
        '"Doomed" moves to the Trash and comes off the site. You can restore it from the Trash for 30 days; after that it is deleted for good.',
      ),
    ).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(requests).toEqual([]);
  });
});

describe('the pagination of the admin list', () => {
  it('first/previous are disabled on page 1; a page button and next/last ask for their page', async () => {
    const onPage = vi.fn();
    renderInAdmin(
      <Pagination
        currentPage={1}
        totalPages={8}
        pageSize={20}
        shown={20}
        totalCount={150}
        onPage={onPage}
        onPageSize={vi.fn()}
      />,
    );
    expect((screen.getByRole('button', { name: 'First page' }) as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByRole('button', { name: 'Previous page' }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByRole('button', { name: 'Page 1' }).getAttribute('aria-current')).toBe('page');
    await userEvent.click(screen.getByRole('button', { name: 'Page 3' }));
    await userEvent.click(screen.getByRole('button', { name: 'Next page' }));
    await userEvent.click(screen.getByRole('button', { name: 'Last page' }));
    expect(onPage.mock.calls).toEqual([[3], [2], [8]]);
  });

  it("rows per page 'All' shows 'N of N' and no page buttons", async () => {
    const onPageSize = vi.fn();
    renderInAdmin(
      <Pagination
        currentPage={1}
        totalPages={1}
        pageSize={-1}
        shown={62}
        totalCount={62}
        onPage={vi.fn()}
        onPageSize={onPageSize}
      />,
    );
    expect(screen.getByText('62 of 62')).toBeTruthy();
    expect(screen.queryByRole('navigation', { name: 'Pagination' })).toBeNull();
    await userEvent.selectOptions(screen.getByLabelText('Rows per page'), '50');
    expect(onPageSize).toHaveBeenCalledWith(50);
  });
});
