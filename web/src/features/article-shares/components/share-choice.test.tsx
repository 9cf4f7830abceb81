// @vitest-environment happy-dom
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { useRef } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import type { ShareDefaults } from '../../../../../common/admin-contract.ts';
import { fakeApi, json, LINK, renderInAdmin, sharesView, type Sent } from '../testing/fake-admin.tsx';
import { ShareChoiceEditor, type SaveChoice } from './share-choice.tsx';

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

  it('a failed load is said', async () => {
    const { client } = fakeApi(() => json(500, { title: 'Boom' }, 'application/problem+json'));
    renderInAdmin(<Editor articleId={7} headline="H" />, client);
    await waitFor(() => expect(screen.getByRole('alert').textContent).toMatch(/Failed to load/));
  });
});
