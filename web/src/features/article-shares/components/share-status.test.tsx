// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { PlatformShare } from '../../../../../common/admin-contract.ts';
import { fakeApi, json, renderInAdmin, share, sharesView, type Sent } from '../testing/fake-admin.tsx';
import { FailedSharesPanel } from './failed-shares.tsx';
import { ShareStatusLine, ShareStatusPanel } from './share-status.tsx';

afterEach(cleanup);

function api(byId: Record<number, PlatformShare[]>, after?: (req: Sent) => Response | undefined) {
  return fakeApi((req) => {
    const answer = after?.(req);
    if (answer) return answer;
    const u = new URL(req.url, 'http://admin.test');
    if (u.pathname === '/api/admin/shares') {
      const ids = u.searchParams.get('articleIds')!.split(',').map(Number);
      return json(200, {
        articles: ids.map((articleId) => ({ articleId, shares: byId[articleId] ?? [], entryPosts: [] })),
      });
    }
    return json(404, { title: 'Not Found' }, 'application/problem+json');
  });
}

describe('ShareStatusPanel', () => {
  it('shows each state: posted with a link to the post, failed with its reason and Retry', async () => {
    const { client, sent } = api(
      {
        7: [
          share({ platform: 'x', state: 'posted', postId: '42', postUrl: 'https://x.com/i/web/status/42' }),
          share({ platform: 'facebook', state: 'failed', attempts: 5, reason: 'Facebook said: server error (503)' }),
        ],
      },
      (req) =>
        req.method === 'POST'
          ? json(
              202,
              sharesView({
                shares: [
                  share({ platform: 'x', state: 'posted', postId: '42', postUrl: 'https://x.com/i/web/status/42' }),
                  share({ platform: 'facebook', state: 'queued' }),
                ],
              }),
            )
          : undefined,
    );
    renderInAdmin(<ShareStatusPanel articleId={7} headline="Goat" published />, client);
    const panel = await screen.findByRole('region', { name: 'Social posts' });
    const x = await within(panel).findByTestId('share-x');
    expect(x.dataset.state).toBe('posted');
    expect(x.textContent).toContain('Posted');
    const link = within(x).getByRole('link', { name: /View post on X/ });
    expect(link.getAttribute('href')).toBe('https://x.com/i/web/status/42');
    expect(within(x).getByRole('button', { name: 'Delete post on X' })).toBeTruthy();
    expect(within(x).queryByRole('button', { name: /Retry/ })).toBeNull();

    const fb = within(panel).getByTestId('share-facebook');
    expect(fb.textContent).toContain('Failed');
    expect(fb.textContent).toContain('After 5 tries: Facebook said: server error (503)');
    fireEvent.click(within(fb).getByRole('button', { name: 'Retry the Facebook post' }));
    await waitFor(() => expect(within(panel).getByTestId('share-facebook').dataset.state).toBe('queued'));
    expect(sent.filter((r) => r.method === 'POST').map((r) => r.url)).toEqual([
      '/api/admin/articles/7/shares/facebook/retry',
    ]);
  });

  it('offers Post now for a published article never shared (account connected), and says what is not connected', async () => {
    const { client, sent } = api({ 7: [share({ platform: 'x' }), share({ platform: 'facebook', connected: false })] });
    renderInAdmin(<ShareStatusPanel articleId={7} headline="Goat" published />, client);
    const x = await screen.findByTestId('share-x');
    expect(x.textContent).toContain('Not shared');
    fireEvent.click(within(x).getByRole('button', { name: 'Post now to X' }));
    await waitFor(() => expect(sent.some((r) => r.method === 'POST')).toBe(true));
    expect(sent.find((r) => r.method === 'POST')!.url).toBe('/api/admin/articles/7/shares/x');
    const fb = screen.getByTestId('share-facebook');
    expect(fb.textContent).toContain('Not connected');
    expect(within(fb).queryByRole('button')).toBeNull();
  });

  it('an unconfirmed post says what to check and offers Retry; a failed action is shown', async () => {
    const { client } = api(
      { 7: [share({ platform: 'x', state: 'unconfirmed', reason: 'The server stopped during the post' })] },
      (req) =>
        req.method === 'POST'
          ? json(409, { title: 'Conflict', detail: 'Only a failed post can be retried' }, 'application/problem+json')
          : undefined,
    );
    renderInAdmin(<ShareStatusPanel articleId={7} headline="Goat" published />, client);
    const x = await screen.findByTestId('share-x');
    expect(x.textContent).toContain('Unconfirmed');
    expect(x.textContent).toContain('check the account');
    fireEvent.click(within(x).getByRole('button', { name: 'Retry the X post' }));
    expect((await within(x).findByRole('alert')).textContent).toContain('Failed to send the post to X');
  });

  it('a withdrawn post says why it was not sent; Post now only once the article is published again', async () => {
    const withdrawn = [
      share({ platform: 'x', state: 'withdrawn', reason: 'The article was unpublished before it was posted.' }),
      share({
        platform: 'facebook',
        state: 'withdrawn',
        reason: 'The article was moved to the Trash before it was posted.',
      }),
    ];
    const { client } = api({ 7: withdrawn, 8: withdrawn });
    renderInAdmin(<ShareStatusPanel articleId={7} headline="Goat" published={false} />, client);
    const x = await screen.findByTestId('share-x');
    expect(x.dataset.state).toBe('withdrawn');
    expect(x.textContent).toContain('Withdrawn');
    expect(x.textContent).toContain('The article was unpublished before it was posted.');
    expect(within(x).queryByRole('button')).toBeNull();
    expect(screen.getByTestId('share-facebook').textContent).toContain('moved to the Trash before it was posted');
    cleanup();
    renderInAdmin(<ShareStatusPanel articleId={8} headline="Goat" published />, client);
    const again = await screen.findByTestId('share-x');
    expect(within(again).getByRole('button', { name: 'Post now to X' })).toBeTruthy();
    expect(within(again).queryByRole('button', { name: /Retry/ })).toBeNull();
  });
});

