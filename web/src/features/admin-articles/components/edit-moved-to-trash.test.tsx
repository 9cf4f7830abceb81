// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { paths } from '@/config/paths';
import { adminArticle } from '@/testing/admin-article';
import { fakeApi, json, problem } from '@/testing/fake-admin-api';
import { recordToasts } from '@/testing/record-toasts';
import { renderInAdmin } from '@/testing/render-in-admin';
import { draftKey } from '../lib/form-draft.ts';
import type { AdminArticle } from '../types.ts';
import { ArticleDetailView } from './article-detail-view.tsx';

beforeEach(() => sessionStorage.clear());
afterEach(cleanup);
const toasts = recordToasts();

const IN_TRASH = 'The article is in the trash: restore it first.';

/**
 * The server as the edit form meets it: article 1, which someone else moves to the Trash (`trash()`)
 * while it is being edited. Every write of it then answers the 409 with `deleted`, its read the 404 with
 * `deleted`; Restore brings it back two versions on (the move to the Trash and the restore).
 */
function serverWith(start: AdminArticle) {
  let article = start;
  // Deleted for good (`purge()`): its read says by whom, every write is not found.
  let purged = false;
  const api = fakeApi((req) => {
    const path = new URL(req.url, 'http://admin.test').pathname;
    if (path === '/api/admin/categories') return json(200, [{ id: 1, name: 'Politics' }]);
    if (path === '/api/admin/articles/1/revisions') return json(200, { revisions: [] });
    if (purged && req.method === 'GET' && path === '/api/admin/articles/1') {
      return problem(404, 'Not Found', 'Article 1 was deleted for good.', {
        purged: true,
        purgedAt: new Date().toISOString(),
        purgedBy: 'Petra Purge',
        headline: article.headline,
      });
    }
    if (purged) return problem(404, 'Not Found', 'Article 1 was not found.');
    const deleted = { deleted: true, deletedAt: article.deletedAt, headline: article.headline };
    if (req.method === 'GET') {
      return article.deletedAt
        ? problem(404, 'Not Found', 'Article 1 was deleted (it is in the trash).', deleted)
        : json(200, article);
    }
    if (path === '/api/admin/articles/1/restore') {
      article = { ...article, deletedAt: null, version: article.version + 1 };
      return json(200, article);
    }
    if (article.deletedAt) return problem(409, 'Conflict', IN_TRASH, { deleted: true, deletedAt: article.deletedAt });
    article = { ...article, ...(req.body as object), version: article.version + 1 };
    return json(200, article);
  });
  return {
    ...api,
    trash: () => {
      article = { ...article, deletedAt: new Date().toISOString(), version: article.version + 1 };
    },
    purge: () => {
      purged = true;
    },
    writes: () => api.sent.filter((r) => r.method !== 'GET').map((r) => `${r.method} ${r.url}`),
  };
}

/** The article's screen in edit mode (`?edit=1`), as the app's route shows it. */
async function openEditor(server: ReturnType<typeof serverWith>) {
  const href = `${paths.admin.article.getHref(1)}?edit=1`;
  const router = createMemoryRouter(
    [
      {
        path: paths.admin.article.path,
        element: <ArticleDetailView id={1} onBack={() => {}} editing onEditingChange={() => {}} />,
      },
    ],
    { initialEntries: [href] },
  );
  renderInAdmin(<RouterProvider router={router} />, server.client, { router: false });
  await screen.findByRole('heading', { level: 1, name: 'Edit Article' });
}

const summary = () => screen.getByLabelText('Summary') as HTMLTextAreaElement;
const draftSummary = () => JSON.parse(sessionStorage.getItem(draftKey(1)) ?? '{}').values?.summary;

/**
 * A published article's edit form, 'My unsaved words.' typed in its summary; someone else then moves it to
 * the Trash or deletes it for good (`gone`), and Save changes is pressed. Answers the heading that shows.
 */
async function savedAfter(gone: 'trash' | 'purge', heading: string) {
  const server = serverWith(
    adminArticle({ id: 1, headline: 'Goose Runs For Mayor', publishedAt: '2026-01-05T10:00:00.000Z', version: 3 }),
  );
  await openEditor(server);
  fireEvent.change(summary(), { target: { value: 'My unsaved words.' } });
  server[gone]();
  fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
  const title = await screen.findByRole('heading', { level: 1, name: heading });
  await waitFor(() => expect(document.activeElement).toBe(title));
  expect(toasts).toEqual([expect.objectContaining({ title: 'Failed to save article', variant: 'destructive' })]);
  expect(draftSummary()).toBe('My unsaved words.');
  return server;
}

/**
 * A draft's edit form, 'Honk, honk.' typed in its summary; someone else then moves it to the Trash or deletes
 * it for good (`gone`) before its autosave, which is refused, sent once, the text kept in the tab.
 */
