// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { AdminApiContext, type AdminApiClient } from '@/lib/admin-api-client';
import type { FacebookTokenStatus } from '../api/social-api.ts';
import { TestPublishForm } from './test-publish-form.tsx';

afterEach(cleanup);

const NO_PAGE: FacebookTokenStatus = { tokenPresent: false, expiresAtUtc: null, pageId: '100200300', pageName: null };

/** Renders the form against a fake API (X's token stored or not); returns the paths it asked for. */
function renderForm({ facebook = NO_PAGE, xToken = true }: { facebook?: FacebookTokenStatus; xToken?: boolean }) {
  const asked: string[] = [];
  const json = (body: unknown, status = 200) =>
    new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  const client: AdminApiClient = {
    getAccessToken: async () => 'token',
    fetch: async (input) => {
      const url = new URL(String(input), 'http://localhost');
      asked.push(url.pathname);
      if (url.pathname.startsWith('/api/social/facebook/')) return json(facebook);
      if (url.pathname.endsWith('/config')) return json({ tokenPresent: xToken, config: {} });
      // The server's answer for an account without a token.
      if (!xToken) return json({ title: 'X is not authorised', status: 409 }, 409);
      return json({ data: { id: '1', name: 'Smear', username: 'dailysmear', profile_image_url: null } });
    },
  };
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <AdminApiContext.Provider value={client}>
        <TestPublishForm defaultPersona="The Daily Smear" />
      </AdminApiContext.Provider>
    </QueryClientProvider>,
  );
  return asked;
}

function setup(facebook: FacebookTokenStatus) {
  renderForm({ facebook });
  fireEvent.change(screen.getByLabelText('Platform'), { target: { value: 'facebook' } });
}

const accountLine = () => screen.getByTestId('publish-account').textContent;

describe('TestPublishForm: the live X account', () => {
  it('names the X account when a token is stored', async () => {
    const asked = renderForm({ xToken: true });
    await waitFor(() => expect(accountLine()).toBe('Posts to the live X account @dailysmear.'));
    expect(asked).toContain('/api/social/x/The%20Daily%20Smear/account');
  });

  it('says no X account is connected without asking X for it when no token is stored', async () => {
    const asked = renderForm({ xToken: false });
    await waitFor(() => expect(accountLine()).toBe('No X account is connected: connect one on Social Auth.'));
    expect(asked).toEqual(['/api/social/x/The%20Daily%20Smear/config']);
  });
});

describe('TestPublishForm: the live account line', () => {
  it('names the Facebook page by its name, with its id', async () => {
    setup({ tokenPresent: true, expiresAtUtc: null, pageId: '100200300', pageName: 'The Daily Smear' });
    await waitFor(() =>
      expect(screen.getByTestId('publish-account').textContent).toBe(
        'Posts to the live Facebook page The Daily Smear (page 100200300).',
      ),
    );
  });

  it('falls back to the page id when Facebook gave no name', async () => {
    setup({ tokenPresent: true, expiresAtUtc: null, pageId: '100200300', pageName: null });
    await waitFor(() =>
      expect(screen.getByTestId('publish-account').textContent).toBe('Posts to the live Facebook page 100200300.'),
    );
  });

  it('says when no page is connected', async () => {
    setup({ tokenPresent: false, expiresAtUtc: null, pageId: '100200300', pageName: null });
    await waitFor(() =>
      expect(screen.getByTestId('publish-account').textContent).toBe(
        'No Facebook page is connected: connect one on Social Auth.',
      ),
    );
  });
});