describe('ShareStatusLine', () => {
  it('asks for every row of a list in one request and shows only platforms with something to show', async () => {
    const { client, sent } = api({
      1: [share({ platform: 'x', state: 'posted', postUrl: 'https://x.com/i/web/status/1', postId: '1' })],
      2: [share({ platform: 'x', connected: false }), share({ platform: 'facebook', connected: false })],
    });
    renderInAdmin(
      <>
        <ShareStatusLine articleId={1} headline="One" published />
        <ShareStatusLine articleId={2} headline="Two" published />
      </>,
      client,
    );
    const line = await screen.findByRole('list', { name: 'Social posts of One' });
    expect(within(line).getByRole('link', { name: /View post on X of One/ })).toBeTruthy();
    // No delete from the list.
    expect(within(line).queryByRole('button')).toBeNull();
    expect(screen.queryByRole('list', { name: 'Social posts of Two' })).toBeNull();
    expect(sent.map((r) => r.url)).toEqual(['/api/admin/shares?articleIds=1,2']);
  });
});

describe('FailedSharesPanel', () => {
  it("lists the week's failed posts with a link to the article and Retry", async () => {
    const { client, sent } = fakeApi((req) => {
      if (req.url.startsWith('/api/admin/shares/failed'))
        return json(200, {
          failed: [
            {
              articleId: 7,
              headline: 'Goat Elected Mayor',
              platform: 'x',
              state: 'failed',
              reason: 'X refused: duplicate content',
              at: '2026-01-05T09:30:00.000Z',
            },
          ],
        });
      return json(202, sharesView());
    });
    renderInAdmin(<FailedSharesPanel />, client);
    const row = await screen.findByTestId('failed-share');
    expect(sent[0]!.url).toBe('/api/admin/shares/failed?days=7');
    expect(within(row).getByRole('link', { name: 'Goat Elected Mayor' }).getAttribute('href')).toBe(
      '/admin/articles/7',
    );
    expect(row.textContent).toContain('X: Failed');
    expect(row.textContent).toContain('X refused: duplicate content');
    fireEvent.click(within(row).getByRole('button', { name: 'Retry the X post of Goat Elected Mayor' }));
    await within(row).findByRole('button', { name: 'Retry the X post of Goat Elected Mayor' });
    await waitFor(() => expect(within(row).getByRole('button').textContent).toBe('Queued'));
    expect(sent.some((r) => r.method === 'POST' && r.url === '/api/admin/articles/7/shares/x/retry')).toBe(true);
  });

  it("a live entry's failed post beside the article's own: said so, linked to the live console, retried on the entry", async () => {
    const failed = (entryId?: number) => ({
      articleId: 7,
      ...(entryId ? { entryId } : {}),
      headline: 'Goat Elected Mayor',
      platform: 'x',
      state: 'failed',
      reason: 'X refused',
      at: '2026-01-05T09:30:00.000Z',
    });
    const { client, sent } = fakeApi((req) => {
      if (req.url.startsWith('/api/admin/shares/failed')) return json(200, { failed: [failed(31), failed()] });
      if (req.url.includes('/live/entries/')) return json(202, { platform: 'x', state: 'queued' });
      return json(202, sharesView());
    });
    renderInAdmin(<FailedSharesPanel />, client);
    await screen.findAllByTestId('failed-share');
    const [entryRow, articleRow] = screen.getAllByTestId('failed-share');
    expect(entryRow!.textContent).toContain('A key event of the live coverage');
    expect(articleRow!.textContent).not.toContain('key event');
    expect(within(entryRow!).getByRole('link', { name: 'Goat Elected Mayor' }).getAttribute('href')).toBe(
      '/admin/articles/7/live',
    );
    fireEvent.click(
      within(entryRow!).getByRole('button', { name: 'Retry the X post of a key event of Goat Elected Mayor' }),
    );
    await waitFor(() => expect(within(entryRow!).getByRole('button').textContent).toBe('Queued'));
    const posts = sent.filter((r) => r.method === 'POST').map((r) => r.url);
    expect(posts).toEqual(['/api/admin/articles/7/live/entries/31/shares/x/retry']);
    expect(within(articleRow!).getByRole('button').textContent).toBe('Retry');
  });

  it('says when nothing failed', async () => {
    const { client } = fakeApi(() => json(200, { failed: [] }));
    renderInAdmin(<FailedSharesPanel />, client);
    expect(await screen.findByText('No post failed in the last 7 days.')).toBeTruthy();
  });
});

