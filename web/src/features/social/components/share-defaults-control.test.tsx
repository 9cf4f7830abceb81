// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { AdminApiContext, type AdminApiClient } from '@/lib/admin-api-client';
import { ShareDefaultsControl } from './share-defaults-control.tsx';

afterEach(cleanup);

function setup() {
  let stored = { x: null as boolean | null, facebook: null as boolean | null };
  const sent: { method: string; body: unknown }[] = [];
  const client: AdminApiClient = {
    getAccessToken: async () => 'token',
    fetch: async (_input, init) => {
      const method = init?.method ?? 'GET';
      const body = init?.body ? JSON.parse(String(init.body)) : undefined;
      sent.push({ method, body });
      if (method === 'PUT') stored = { ...stored, ...body };
      return new Response(JSON.stringify({ ...stored, connected: { x: true, facebook: false } }), {
        status: 200,
        headers: { 'content-type': 'application/json' },
      });
    },
  };
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <AdminApiContext.Provider value={client}>
        <ShareDefaultsControl />
      </AdminApiContext.Provider>
    </QueryClientProvider>,
  );
  return { sent };
}

describe('ShareDefaultsControl', () => {
  it('shows each default and whether the account is connected; a change is saved and said', async () => {
    const { sent } = setup();
    const x = (await screen.findByLabelText('Post to X')) as HTMLSelectElement;
    expect(x.value).toBe('auto');
    expect(screen.getByTestId('default-x-connected').textContent).toBe('X is connected.');
    expect(screen.getByTestId('default-facebook-connected').textContent).toBe('Facebook is not connected.');
    fireEvent.change(screen.getByLabelText('Post to Facebook'), { target: { value: 'off' } });
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('Saved: Facebook default is now “off”.'));
    expect(sent.filter((r) => r.method === 'PUT').map((r) => r.body)).toEqual([{ facebook: false }]);
    expect((screen.getByLabelText('Post to Facebook') as HTMLSelectElement).value).toBe('off');
    fireEvent.change(screen.getByLabelText('Post to Facebook'), { target: { value: 'auto' } });
    await waitFor(() =>
      expect(screen.getByRole('status').textContent).toBe(
        'Saved: Facebook default is now “on when connected (now off)”.',
      ),
    );
    expect(sent.filter((r) => r.method === 'PUT').map((r) => r.body)).toEqual([
      { facebook: false },
      { facebook: null },
    ]);
  });
});
