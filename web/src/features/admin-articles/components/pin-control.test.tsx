// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { adminArticle } from '@/testing/admin-article';
import { fakeApi, json, problem } from '@/testing/fake-admin-api';
import { recordToasts } from '@/testing/record-toasts';
import { renderInAdmin } from '@/testing/render-in-admin';
import type { AdminArticle } from '../types.ts';
import { ArticleDetailView } from './article-detail-view.tsx';

afterEach(cleanup);
const toasts = recordToasts();

const FULL = '3 stories are pinned already (“A”, “B” and “C”): unpin one of them first.';

/** The server with one article; PUT and DELETE .../pin pin and unpin it, unless `full` (the limit is reached). */
function pinApi(start: Partial<AdminArticle>, opts: { full?: boolean } = {}) {
  let article = adminArticle({ id: 7, headline: 'Goat Leads Nation', ...start });
  const api = fakeApi((req) => {
    const path = new URL(req.url, 'http://admin.test').pathname;
    if (path === '/api/admin/categories') return json(200, [{ id: 1, name: 'Politics' }]);
    if (path.endsWith('/revisions')) return json(200, { revisions: [] });
    if (path.endsWith('/notes')) return json(200, { notes: [] });
    if (path.endsWith('/corrections')) return json(200, { corrections: [] });
    if (path === '/api/admin/articles/7/pin') {
      if (req.method === 'PUT' && opts.full) return problem(409, 'Conflict', FULL, { pinned: [] });
      article = {
        ...article,
        // Pinned again, a story keeps its pin's time and editor: only the end changes.
        pinnedAt: req.method === 'PUT' ? (article.pinnedAt ?? '2026-12-03T17:05:00.000Z') : null,
        pinnedBy: req.method === 'PUT' ? (article.pinnedBy ?? 'Pat Pinner') : null,
        pinnedUntil: req.method === 'PUT' ? ((req.body as { until: string | null }).until ?? null) : null,
      };
      return json(200, article);
    }
    if (req.method === 'GET' && path === '/api/admin/articles/7') return json(200, article);
    return json(200, {});
  });
  return { ...api, pins: () => api.sent.filter((r) => r.url.endsWith('/pin')).map((r) => r.method) };
}

function open(client: Parameters<typeof renderInAdmin>[1]) {
  renderInAdmin(<ArticleDetailView id={7} onBack={() => undefined} />, client);
  return screen.findByRole('heading', { level: 1, name: 'Goat Leads Nation' });
}

