// @vitest-environment happy-dom
import { act, cleanup, configure, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { PRESENCE_HEARTBEAT_SECONDS, type PresenceEditor } from '@common/presence-contract';
import { paths } from '@/config/paths';
import { adminArticle } from '@/testing/admin-article';
import { fakeApi, json, problem, type Sent } from '@/testing/fake-admin-api';
import { recordToasts } from '@/testing/record-toasts';
import { renderInAdmin } from '@/testing/render-in-admin';
import { ArticleDetailView } from './article-detail-view.tsx';
import { PresenceNotice } from './presence-notice.tsx';

afterEach(cleanup);
const toasts = recordToasts();

/** 14:02 in the test's time zone, as an ISO time (the notice shows the editor's local time). */
const at1402 = () => new Date(2026, 0, 5, 14, 2, 30).toISOString();
const SAM: PresenceEditor = { name: 'Sam Editor', username: 'sam', since: at1402() };
const SAM_2: PresenceEditor = { name: 'Sam Editor', username: 'sam2', since: '2026-01-05T13:10:00.000Z' };
const ALEX: PresenceEditor = { name: 'Alex Writer', username: 'alex', since: '2026-01-05T13:00:00.000Z' };
const JO: PresenceEditor = { name: 'Jo Reporter', username: 'jo', since: '2026-01-05T13:30:00.000Z' };

describe('the notice of who else has the article open', () => {
  it('names one editor with the time they opened it', () => {
    render(<PresenceNotice editors={[SAM]} />);
    expect(screen.getByRole('status').textContent).toBe(
      'Sam Editor is also editing this article (opened 14:02). Changes you both save are checked against each other.',
    );
  });

  it('names two editors, and three, without times', () => {
    render(<PresenceNotice editors={[SAM, ALEX]} />);
    expect(screen.getByRole('status').textContent).toBe(
      'Sam Editor and Alex Writer are also editing this article. Changes any of you save are checked against each other.',
    );
    cleanup();
    render(<PresenceNotice editors={[SAM, ALEX, JO]} />);
    expect(screen.getByRole('status').textContent).toBe(
      'Sam Editor, Alex Writer and Jo Reporter are also editing this article. Changes any of you save are checked against each other.',
    );
  });

  it('tells two editors of the same display name apart by their usernames, and only them', () => {
    render(<PresenceNotice editors={[SAM, SAM_2]} />);
    expect(screen.getByRole('status').textContent).toBe(
      'Sam Editor (sam) and Sam Editor (sam2) are also editing this article. Changes any of you save are checked against each other.',
    );
    cleanup();
    render(<PresenceNotice editors={[SAM, JO, SAM_2]} />);
    expect(screen.getByRole('status').textContent).toBe(
      'Sam Editor (sam), Jo Reporter and Sam Editor (sam2) are also editing this article. Changes any of you save are checked against each other.',
    );
    cleanup();
    // Alone in the notice, a name needs nothing more.
    render(<PresenceNotice editors={[SAM_2]} />);
    expect(screen.getByRole('status').textContent).toMatch(/^Sam Editor is also editing this article \(opened/);
  });

  it('says nothing when nobody else has it open, its live region still there', () => {
    render(<PresenceNotice editors={[]} />);
    const status = screen.getByRole('status');
    expect(status.textContent).toBe('');
    expect(status.children).toHaveLength(0);
  });
});

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

/** The article screen's own loads: article 7 and the categories. */
function articleSeven(req: Sent) {
  const path = new URL(req.url, 'http://admin.test').pathname;
  if (path === '/api/admin/articles/7') return json(200, adminArticle({ id: 7, headline: 'Goat Elected' }));
  if (path === '/api/admin/categories') return json(200, [{ id: 1, name: 'Politics' }]);
  return problem(404, 'Not Found', 'Nothing here.');
}

/** Article 7's screen against a server whose presence answers are `answers` in turn (the last one repeated). */
function openScreen(answers: (() => Response)[], editing = false) {
  let n = 0;
  const api = fakeApi(articleSeven, {
    presence: (req) => (req.method === 'PUT' ? answers[Math.min(n++, answers.length - 1)]!() : json(204, null)),
  });
  const screenOf = <ArticleDetailView id={7} onBack={() => {}} editing={editing} onEditingChange={() => {}} />;
  if (!editing) return { api, view: renderInAdmin(screenOf, api.client) };
  // The edit form blocks leaving with unsaved changes: it needs a data router, as the app's route has.
  const href = `${paths.admin.article.getHref(7)}?edit=1`;
  const router = createMemoryRouter([{ path: paths.admin.article.path, element: screenOf }], {
    initialEntries: [href],
  });
  return { api, view: renderInAdmin(<RouterProvider router={router} />, api.client, { router: false }) };
}

const others = (editors: PresenceEditor[]) => () => json(200, { editors });
const becomeVisible = () => act(() => void document.dispatchEvent(new Event('visibilitychange', { bubbles: true })));

describe("the article screen's heartbeat", () => {
  it('sends one on mount with a random tab id, shows who else is there, and drops them at the beat that no longer names them', async () => {
    const { api } = openScreen([others([SAM]), others([])]);
    await screen.findByRole('heading', { name: 'Goat Elected' });
    const notice = await screen.findByText(/^Sam Editor is also editing this article/);
    expect(notice.closest('[role="status"]')).not.toBeNull();
    const [first] = api.presence;
    expect(first).toMatchObject({ method: 'PUT', url: '/api/admin/articles/7/presence' });
    const tabId = (first!.body as { tabId: string }).tabId;
    expect(tabId).toMatch(UUID);
    await becomeVisible();
    await waitFor(() => expect(screen.queryByText(/also editing/)).toBeNull());
    expect(api.presence.filter((r) => r.method === 'PUT').map((r) => r.body)).toEqual([{ tabId }, { tabId }]);
  });

  it('sends one every 20 s while the page is visible, none while it is hidden, and one on coming back', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const { api } = openScreen([others([])]);
      await waitFor(() => expect(api.presence).toHaveLength(1));
      await act(() => vi.advanceTimersByTimeAsync(PRESENCE_HEARTBEAT_SECONDS * 1000));
      expect(api.presence).toHaveLength(2);
      Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
      await act(() => vi.advanceTimersByTimeAsync(3 * PRESENCE_HEARTBEAT_SECONDS * 1000));
      expect(api.presence).toHaveLength(2);
      Object.defineProperty(document, 'visibilityState', { value: 'visible', configurable: true });
      await becomeVisible();
      await waitFor(() => expect(api.presence).toHaveLength(3));
      await act(() => vi.advanceTimersByTimeAsync(PRESENCE_HEARTBEAT_SECONDS * 1000));
      expect(api.presence).toHaveLength(4);
    } finally {
      vi.useRealTimers();
      Reflect.deleteProperty(document, 'visibilityState');
    }
  });

  it('shows the notice above the edit form too', async () => {
    openScreen([others([SAM, ALEX])], true);
    await screen.findByRole('heading', { level: 1, name: 'Edit Article' });
    expect(
      (await screen.findByText(/^Sam Editor and Alex Writer are also editing this article\./)).closest(
        '[role="status"]',
      ),
    ).not.toBeNull();
  });

  it('a failed heartbeat says nothing (no toast, the screen stays) and the next one is sent as usual', async () => {
    const { api } = openScreen([() => problem(500, 'Internal Server Error', 'Down.'), others([SAM])]);
    await screen.findByRole('heading', { name: 'Goat Elected' });
    await waitFor(() => expect(api.presence).toHaveLength(1));
    expect(screen.queryByText(/also editing/)).toBeNull();
    await becomeVisible();
    await screen.findByText(/^Sam Editor is also editing this article/);
    expect(toasts).toEqual([]);
  });

  it('leaves with keepalive, with its tab id, when the screen goes and when the page is hidden for good', async () => {
    const { api, view } = openScreen([others([])]);
    await waitFor(() => expect(api.presence).toHaveLength(1));
    const tabId = (api.presence[0]!.body as { tabId: string }).tabId;
    const leaving = `/api/admin/articles/7/presence?tabId=${tabId}`;
    act(() => void window.dispatchEvent(new Event('pagehide')));
    await waitFor(() => expect(api.presence.map((r) => `${r.method} ${r.url}`)).toContain(`DELETE ${leaving}`));
    expect(api.presence.find((r) => r.method === 'DELETE')).toMatchObject({ keepalive: true });
    view.unmount();
    // Left once already: the unmount sends no second one.
    await new Promise((r) => setTimeout(r, 10));
    expect(api.presence.filter((r) => r.method === 'DELETE')).toHaveLength(1);

    cleanup();
    const second = openScreen([others([])]);
    await waitFor(() => expect(second.api.presence).toHaveLength(1));
    const otherTab = (second.api.presence[0]!.body as { tabId: string }).tabId;
    expect(otherTab).not.toBe(tabId);
    second.view.unmount();
    await waitFor(() =>
      expect(second.api.presence.map((r) => `${r.method} ${r.url}`)).toContain(
        `DELETE /api/admin/articles/7/presence?tabId=${otherTab}`,
      ),
    );
  });

  it("React's double mount (development): the heartbeat after the leaving waits for its answer, so the tab stays listed", async () => {
    // The server as it takes the requests: a heartbeat lists the tab; a leaving, taken only when the test
    // lets it (a slow connection), unlists it.
    const listed = new Set<string>();
    const events: string[] = [];
    let letLeavingThrough!: () => void;
    const slow = new Promise<void>((resolve) => (letLeavingThrough = resolve));
    const api = fakeApi(articleSeven, {
      presence: async (req) => {
        if (req.method === 'PUT') {
          listed.add((req.body as { tabId: string }).tabId);
          events.push('heartbeat');
          return json(200, { editors: [] });
        }
        events.push('leaving sent');
        await slow;
        listed.delete(new URL(req.url, 'http://admin.test').searchParams.get('tabId')!);
        events.push('leaving taken');
        return json(204, null);
      },
    });
    // As the app's entry renders it in development: in StrictMode, at the root (mounted, unmounted, mounted).
    configure({ reactStrictMode: true });
    try {
      renderInAdmin(
        <ArticleDetailView id={7} onBack={() => {}} editing={false} onEditingChange={() => {}} />,
        api.client,
      );
    } finally {
      configure({ reactStrictMode: false });
    }
    await screen.findByRole('heading', { name: 'Goat Elected' });
    await waitFor(() => expect(events).toContain('leaving sent'));
    // The leaving is slow: what the screen sends meanwhile (the first mount's heartbeat may still go out).
    await new Promise((r) => setTimeout(r, 50));
    letLeavingThrough();
    await waitFor(() => expect(events.slice(events.indexOf('leaving taken'))).toEqual(['leaving taken', 'heartbeat']));
    expect(listed.size).toBe(1);
  });
});
