// @vitest-environment happy-dom
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ArticleExtensionsContext, ArticleList } from '@/features/admin-articles';
import { ArticleActions } from '@/features/admin-articles/components/article-actions';
import { ArticleForm } from '@/features/admin-articles/components/article-form';
import { adminArticle } from '@/testing/admin-article';
import { adminKeys } from '@/lib/admin-api-client';
import { createMemoryRouter, RouterProvider } from 'react-router';
import {
  fakeApi,
  json,
  renderInAdmin,
  share,
  sharesView,
  type Sent,
} from '@/features/article-shares/testing/fake-admin';
import type { PlatformShare, SharesOfArticles } from '../../../../../common/admin-contract.ts';
import { sharesOfKey, type SharesOfArticle } from '@/features/article-shares/api/shares-of-articles';
import { articleExtensions } from './article-extensions.tsx';

// The article screens with sharing composed in (what the admin shell provides): the share choice in the
// publish confirmation and the form, and deleting the posts when unpublishing or deleting.
afterEach(cleanup);
beforeEach(() => localStorage.clear());

const ARTICLE = { id: 7, headline: 'Goat Elected Mayor', publishedAt: null as string | null };

type EntryPost = SharesOfArticles['articles'][number]['entryPosts'][number];

function api(
  opts: {
    connected?: boolean;
    shares?: PlatformShare[];
    entryPosts?: EntryPost[];
    refuseDelete?: boolean;
    refuseEntryDelete?: boolean;
  } = {},
) {
  const connected = opts.connected ?? true;
  return fakeApi((req: Sent) => {
    const u = new URL(req.url, 'http://admin.test');
    if (u.pathname === '/api/admin/social/share-defaults')
      return json(200, { x: null, facebook: null, connected: { x: connected, facebook: connected } });
    if (u.pathname === '/api/admin/shares')
      return json(200, {
        articles: [
          {
            articleId: 7,
            shares: opts.shares ?? [share({ platform: 'x' }), share({ platform: 'facebook' })],
            entryPosts: opts.entryPosts ?? [],
          },
        ],
      });
    if (u.pathname === '/api/admin/articles/7/shares') return json(200, sharesView());
    if (u.pathname.endsWith('/shares/choice')) return json(200, sharesView());
    const entryPost = /^\/api\/admin\/articles\/7\/live\/entries\/\d+\/shares\/(x|facebook)$/.exec(u.pathname);
    if (req.method === 'DELETE' && entryPost)
      return opts.refuseEntryDelete
        ? json(502, { title: 'Bad Gateway', detail: 'Facebook is down' }, 'application/problem+json')
        : json(200, { platform: entryPost[1], state: 'deleted' });
    if (req.method === 'DELETE' && u.pathname.startsWith('/api/admin/articles/7/shares/'))
      return opts.refuseDelete
        ? json(502, { title: 'Bad Gateway', detail: 'X is down' }, 'application/problem+json')
        : json(200, sharesView());
    if (req.method === 'POST' && u.pathname === '/api/admin/articles') return json(201, { ...ARTICLE, id: 8 });
    if (req.method === 'POST' && u.pathname === '/api/admin/articles/7/purge') return json(204, null);
    if (u.pathname === '/api/admin/articles')
      return json(200, {
        articles: [],
        currentPage: 1,
        pageSize: 20,
        totalCount: 0,
        totalPages: 0,
        hasNextPage: false,
        hasPreviousPage: false,
      });
    if (req.method === 'POST' || req.method === 'DELETE') return json(200, ARTICLE);
    return json(404, { title: 'Not Found' }, 'application/problem+json');
  });
}

const actions = (article = ARTICLE) => (
  <ArticleExtensionsContext.Provider value={articleExtensions}>
    <ArticleActions article={article} />
  </ArticleExtensionsContext.Provider>
);

const writes = (sent: Sent[]) => sent.filter((r) => r.method !== 'GET').map((r) => `${r.method} ${r.url}`);