async function autosavedAfter(gone: 'trash' | 'purge', heading: string) {
  const server = serverWith(adminArticle({ id: 1, headline: 'Goose Drafts A Manifesto', version: 2 }));
  await openEditor(server);
  fireEvent.change(summary(), { target: { value: 'Honk, honk.' } });
  server[gone]();
  await screen.findByRole('heading', { level: 1, name: heading }, { timeout: 6000 });
  expect(draftSummary()).toBe('Honk, honk.');
  const puts = server.sent.filter((r) => r.method === 'PUT');
  expect(puts).toHaveLength(1);
  expect(puts[0]!.body).toMatchObject({ autosave: true, summary: 'Honk, honk.' });
}

describe('the edit form of an article moved to the Trash meanwhile', () => {
  it("Save changes leads to 'This article was deleted', not the conflict panel, and the text comes back after Restore", async () => {
    const server = await savedAfter('trash', 'This article was deleted');
    expect(screen.queryByText('This article was changed while you were editing')).toBeNull();
    expect(screen.getByText(/^“Goose Runs For Mayor” went to the trash on /)).toBeTruthy();
    expect(
      screen.getByText('Your unsaved changes to it are kept in this browser tab: restore it to go on editing them.'),
    ).toBeTruthy();
    expect(String(toasts[0]!.description)).toContain(IN_TRASH);

    fireEvent.click(screen.getByRole('button', { name: 'Restore' }));
    await screen.findByRole('heading', { level: 1, name: 'Edit Article' });
    expect(summary().value).toBe('My unsaved words.');
    expect(screen.getByText(/^Restored your unsaved changes from /)).toBeTruthy();
    expect(server.writes()).toEqual(['PUT /api/admin/articles/1', 'POST /api/admin/articles/1/restore']);
  });

  it("an autosave of a draft moved to the Trash says so and leads to 'This article was deleted', the text kept", async () => {
    await autosavedAfter('trash', 'This article was deleted');
    expect(screen.queryByText('This article was changed while you were editing')).toBeNull();
    expect(screen.getByText(/Your unsaved changes to it are kept in this browser tab/)).toBeTruthy();
  }, 10_000);

  it('Save changes of an article deleted for good leads to who deleted it, and the text starts a new article', async () => {
    await savedAfter('purge', 'This article was deleted for good');
    expect(screen.getByText(/^“Goose Runs For Mayor” was deleted for good by Petra Purge on /)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Start a new article from them' })).toBeTruthy();
    expect(String(toasts[0]!.description)).toContain('Article 1 was not found.');
  });

  it('an autosave of a draft deleted for good leads there too, the text kept', async () => {
    await autosavedAfter('purge', 'This article was deleted for good');
    expect(screen.getByRole('button', { name: 'Start a new article from them' })).toBeTruthy();
  }, 10_000);

  it('an article opened in the Trash with no unsaved changes in the tab says nothing of them', async () => {
    const server = serverWith(adminArticle({ id: 1, headline: 'Goose Retires', version: 2 }));
    server.trash();
    const router = createMemoryRouter(
      [{ path: paths.admin.article.path, element: <ArticleDetailView id={1} onBack={() => {}} /> }],
      { initialEntries: [paths.admin.article.getHref(1)] },
    );
    renderInAdmin(<RouterProvider router={router} />, server.client, { router: false });
    await screen.findByRole('heading', { level: 1, name: 'This article was deleted' });
    expect(screen.queryByText(/Your unsaved changes/)).toBeNull();
    expect(screen.queryByText(/Your live coverage/)).toBeNull();
  });

  it('an article in the Trash with a live entry or correction kept in the tab says it waits for the live console', async () => {
    const server = serverWith(adminArticle({ id: 1, headline: 'Goose Live', version: 2 }));
    server.trash();
    const line =
      'Your live coverage not yet posted is kept in this browser tab: restore it to post it from the live console.';
    // Another story's entry is not this one's; this story's correction of entry 5 is.
    for (const [key, shown] of [
      ['smear.admin.live-draft.12', false],
      ['smear.admin.live-draft.1.5', true],
    ] as const) {
      sessionStorage.clear();
      sessionStorage.setItem(key, '{}');
      const router = createMemoryRouter(
        [{ path: paths.admin.article.path, element: <ArticleDetailView id={1} onBack={() => {}} /> }],
        { initialEntries: [paths.admin.article.getHref(1)] },
      );
      renderInAdmin(<RouterProvider router={router} />, server.client, { router: false });
      await screen.findByRole('heading', { level: 1, name: 'This article was deleted' });
      expect(screen.queryByText(line) !== null, key).toBe(shown);
      cleanup();
    }
  });
});
