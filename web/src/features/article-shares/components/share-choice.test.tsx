// @vitest-environment happy-dom
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { useRef } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import type { ShareDefaults } from '../../../../../common/admin-contract.ts';
import { adminKeys } from '@/lib/admin-api-client';
import { fakeApi, json, LINK, renderInAdmin, share, sharesView, type Sent } from '../testing/fake-admin.tsx';
import { ShareChoiceEditor, type SaveChoice } from './share-choice.tsx';
import { ShareStatusPanel } from './share-status.tsx';

afterEach(cleanup);

let save: SaveChoice | null = null;
function Editor(props: { articleId?: number; headline: string }) {
  const ref = useRef<SaveChoice | null>(null);
  save = (id) => ref.current!(id);
  return <ShareChoiceEditor {...props} saveRef={ref} />;
}

function api(defaults: ShareDefaults = { x: null, facebook: null, connected: { x: true, facebook: true } }) {
  return fakeApi((req: Sent) => {
    if (req.url === '/api/admin/social/share-defaults') return json(200, defaults);
    if (req.url === '/api/admin/articles/7/shares') return json(200, sharesView());
    if (req.url === '/api/admin/articles/7/shares/choice' && req.method === 'PUT')
      return json(200, sharesView({ choice: { shareToX: null, shareToFacebook: false, shareMessage: 'x' } }));
    return json(404, { title: 'Not Found' }, 'application/problem+json');
  });
}