describe('publish with sharing', () => {
  it('asks first with the share choice and its previews, saves the choice, then publishes', async () => {
    const { client, sent } = api();
    renderInAdmin(actions(), client);
    const publish = screen.getByRole('button', { name: 'Publish' }) as HTMLButtonElement;
    // Until the extension knows whether there is anything to choose, Publish waits.
    expect(publish.disabled).toBe(true);
    await waitFor(() => expect(publish.disabled).toBe(false));
    fireEvent.click(publish);
    const dialog = await screen.findByRole('alertdialog', { name: 'Publish this article?' });
    fireEvent.click(await within(dialog).findByLabelText('Post to Facebook'));
    expect(within(dialog).getByTestId('x-preview').textContent).toContain('Goat Elected Mayor https://');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Publish' }));
    await waitFor(() =>
      expect(writes(sent)).toEqual(['PUT /api/admin/articles/7/shares/choice', 'POST /api/admin/articles/7/publish']),
    );
    expect(sent.find((r) => r.method === 'PUT')!.body).toEqual({ shareToFacebook: false });
  });

  it('publishes at once when no account is connected (nothing to choose)', async () => {
    const { client, sent } = api({ connected: false });
    const { queryClient } = renderInAdmin(actions(), client);
    await waitFor(() => expect(queryClient.getQueryData(['admin', 'share-defaults'])).toBeTruthy());
    fireEvent.click(screen.getByRole('button', { name: 'Publish' }));
    await waitFor(() => expect(writes(sent)).toEqual(['POST /api/admin/articles/7/publish']));
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });
});

