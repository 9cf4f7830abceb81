// @vitest-environment happy-dom
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { paths } from '@/config/paths';
import { adminArticle } from '@/testing/admin-article';
import { fakeApi, json, problem } from '@/testing/fake-admin-api';
import { renderInAdmin } from '@/testing/render-in-admin';
import type { AdminArticle } from '../types.ts';
import { ArticleDetailView } from './article-detail-view.tsx';

beforeEach(() => sessionStorage.clear());
afterEach(cleanup);

const PANEL = 'This article was changed while you were editing';

/**
 * The server as the draft's autosave meets it: article 1 at version 2, which another tab changes
 * (`elsewhere`) while it is edited. A write names its version (If-Match): a stale one answers 412;
 * an autosave of a published or scheduled article answers 409. Every write keeps a revision.
 */
function serverWith(start: AdminArticle, opts: { historyFails?: boolean } = {}) {
  let article = start;
  const revisions: { version: number; changedFields: string[] }[] = [];
  const change = (fields: Partial<AdminArticle>, changedFields: string[]) => {
    article = { ...article, ...fields, version: article.version + 1, updatedBy: 'Rita Reporter' };
    revisions.unshift({ version: article.version, changedFields });
  };
  const api = fakeApi((req) => {
    const path = new URL(req.url, 'http://admin.test').pathname;
    if (path === '/api/admin/categories') return json(200, [{ id: 1, name: 'Politics' }]);
    if (path === '/api/admin/articles/1/revisions') {
      if (opts.historyFails) return problem(500, 'Internal Server Error');
      const list = revisions.map((r) => ({ ...r, id: r.version, articleId: 1, action: 'edit', editorName: 'Rita' }));
      return json(200, { revisions: list.map((r) => ({ ...r, at: article.updatedAt, autosave: false })) });
    }
    if (req.method === 'GET') return json(200, article);
    if (req.headers['If-Match'] !== `"${article.version}"`) {
      return problem(412, 'Precondition Failed', 'The article changed.', {
        currentVersion: article.version,
        changedBy: 'Rita Reporter',
        changedAt: article.updatedAt,
      });
    }
    const { autosave, ...fields } = req.body as { autosave?: boolean };
    if (autosave && (article.publishedAt || article.publishAt)) {
      return problem(409, 'Conflict', 'Only a draft is saved automatically.');
    }
    change(fields as Partial<AdminArticle>, ['summary']);
    return json(200, article);
  });
  return {
    ...api,
    elsewhere: change,
    puts: () => api.sent.filter((r) => r.method === 'PUT').map((r) => r.headers['If-Match']),
  };
}

async function openEditor(server: ReturnType<typeof serverWith>) {
  const router = createMemoryRouter(
    [
      {
        path: paths.admin.article.path,
        element: <ArticleDetailView id={1} onBack={() => {}} editing onEditingChange={() => {}} />,
      },
    ],
    { initialEntries: [`${paths.admin.article.getHref(1)}?edit=1`] },
  );
  renderInAdmin(<RouterProvider router={router} />, server.client, { router: false });
  await screen.findByRole('heading', { level: 1, name: 'Edit Article' });
}

const draft = () => adminArticle({ id: 1, headline: 'Goose Drafts A Manifesto', version: 2 });
const type = (text: string) => fireEvent.change(screen.getByLabelText('Summary'), { target: { value: text } });
const trashAndBack = (server: ReturnType<typeof serverWith>) => {
  server.elsewhere({ deletedAt: '2026-01-05T10:00:00.000Z' }, ['deletedAt']);
  server.elsewhere({ deletedAt: null }, ['deletedAt']);
};