describe('Pin to the top', () => {
  it('pins a published story, saying where it leads, then shows who pinned it and Unpin', async () => {
    const { client, pins, sent } = pinApi({ publishedAt: '2026-12-01T09:00:00.000Z' });
    await open(client);
    const button = screen.getByRole('button', { name: 'Pin to the top' });
    expect(button.getAttribute('aria-describedby')).toBe('admin-pin-7');
    expect(document.getElementById('admin-pin-7')?.textContent).toBe(
      'Leads the home page and Politics, after any breaking story. At most 3 stories are pinned at once.',
    );
    expect(screen.queryByText('Pinned')).toBeNull();

    // Without a choice the pin lasts until an editor unpins it.
    const keep = () => screen.getByLabelText('Keep it pinned') as HTMLSelectElement;
    expect(keep().selectedOptions[0]?.text).toBe('until unpinned');
    fireEvent.click(button);
    const unpin = await screen.findByRole('button', { name: 'Unpin' });
    expect(pins()).toEqual(['PUT']);
    expect(sent.find((r) => r.method === 'PUT')?.body).toEqual({ until: null });
    // Pinned: the end stays as it is until the editor changes it.
    expect(keep().selectedOptions[0]?.text).toBe('as it is, until unpinned');
    expect((screen.getByRole('button', { name: 'Change' }) as HTMLButtonElement).disabled).toBe(true);
    expect(toasts.map((t) => t.title)).toEqual(['Pinned to the top']);
    expect(document.getElementById('admin-pin-7')?.textContent).toMatch(
      /^Pinned by Pat Pinner, 3 Dec 2026, \d\d:\d\d: it leads the home page and Politics, after any breaking story\.$/,
    );
    // The badge beside the status.
    const badges = document.querySelector('.admin-detail__badges') as HTMLElement;
    expect(within(badges).getByText('Pinned').className).toContain('admin-badge--pinned');

    fireEvent.click(unpin);
    await screen.findByRole('button', { name: 'Pin to the top' });
    expect(pins()).toEqual(['PUT', 'DELETE']);
    expect(toasts.map((t) => t.title)).toEqual(['Pinned to the top', 'Unpinned']);
    expect(within(badges).queryByText('Pinned')).toBeNull();
  });

  it('pins for the time chosen, then says until when it leads', async () => {
    const { client, sent } = pinApi({ publishedAt: '2026-12-01T09:00:00.000Z' });
    await open(client);
    const select = screen.getByLabelText('Keep it pinned') as HTMLSelectElement;
    expect([...select.options].map((o) => o.text)).toEqual([
      'until unpinned',
      'for 3 hours',
      'for 6 hours',
      'for 12 hours',
      'for 1 day',
      'for 3 days',
    ]);
    fireEvent.change(select, { target: { value: '3' } });
    const before = Date.now();
    fireEvent.click(screen.getByRole('button', { name: 'Pin to the top' }));
    await screen.findByRole('button', { name: 'Unpin' });
    const { until } = sent.find((r) => r.method === 'PUT')!.body as { until: string };
    const threeHours = 3 * 3_600_000;
    expect(Date.parse(until)).toBeGreaterThanOrEqual(before + threeHours);
    expect(Date.parse(until)).toBeLessThanOrEqual(Date.now() + threeHours);
    expect(document.getElementById('admin-pin-7')?.textContent).toMatch(
      /^Pinned by Pat Pinner, 3 Dec 2026, \d\d:\d\d: it leads the home page and Politics, after any breaking story, until \d{1,2} \w{3} \d{4}, \d\d:\d\d\.$/,
    );
  });

  it('changes when a pinned story’s pin ends, and only that', async () => {
    const { client, sent } = pinApi({
      publishedAt: '2026-12-01T09:00:00.000Z',
      pinnedAt: '2026-12-03T17:05:00.000Z',
      pinnedBy: 'Sam Editor',
      pinnedUntil: '2026-12-03T20:05:00.000Z',
    });
    await open(client);
    const keep = () => screen.getByLabelText('Keep it pinned') as HTMLSelectElement;
    expect([...keep().options].map((o) => o.text)).toEqual([
      expect.stringMatching(/^as it is, until 3 Dec 2026, \d\d:\d\d$/),
      'until unpinned',
      'for 3 hours from now',
      'for 6 hours from now',
      'for 12 hours from now',
      'for 1 day from now',
      'for 3 days from now',
    ]);
    const change = screen.getByRole('button', { name: 'Change' }) as HTMLButtonElement;
    expect(change.disabled).toBe(true);

    fireEvent.change(keep(), { target: { value: '0' } });
    expect(change.disabled).toBe(false);
    fireEvent.click(change);
    await waitFor(() => expect(toasts.map((t) => t.title)).toEqual(['Pin changed']));
    expect(sent.filter((r) => r.url.endsWith('/pin')).map((r) => [r.method, r.body])).toEqual([
      ['PUT', { until: null }],
    ]);
    await waitFor(() =>
      expect(document.getElementById('admin-pin-7')?.textContent).toMatch(/after any breaking story\.$/),
    );
    // Back to 'as it is', now until unpinned: the choice offers the times only.
    await waitFor(() => expect(keep().selectedOptions[0]?.text).toBe('as it is, until unpinned'));
    expect([...keep().options].map((o) => o.text)).not.toContain('until unpinned');

    fireEvent.change(keep(), { target: { value: '24' } });
    const before = Date.now();
    fireEvent.click(screen.getByRole('button', { name: 'Change' }));
    await waitFor(() => expect(toasts).toHaveLength(2));
    const { until } = sent.filter((r) => r.method === 'PUT').at(-1)!.body as { until: string };
    expect(Date.parse(until)).toBeGreaterThanOrEqual(before + 24 * 3_600_000);
    expect(Date.parse(until)).toBeLessThanOrEqual(Date.now() + 24 * 3_600_000);
    await waitFor(() =>
      expect(document.getElementById('admin-pin-7')?.textContent).toMatch(/, until \d{1,2} \w{3} \d{4}, \d\d:\d\d\.$/),
    );
  });

  it('says why when the limit is reached, and the story stays unpinned', async () => {
    const { client, pins } = pinApi({ publishedAt: '2026-12-01T09:00:00.000Z' }, { full: true });
    await open(client);
    fireEvent.click(screen.getByRole('button', { name: 'Pin to the top' }));
    await waitFor(() => expect(toasts).toHaveLength(1));
    expect(toasts[0]).toMatchObject({ variant: 'destructive' });
    expect(`${toasts[0]!.title} ${String(toasts[0]!.description ?? '')}`).toContain(FULL);
    expect(pins()).toEqual(['PUT']);
    expect(screen.getByRole('button', { name: 'Pin to the top' })).toBeTruthy();
  });

  it('is not offered for a draft or a scheduled story', async () => {
    const { client } = pinApi({ publishedAt: null });
    await open(client);
    expect(screen.queryByRole('button', { name: 'Pin to the top' })).toBeNull();
    expect(document.getElementById('admin-pin-7')).toBeNull();
  });
});