describe('unpublish and delete with posts', () => {
  const posted = [
    share({ platform: 'x', state: 'posted', postId: '42', postUrl: 'https://x.com/i/web/status/42' }),
    share({ platform: 'facebook', state: 'posted', postId: '1_2', postUrl: 'https://www.facebook.com/1_2' }),
  ];
  const live = { ...ARTICLE, publishedAt: '2026-01-05T09:30:00.000Z' };

  it('unpublishing offers to delete the posts too; ticked, they go first', async () => {
    const { client, sent } = api({ shares: posted });
    renderInAdmin(actions(live), client);
    await waitFor(() => expect(sent.some((r) => r.url.startsWith('/api/admin/shares?'))).toBe(true));
    fireEvent.click(screen.getByRole('button', { name: 'Unpublish' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Unpublish this article?' });
    fireEvent.click(within(dialog).getByLabelText('Also delete its posts on X and Facebook'));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Unpublish' }));
    await waitFor(() =>
      expect(writes(sent)).toEqual([
        'DELETE /api/admin/articles/7/shares/x',
        'DELETE /api/admin/articles/7/shares/facebook',
        'POST /api/admin/articles/7/unpublish',
      ]),
    );
  });

  it('left unticked, the posts stay', async () => {
    const { client, sent } = api({ shares: posted });
    renderInAdmin(actions(live), client);
    await waitFor(() => expect(sent.some((r) => r.url.startsWith('/api/admin/shares?'))).toBe(true));
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete this article?' });
    expect(within(dialog).getByLabelText('Also delete its posts on X and Facebook')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(writes(sent)).toEqual(['DELETE /api/admin/articles/7']));
  });

  it('a post the provider will not delete stops the delete and says why', async () => {
    const { client, sent } = api({ shares: posted, refuseDelete: true });
    renderInAdmin(actions(live), client);
    await waitFor(() => expect(sent.some((r) => r.url.startsWith('/api/admin/shares?'))).toBe(true));
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete this article?' });
    fireEvent.click(within(dialog).getByLabelText('Also delete its posts on X and Facebook'));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect((await within(dialog).findByRole('alert')).textContent).toContain('X is down');
    expect(writes(sent)).toEqual(['DELETE /api/admin/articles/7/shares/x']);
  });

  it("a live story's key events posted on X or Facebook are counted and named, and go too, each on its entry", async () => {
    const { client, sent } = api({
      shares: [posted[0]!],
      entryPosts: [
        { entryId: 31, platform: 'x' },
        { entryId: 35, platform: 'facebook' },
      ],
    });
    const { queryClient } = renderInAdmin(actions(live), client);
    await waitFor(() => expect(sent.some((r) => r.url.startsWith('/api/admin/shares?'))).toBe(true));
    fireEvent.click(screen.getByRole('button', { name: 'Unpublish' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Unpublish this article?' });
    const box = within(dialog).getByLabelText(
      "Also delete its 3 posts on X and Facebook (the story's and 2 key events')",
    );
    fireEvent.click(box);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Unpublish' }));
    await waitFor(() =>
      expect(writes(sent)).toEqual([
        'DELETE /api/admin/articles/7/shares/x',
        'DELETE /api/admin/articles/7/live/entries/31/shares/x',
        'DELETE /api/admin/articles/7/live/entries/35/shares/facebook',
        'POST /api/admin/articles/7/unpublish',
      ]),
    );
    // The key events' posts are gone from what the screens hold of the story.
    expect(queryClient.getQueryData<SharesOfArticle>(sharesOfKey(7))?.entryPosts).toEqual([]);
  });

  it("a story whose only posts are a key event's still offers to delete them", async () => {
    const { client, sent } = api({ entryPosts: [{ entryId: 31, platform: 'x' }] });
    renderInAdmin(actions(live), client);
    await waitFor(() => expect(sent.some((r) => r.url.startsWith('/api/admin/shares?'))).toBe(true));
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete this article?' });
    fireEvent.click(within(dialog).getByLabelText("Also delete its post on X (a key event's)"));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() =>
      expect(writes(sent)).toEqual([
        'DELETE /api/admin/articles/7/live/entries/31/shares/x',
        'DELETE /api/admin/articles/7',
      ]),
    );
  });

  it("a key event's post the provider will not delete stops the unpublish and says why", async () => {
    const { client, sent } = api({ entryPosts: [{ entryId: 35, platform: 'facebook' }], refuseEntryDelete: true });
    renderInAdmin(actions(live), client);
    await waitFor(() => expect(sent.some((r) => r.url.startsWith('/api/admin/shares?'))).toBe(true));
    fireEvent.click(screen.getByRole('button', { name: 'Unpublish' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Unpublish this article?' });
    fireEvent.click(within(dialog).getByLabelText("Also delete its post on Facebook (a key event's)"));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Unpublish' }));
    expect((await within(dialog).findByRole('alert')).textContent).toContain('Facebook is down');
    expect(writes(sent)).toEqual(['DELETE /api/admin/articles/7/live/entries/35/shares/facebook']);
  });

  it('unpublishing an article without posts acts at once', async () => {
    const { client, sent } = api();
    renderInAdmin(actions(live), client);
    await waitFor(() => expect(sent.some((r) => r.url.startsWith('/api/admin/shares?'))).toBe(true));
    fireEvent.click(screen.getByRole('button', { name: 'Unpublish' }));
    await waitFor(() => expect(writes(sent)).toEqual(['POST /api/admin/articles/7/unpublish']));
  });
});

describe('Delete for good (a Trash row) with posts', () => {
  const posted = [
    share({ platform: 'x', state: 'posted', postId: '42', postUrl: 'https://x.com/i/web/status/42' }),
    share({ platform: 'facebook', state: 'deleted', postId: '1_2', postUrl: null }),
  ];
  const trashed = adminArticle({
    ...ARTICLE,
    deletedAt: new Date().toISOString(),
    updatedBy: 'Ed Itor',
  });

  const trashRow = () => (
    <ArticleExtensionsContext.Provider value={articleExtensions}>
      <ArticleList articles={[trashed]} />
    </ArticleExtensionsContext.Provider>
  );
  const MESSAGE = 'It is removed now with its history and cannot be restored.';

  async function askToPurge(sent: Sent[]) {
    await waitFor(() => expect(sent.some((r) => r.url.startsWith('/api/admin/shares?'))).toBe(true));
    const button = screen.getByRole('button', { name: 'Delete for good Goat Elected Mayor' }) as HTMLButtonElement;
    await waitFor(() => expect(button.disabled).toBe(false));
    fireEvent.click(button);
    return screen.findByRole('alertdialog', { name: 'Delete “Goat Elected Mayor” for good?' });
  }

  it("offers the box for the posts still up (the story's and its key events'), unticked: the posts stay", async () => {
    const { client, sent } = api({ shares: posted, entryPosts: [{ entryId: 31, platform: 'facebook' }] });
    renderInAdmin(trashRow(), client);
    const dialog = await askToPurge(sent);
    expect(within(dialog).getByText(MESSAGE)).toBeTruthy();
    const box = within(dialog).getByLabelText(
      "Also delete its 2 posts on X and Facebook (the story's and a key event's)",
    ) as HTMLInputElement;
    expect(box.checked).toBe(false);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete for good' }));
    await waitFor(() => expect(writes(sent)).toEqual(['POST /api/admin/articles/7/purge']));
  });

  it('names the one post of a story without key events', async () => {
    const { client, sent } = api({ shares: posted });
    renderInAdmin(trashRow(), client);
    const dialog = await askToPurge(sent);
    expect(within(dialog).getByLabelText('Also delete its post on X')).toBeTruthy();
  });

  it('without posts, neither the box nor a word about posts', async () => {
    const { client, sent } = api();
    renderInAdmin(trashRow(), client);
    const dialog = await askToPurge(sent);
    expect(within(dialog).queryByRole('checkbox')).toBeNull();
    expect(dialog.textContent).toContain(MESSAGE);
    expect(dialog.textContent).not.toMatch(/post|X|Facebook/);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete for good' }));
    await waitFor(() => expect(writes(sent)).toEqual(['POST /api/admin/articles/7/purge']));
  });

  it('ticked, each post is deleted once, one at a time, before the purge (a double click too)', async () => {
    const { client, sent } = api({
      shares: posted,
      entryPosts: [
        { entryId: 31, platform: 'x' },
        { entryId: 35, platform: 'facebook' },
      ],
    });
    renderInAdmin(trashRow(), client);
    const dialog = await askToPurge(sent);
    fireEvent.click(
      within(dialog).getByLabelText("Also delete its 3 posts on X and Facebook (the story's and 2 key events')"),
    );
    const confirm = within(dialog).getByRole('button', { name: 'Delete for good' });
    act(() => {
      confirm.click();
      confirm.click();
    });
    await waitFor(() =>
      expect(writes(sent)).toEqual([
        'DELETE /api/admin/articles/7/shares/x',
        'DELETE /api/admin/articles/7/live/entries/31/shares/x',
        'DELETE /api/admin/articles/7/live/entries/35/shares/facebook',
        'POST /api/admin/articles/7/purge',
      ]),
    );
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
  });

  it('a post the provider will not delete stops before the purge and says why in the dialog', async () => {
    const { client, sent } = api({ shares: posted, refuseDelete: true });
    renderInAdmin(trashRow(), client);
    const dialog = await askToPurge(sent);
    fireEvent.click(within(dialog).getByLabelText('Also delete its post on X'));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete for good' }));
    expect((await within(dialog).findByRole('alert')).textContent).toContain('X is down');
    expect(writes(sent)).toEqual(['DELETE /api/admin/articles/7/shares/x']);
    // The dialog stays open to try again or cancel.
    expect((within(dialog).getByRole('button', { name: 'Delete for good' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it("a key event's refused post stops before the purge too", async () => {
    const { client, sent } = api({ entryPosts: [{ entryId: 35, platform: 'facebook' }], refuseEntryDelete: true });
    renderInAdmin(trashRow(), client);
    const dialog = await askToPurge(sent);
    fireEvent.click(within(dialog).getByLabelText("Also delete its post on Facebook (a key event's)"));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete for good' }));
    expect((await within(dialog).findByRole('alert')).textContent).toContain('Facebook is down');
    expect(writes(sent)).toEqual(['DELETE /api/admin/articles/7/live/entries/35/shares/facebook']);
  });
});

describe('the article form with sharing', () => {
  it('a new article saves its share choice under its new id, after the create', async () => {
    const { client, sent } = api();
    const router = createMemoryRouter(
      [
        {
          path: '/',
          element: (
            <ArticleExtensionsContext.Provider value={articleExtensions}>
              <ArticleForm onSaved={() => {}} onCancel={() => {}} />
            </ArticleExtensionsContext.Provider>
          ),
        },
      ],
      { initialEntries: ['/'] },
    );
    const { queryClient } = renderInAdmin(<RouterProvider router={router} />, client, { router: false });
    queryClient.setQueryData(adminKeys.categories(), [{ id: 1, name: 'Politics' }]);
    fireEvent.change(screen.getByLabelText('Headline'), { target: { value: 'Goat Elected Mayor' } });
    fireEvent.change(await screen.findByLabelText('Category'), { target: { value: '1' } });
    const message = await screen.findByLabelText('Message for the posts');
    fireEvent.change(message, { target: { value: 'Baa.' } });
    expect(screen.getByTestId('x-preview').textContent).toMatch(/^X postBaa\. http.*\/article\/goat-elected-mayor$/);
    fireEvent.click(screen.getByRole('button', { name: 'Create article' }));
    await waitFor(() =>
      expect(writes(sent)).toEqual(['POST /api/admin/articles', 'PUT /api/admin/articles/8/shares/choice']),
    );
    expect(sent.find((r) => r.method === 'PUT')!.body).toEqual({ shareMessage: 'Baa.' });
  });
});