describe('ShareChoiceEditor', () => {
  it('previews both posts with the headline and the link, and counts X characters live (a link is 23)', async () => {
    const { client } = api();
    renderInAdmin(<Editor articleId={7} headline="Goat Elected Mayor" />, client);
    await screen.findByRole('group', { name: 'Share when published' });
    expect((screen.getByLabelText('Post to X') as HTMLInputElement).checked).toBe(true);
    expect((screen.getByLabelText('Post to Facebook') as HTMLInputElement).checked).toBe(true);
    expect(screen.getByTestId('x-preview').textContent).toContain(`Goat Elected Mayor ${LINK}`);
    expect(screen.getByTestId('facebook-preview').textContent).toContain(LINK);
    // 'Goat Elected Mayor' is 18, a space, and the link 23.
    expect(screen.getByTestId('x-counter').textContent).toMatch(/^X: 42 \/ 280/);

    fireEvent.change(screen.getByLabelText('Message for the posts'), { target: { value: 'Bleat!' } });
    expect(screen.getByTestId('x-counter').textContent).toMatch(/^X: 30 \/ 280/);
    expect(screen.getByTestId('x-preview').textContent).toContain(`Bleat! ${LINK}`);
    expect(screen.getByTestId('facebook-preview').textContent).toContain('Bleat!');

    fireEvent.change(screen.getByLabelText('Message for the posts'), { target: { value: 'a'.repeat(300) } });
    const counter = screen.getByTestId('x-counter');
    expect(counter.textContent).toMatch(/^X: 324 \/ 280 .*will be shortened/);
    expect(counter.className).toBe('admin-field-error');
    // The X preview is what will be sent: shortened with an ellipsis, the link whole.
    expect(screen.getByTestId('x-preview').textContent).toMatch(new RegExp(`a… ${LINK.replace(/[./]/g, '\\$&')}$`));
  });

  it('saves only what the editor changed (an untouched box keeps following the default)', async () => {
    const { client, sent } = api();
    renderInAdmin(<Editor articleId={7} headline="Goat Elected Mayor" />, client);
    fireEvent.click(await screen.findByLabelText('Post to Facebook'));
    expect((screen.getByLabelText('Post to Facebook') as HTMLInputElement).checked).toBe(false);
    expect(screen.getByTestId('facebook-preview').textContent).toContain('Not posted to Facebook.');
    fireEvent.change(screen.getByLabelText('Message for the posts'), { target: { value: '  Bleat!  ' } });
    expect(sent.some((r) => r.method === 'PUT')).toBe(false);
    await act(() => save!(7));
    const put = sent.filter((r) => r.method === 'PUT').map(({ method, url, body }) => ({ method, url, body }));
    expect(put).toEqual([
      {
        method: 'PUT',
        url: '/api/admin/articles/7/shares/choice',
        body: { shareToFacebook: false, shareMessage: 'Bleat!' },
      },
    ]);
  });

  it('counts the message in characters as a reader sees them near its 2,000, and refuses a save over it', async () => {
    const FAMILY = '\u{1F468}\u200D\u{1F469}\u200D\u{1F467}\u200D\u{1F466}'; // one character, 11 UTF-16 units
    const { client, sent } = api();
    renderInAdmin(<Editor articleId={7} headline="Goat Elected Mayor" />, client);
    const message = (await screen.findByLabelText('Message for the posts')) as HTMLTextAreaElement;
    // No maxlength: it counts UTF-16 units, and would cut 2,000 family emoji to 181.
    expect(message.hasAttribute('maxlength')).toBe(false);
    fireEvent.change(message, { target: { value: FAMILY.repeat(1799) } });
    expect(screen.queryByText('1,799 / 2,000')).toBeNull();
    fireEvent.change(message, { target: { value: FAMILY.repeat(1800) } });
    expect(screen.getByText('1,800 / 2,000')).toBeTruthy();
    fireEvent.change(message, { target: { value: FAMILY.repeat(2001) } });
    const count = screen.getByText('2,001 / 2,000');
    expect(count.className).toContain('admin-character-count--over');
    expect(message.getAttribute('aria-describedby')!.split(' ')).toContain(count.id);
    expect(message.getAttribute('aria-invalid')).toBe('true');
    // X counts its own way (an emoji 2), and the post is shortened to fit.
    expect(screen.getByTestId('x-counter').textContent).toMatch(/^X: 4026 \/ 280 .*will be shortened/);
    await expect(save!(7)).rejects.toThrow('The message for the posts: must be at most 2,000 characters.');
    expect(sent.some((r) => r.method === 'PUT')).toBe(false);

    fireEvent.change(message, { target: { value: FAMILY.repeat(2000) } });
    expect(screen.getByText('2,000 / 2,000').className).not.toContain('--over');
    expect(screen.getByText('0 characters left')).toBeTruthy();
    await act(() => save!(7));
    expect(sent.find((r) => r.method === 'PUT')?.body).toEqual({ shareMessage: FAMILY.repeat(2000) });
  });

  it('a platform not connected cannot be chosen and says where to connect it; a new article needs no id', async () => {
    const { client, sent } = api({ x: null, facebook: true, connected: { x: false, facebook: true } });
    renderInAdmin(<Editor headline="Goat Elected Mayor" />, client);
    const x = (await screen.findByLabelText('Post to X')) as HTMLInputElement;
    expect(x.disabled).toBe(true);
    expect(x.checked).toBe(false);
    expect(document.getElementById(x.getAttribute('aria-describedby')!)?.textContent).toContain('not connected');
    expect(screen.getByRole('link', { name: 'Social page' }).getAttribute('href')).toBe('/admin/social');
    expect(screen.getByTestId('facebook-preview').textContent).toContain('/article/goat-elected-mayor');
    expect(sent.map((r) => r.url)).toEqual(['/api/admin/social/share-defaults']);
    await act(() => save!(9));
    expect(sent.filter((r) => r.method === 'PUT')).toHaveLength(0);
  });

  it('a platform turned off while its post is queued: the status panel says Withdrawn and why at once', async () => {
    const reason = 'Post to Facebook was turned off before it was posted.';
    const { client, sent } = fakeApi((req: Sent) => {
      if (req.url === '/api/admin/social/share-defaults')
        return json(200, { x: null, facebook: null, connected: { x: true, facebook: true } });
      if (req.url === '/api/admin/articles/7/shares') return json(200, sharesView());
      if (req.url === '/api/admin/shares?articleIds=7')
        return json(200, {
          articles: [
            {
              articleId: 7,
              shares: [share({ platform: 'x', state: 'queued' }), share({ platform: 'facebook', state: 'queued' })],
              entryPosts: [],
            },
          ],
        });
      if (req.url === '/api/admin/articles/7/shares/choice' && req.method === 'PUT')
        return json(
          200,
          sharesView({
            choice: { shareToX: null, shareToFacebook: false, shareMessage: null },
            shares: [
              share({ platform: 'x', state: 'queued' }),
              share({ platform: 'facebook', state: 'withdrawn', reason }),
            ],
          }),
        );
      return json(404, { title: 'Not Found' }, 'application/problem+json');
    });
    renderInAdmin(
      <>
        <Editor articleId={7} headline="Goat Elected Mayor" />
        <ShareStatusPanel articleId={7} headline="Goat Elected Mayor" published />
      </>,
      client,
    );
    await waitFor(() => expect(screen.getByTestId('share-facebook').dataset.state).toBe('queued'));
    fireEvent.click(await screen.findByLabelText('Post to Facebook'));
    await act(() => save!(7));
    const facebook = screen.getByTestId('share-facebook');
    await waitFor(() => expect(facebook.dataset.state).toBe('withdrawn'));
    expect(facebook.textContent).toContain('Withdrawn');
    expect(facebook.textContent).toContain(reason);
    // From the save's answer: the panel did not ask again.
    expect(sent.filter((r) => r.url.startsWith('/api/admin/shares?'))).toHaveLength(1);
  });

  it('an article moved to the Trash meanwhile: the save is refused and the article is loaded again (its screen says so)', async () => {
    const { client } = fakeApi((req: Sent) => {
      if (req.url === '/api/admin/social/share-defaults')
        return json(200, { x: null, facebook: null, connected: { x: true, facebook: true } });
      if (req.url === '/api/admin/articles/7/shares') return json(200, sharesView());
      if (req.url === '/api/admin/articles/7/shares/choice' && req.method === 'PUT')
        return json(
          409,
          {
            title: 'Conflict',
            status: 409,
            detail: 'The article is in the trash: restore it first.',
            deleted: true,
            deletedAt: '2026-11-27T10:00:00.000Z',
          },
          'application/problem+json',
        );
      return json(404, { title: 'Not Found' }, 'application/problem+json');
    });
    const { queryClient } = renderInAdmin(<Editor articleId={7} headline="Goat Elected Mayor" />, client);
    queryClient.setQueryData(adminKeys.articleDetail(7), { id: 7 });
    fireEvent.click(await screen.findByLabelText('Post to X'));
    let refused: unknown;
    await act(() => save!(7).catch((err: unknown) => void (refused = err)));
    expect((refused as { problem?: { deleted?: boolean } }).problem?.deleted).toBe(true);
    expect(queryClient.getQueryState(adminKeys.articleDetail(7))?.isInvalidated).toBe(true);
  });

  it('a failed load is said', async () => {
    const { client } = fakeApi(() => json(500, { title: 'Boom' }, 'application/problem+json'));
    renderInAdmin(<Editor articleId={7} headline="H" />, client);
    await waitFor(() => expect(screen.getByRole('alert').textContent).toMatch(/Failed to load/));
  });
});
