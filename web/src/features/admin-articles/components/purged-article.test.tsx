// @vitest-environment happy-dom
import { focusManager } from '@tanstack/react-query';
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { createMemoryRouter, RouterProvider, useParams } from 'react-router';
import { paths } from '@/config/paths';
import { fakeApi, json, problem } from '@/testing/fake-admin-api';
import { renderInAdmin } from '@/testing/render-in-admin';
import { emptyForm } from '../lib/article-fields.ts';
import { draftKey, loadDraft, saveDraft } from '../lib/form-draft.ts';
import { ArticleDetailView } from './article-detail-view.tsx';
import { ArticleForm } from './article-form.tsx';

afterEach(() => {
  cleanup();
  focusManager.setFocused(undefined);
  sessionStorage.clear();
});

const PURGED_AT = '2026-12-01T10:30:00.000Z';

/** The server after a colleague deleted article 5 for good: its read is the 404 that says by whom and when. */
function purgedApi(purgedBy: string | null = 'Petra Purge') {
  return fakeApi((req) => {
    const u = new URL(req.url, 'http://admin.test');
    if (u.pathname === '/api/admin/categories') return json(200, [{ id: 1, name: 'Politics' }]);
    if (u.pathname === '/api/admin/articles/5')
      return problem(404, 'Not Found', 'Article 5 was deleted for good.', {
        purged: true,
        purgedAt: PURGED_AT,
        purgedBy,
        headline: 'Goat Wins Appeal',
      });
    return problem(404, 'Not Found', 'Not here.');
  });
}

function ArticleRoute() {
  const { id } = useParams();
  return <ArticleDetailView id={Number(id)} onBack={() => undefined} />;
}

/** Article 5's screen opened in a tab, the new article form one route away. */
async function openPurged(client: Parameters<typeof renderInAdmin>[1]) {
  const router = createMemoryRouter(
    [
      {
        path: paths.admin.newArticle.path,
        element: <ArticleForm onSaved={() => undefined} onCancel={() => undefined} />,
      },
      { path: paths.admin.article.path, element: <ArticleRoute /> },
    ],
    { initialEntries: [paths.admin.article.getHref(5)] },
  );
  renderInAdmin(<RouterProvider router={router} />, client, { router: false });
  const heading = await screen.findByRole('heading', { level: 1, name: 'This article was deleted for good' });
  return { router, heading };
}

const unsaved = {
  values: { ...emptyForm(), headline: 'Goat Wins Appeal, Again', summary: 'Kept words.' },
  baseVersion: 4,
  savedAt: '2026-12-01T10:00:00.000Z',
};

describe('An article deleted for good', () => {
  it('says who deleted it and when, focused, with its way out; no Retry, no Restore', async () => {
    const { heading } = await openPurged(purgedApi().client);
    await waitFor(() => expect(document.activeElement).toBe(heading));
    expect(
      screen.getByText(/^“Goat Wins Appeal” was deleted for good by Petra Purge on .+: it cannot be restored\.$/),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Deletions in the audit trail' }).getAttribute('href')).toBe(
      '/admin/audit?action=purge',
    );
    expect(screen.getByRole('link', { name: 'All Articles' })).toBeTruthy();
    for (const name of ['Retry', 'Restore', 'Start a new article from them'])
      expect(screen.queryByRole('button', { name })).toBeNull();
  });

  it('sends no more presence heartbeats once its read says it is gone, not even when the window has the focus again', async () => {
    const { client, presence } = purgedApi();
    await openPurged(client);
    const beats = () => presence.filter((r) => r.method === 'PUT').length;
    const before = beats();
    // The first, sent with the article's read, before its answer said it is gone.
    expect(before).toBeLessThanOrEqual(1);
    act(() => focusManager.setFocused(false));
    act(() => focusManager.setFocused(true));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(beats()).toBe(before);
  });

  it('the 30-day purge names nobody', async () => {
    await openPurged(purgedApi(null).client);
    expect(
      screen.getByText(
        /^“Goat Wins Appeal” was deleted for good on .+, 30 days after it went to the trash: it cannot be restored\.$/,
      ),
    ).toBeTruthy();
  });

  it('unsaved changes kept in the tab start a new article: the form opens with them, restored, and the old draft goes', async () => {
    saveDraft(5, unsaved);
    const { router } = await openPurged(purgedApi().client);
    expect(
      screen.getByText(/Your unsaved changes to it are kept in this browser tab: start a new article/),
    ).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Start a new article from them' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/articles/new'));
    expect(await screen.findByText(/^Restored your unsaved changes from /)).toBeTruthy();
    expect((screen.getByRole('textbox', { name: /Headline/ }) as HTMLInputElement).value).toBe(
      'Goat Wins Appeal, Again',
    );
    expect(sessionStorage.getItem(draftKey(5))).toBeNull();
    expect(loadDraft('new')).toMatchObject({ values: unsaved.values, baseVersion: undefined });
  });

  it('Discard forgets them and gives the focus back to the heading', async () => {
    saveDraft(5, unsaved);
    const { heading } = await openPurged(purgedApi().client);
    fireEvent.click(screen.getByRole('button', { name: 'Discard them' }));
    expect(screen.queryByText(/unsaved changes/)).toBeNull();
    expect(document.activeElement).toBe(heading);
    expect(sessionStorage.getItem(draftKey(5))).toBeNull();
  });

  it('a new article already begun in the tab is never replaced: the screen says to finish it first', async () => {
    saveDraft(5, unsaved);
    const mine = { values: { ...emptyForm(), headline: 'Another Story' }, savedAt: '2026-12-01T09:00:00.000Z' };
    saveDraft('new', mine);
    await openPurged(purgedApi().client);
    expect(screen.getByText(/Save or discard the new article you began in this tab/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Start a new article from them' })).toBeNull();
    expect(loadDraft('new')).toEqual({ ...mine, baseVersion: undefined });
    expect(loadDraft(5)).toBeDefined();
  });

  it('live coverage not yet posted leads to its console, where it is shown to copy', async () => {
    sessionStorage.setItem('smear.admin.live-draft.5', JSON.stringify({ doc: { type: 'doc', content: [] } }));
    sessionStorage.setItem(
      'smear.admin.live-draft.5.9',
      JSON.stringify({
        doc: { type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text: 'x' }] }] },
        version: 2,
      }),
    );
    await openPurged(purgedApi().client);
    expect(screen.getByRole('link', { name: 'its live console' }).getAttribute('href')).toBe('/admin/articles/5/live');
  });
});