describe('an autosave that meets a newer version', () => {
  it('moved to the Trash and back elsewhere: sent again on the version now, no panel, and the next save is based on it', async () => {
    const server = serverWith(draft());
    await openEditor(server);
    trashAndBack(server);
    type('Honk, honk.');

    await screen.findByText(/^Saved /, undefined, { timeout: 6000 });
    expect(screen.queryByText(PANEL)).toBeNull();
    expect(server.puts()).toEqual(['"2"', '"4"']);
    expect(server.sent.filter((r) => r.method === 'PUT')[1]!.body).toMatchObject({
      autosave: true,
      summary: 'Honk, honk.',
    });
    type('Honk, honk, honk.');
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(server.puts()).toEqual(['"2"', '"4"', '"5"']));
  }, 10_000);

  it('a field the editor has not changed was changed elsewhere: takes it, sent again on the version now, no panel', async () => {
    const server = serverWith(draft());
    await openEditor(server);
    server.elsewhere({ deletedAt: '2026-01-05T10:00:00.000Z' }, ['deletedAt']);
    server.elsewhere({ deletedAt: null, source: 'Their wire' }, ['deletedAt', 'source']);
    type('Honk, honk.');

    await screen.findByText(/^Saved /, undefined, { timeout: 6000 });
    expect(screen.queryByText(PANEL)).toBeNull();
    expect(server.puts()).toEqual(['"2"', '"4"']);
    expect(server.sent.filter((r) => r.method === 'PUT')[1]!.body).toMatchObject({
      autosave: true,
      summary: 'Honk, honk.',
      source: 'Their wire',
    });
    expect((screen.getByLabelText('Source') as HTMLInputElement).value).toBe('Their wire');
  }, 10_000);

  it('shows the panel when a field the editor changed was changed elsewhere too, and sends nothing more', async () => {
    const server = serverWith(draft());
    await openEditor(server);
    server.elsewhere({ deletedAt: '2026-01-05T10:00:00.000Z' }, ['deletedAt']);
    server.elsewhere({ deletedAt: null, summary: 'Their summary' }, ['deletedAt', 'summary']);
    type('Honk, honk.');

    await screen.findByText(PANEL, undefined, { timeout: 6000 });
    expect(screen.getByText('Not saved: someone else saved this article.')).toBeTruthy();
    expect(server.puts()).toEqual(['"2"']);
    expect((screen.getByLabelText('Summary') as HTMLTextAreaElement).value).toBe('Honk, honk.');
  }, 10_000);

  it('shows the panel when the history cannot be read', async () => {
    const server = serverWith(draft(), { historyFails: true });
    await openEditor(server);
    trashAndBack(server);
    type('Honk, honk.');

    await screen.findByText(PANEL, undefined, { timeout: 6000 });
    expect(server.puts()).toEqual(['"2"']);
  }, 10_000);

  it('shows the panel on a second stale answer: sent again once, not in a loop', async () => {
    const server = serverWith(draft());
    await openEditor(server);
    trashAndBack(server);
    // Once the history and the article are read, the article moves on again before the resend arrives.
    const read = server.client.fetch!;
    let historyRead = false;
    server.client.fetch = async (input, init) => {
      const answer = await read(input, init);
      if (String(input).endsWith('/revisions')) historyRead = true;
      else if (historyRead && (init?.method ?? 'GET') === 'GET') trashAndBack(server);
      return answer;
    };
    type('Honk, honk.');

    await screen.findByText(PANEL, undefined, { timeout: 6000 });
    expect(server.puts()).toEqual(['"2"', '"4"']);
    expect(server.sent.filter((r) => r.url.endsWith('/revisions'))).toHaveLength(1);
  }, 10_000);

  it('published elsewhere: not sent again, autosaving stops and says so, no panel; Save changes saves the edit', async () => {
    const server = serverWith(draft());
    await openEditor(server);
    server.elsewhere({ publishedAt: '2026-01-05T10:00:00.000Z', status: 'published' }, ['publishedAt', 'status']);
    type('Honk, honk.');

    await screen.findByText(
      'Not saved automatically: this article is published now. Save changes to save your edits.',
      undefined,
      { timeout: 6000 },
    );
    expect(screen.queryByText(PANEL)).toBeNull();
    expect(server.puts()).toEqual(['"2"']);
    // The form knows the article is published now: it offers the minor-edit choice.
    expect(screen.getByLabelText(/^Minor edit/)).toBeTruthy();
    // More typing saves nothing by itself.
    type('Honk, honk, honk.');
    await act(() => new Promise((r) => setTimeout(r, 3500)));
    expect(server.puts()).toEqual(['"2"']);
    // Save changes: the same rule sends the edit on the version now.
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(server.puts()).toEqual(['"2"', '"2"', '"3"']));
    expect(server.sent.filter((r) => r.method === 'PUT')[2]!.body).not.toHaveProperty('autosave');
  }, 15_000);
});
