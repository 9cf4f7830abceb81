// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useQuery } from '@tanstack/react-query';
import { afterEach, describe, expect, it } from 'vitest';
import { useAdminApi } from '@/lib/admin-api-client';
import { liveArticleQueryOptions } from '../api/get-live-article.ts';
import { article, fakeLiveApi, problem, renderInAdmin } from '../testing/fake-live-api.tsx';
import { LiveCoveragePanel } from './live-coverage-panel.tsx';
import { recordToasts } from '@/testing/record-toasts';

const toasts = recordToasts();

afterEach(() => {
  cleanup();
});

/** The panel as the article screen shows it: fed by the article's detail query. */
function Screen() {
  const query = useQuery(liveArticleQueryOptions(useAdminApi(), 7));
  return query.data ? <LiveCoveragePanel article={query.data} consoleHref="/admin/articles/7/live" /> : null;
}

describe('LiveCoveragePanel', () => {
  it('starts coverage, then says since when with the console link and End; after the end, Resume', async () => {
    const { client, sent } = fakeLiveApi();
    renderInAdmin(<Screen />, client);
    const panel = await screen.findByRole('region', { name: 'Live coverage' });
    expect(within(panel).queryByRole('link')).toBeNull();
    fireEvent.click(within(panel).getByRole('button', { name: 'Start live coverage' }));
    await within(panel).findByText(/since/);
    expect(within(panel).getByText('Live')).toBeTruthy();
    expect(panel.querySelector('time')!.getAttribute('datetime')).toBe('2026-11-27T10:00:00.000Z');
    expect(within(panel).getByRole('link', { name: 'Open live console' }).getAttribute('href')).toBe(
      '/admin/articles/7/live',
    );
    fireEvent.click(within(panel).getByRole('button', { name: 'End coverage' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'End live coverage?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'End coverage' }));
    const resume = await within(panel).findByRole('button', { name: 'Resume coverage' });
    expect(within(panel).getByText(/Coverage ended/)).toBeTruthy();
    expect(within(panel).getByRole('link', { name: 'Open live console' })).toBeTruthy();
    fireEvent.click(resume);
    await within(panel).findByRole('button', { name: 'End coverage' });
    expect(sent.filter((r) => r.method === 'POST').map((r) => r.url)).toEqual([
      '/api/admin/articles/7/live/start',
      '/api/admin/articles/7/live/end',
      '/api/admin/articles/7/live/start',
    ]);
    expect(toasts.map((t) => t.title)).toEqual([
      'Live coverage started',
      'Live coverage ended',
      'Live coverage started',
    ]);
  });

  it('a refused start shows the problem in a toast and changes nothing', async () => {
    const { client } = fakeLiveApi({
      override: (req) => (req.method === 'POST' ? problem(409, 'Conflict', 'The article is in the Trash.') : undefined),
    });
    renderInAdmin(<Screen />, client);
    const panel = await screen.findByRole('region', { name: 'Live coverage' });
    fireEvent.click(within(panel).getByRole('button', { name: 'Start live coverage' }));
    await waitFor(() => expect(toasts).toHaveLength(1));
    expect(toasts[0]).toEqual({
      title: 'Failed to start live coverage',
      description: '409 Conflict: The article is in the Trash.',
      variant: 'destructive',
    });
    expect(within(panel).getByRole('button', { name: 'Start live coverage' })).toBeTruthy();
  });

  it('is not shown for an article in the Trash', async () => {
    const { client } = fakeLiveApi({ article: article({ deletedAt: '2026-11-27T10:00:00.000Z' }) });
    renderInAdmin(<Screen />, client);
    await waitFor(() => expect(document.body.textContent).toBe(''));
    expect(screen.queryByRole('region', { name: 'Live coverage' })).toBeNull();
  });
});