describe('deleting a post from the detail', () => {
  it('asks first in the in-app dialog; cancelled, nothing is sent; confirmed, the post is deleted once', async () => {
    const { client, sent } = api({
      7: [share({ platform: 'x', state: 'posted', postId: '42', postUrl: 'https://x.com/i/web/status/42' })],
    });
    const original = window.confirm;
    window.confirm = () => {
      throw new Error('the browser confirm() must not be used');
    };
    try {
      renderInAdmin(<ShareStatusPanel articleId={7} headline="Goat" published />, client);
      const del = await screen.findByRole('button', { name: 'Delete post on X' });
      fireEvent.click(del);
      const dialog = await screen.findByRole('alertdialog', { name: 'Delete the post on X?', hidden: true });
      expect(dialog.textContent).toContain('The post of "Goat" is removed from X for good.');
      fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel', hidden: true }));
      expect(sent.some((r) => r.method === 'DELETE')).toBe(false);
      fireEvent.click(del);
      const confirm = within(dialog).getByRole('button', { name: 'Delete post', hidden: true });
      fireEvent.click(confirm);
      fireEvent.click(confirm);
      await waitFor(() =>
        expect(sent.filter((r) => r.method === 'DELETE').map((r) => r.url)).toEqual(['/api/admin/articles/7/shares/x']),
      );
    } finally {
      window.confirm = original;
    }
  });

  it('loads the shares again when the article is published (publishing queues the posts)', async () => {
    const { client, sent } = api({ 7: [share({ platform: 'x' })] });
    const { rerender } = renderInAdmin(<ShareStatusPanel articleId={7} headline="Goat" published={false} />, client);
    await screen.findByTestId('share-x');
    expect(sent).toHaveLength(1);
    rerender(<ShareStatusPanel articleId={7} headline="Goat" published />);
    await waitFor(() => expect(sent).toHaveLength(2));
  });
});
