// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { AdminApiContext, type AdminApiClient } from '@/lib/admin-api-client';
import type { FacebookTokenStatus } from '../api/social-api.ts';
import { TestPublishForm } from './test-publish-form.tsx';

afterEach(cleanup);

function setup(facebook: FacebookTokenStatus) {
  const client: AdminApiClient = {
    getAccessToken: async () => 'token',
    fetch: async (input) => {
      const url = String(input);
      const body = url.includes('/api/social/facebook/')
        ? facebook
        : { data: { id: '1', name: 'Smear', username: 'dailysmear', profile_image_url: null } };
      return new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
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
  fireEvent.change(screen.getByLabelText('Platform'), { target: { value: 'facebook' } });
}

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
