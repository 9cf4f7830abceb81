// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import { telemetry } from '@/lib/telemetry/telemetry-client';
import { RELOAD_STORAGE_KEY, RELOAD_WINDOW_MS, resetChunkReload } from '../../chunk-reload.ts';
import { RouteError } from './route-error.tsx';

const CHUNK_ERROR = new TypeError(
  'Failed to fetch dynamically imported module: https://smear.example/assets/article-Ab12Cd34.js',
);

/** A router like the app's: a pathless root with the error element, a page, and a lazy route that fails with `error`. */
function renderApp(url: string, error: Error) {
  const routes: RouteObject[] = [
    {
      errorElement: <RouteError />,
      children: [
        { path: '/', Component: () => <a href="/article/pigeon">Pigeon story</a> },
        { path: '/article/:slug', lazy: () => Promise.reject(error) },
        { path: '/admin/*', lazy: () => Promise.reject(error) },
      ],
    },
  ];
  const router = createMemoryRouter(routes, { initialEntries: ['/'] });
  render(<RouterProvider router={router} />);
  return act(() => router.navigate(url));
}

let assign: ReturnType<typeof vi.fn>;
let trackException: MockInstance<typeof telemetry.trackException>;
let reload: ReturnType<typeof vi.fn>;

beforeEach(() => {
  assign = vi.fn();
  reload = vi.fn();
  vi.spyOn(window, 'location', 'get').mockReturnValue({
    ...window.location,
    href: 'https://smear.example/',
    origin: 'https://smear.example',
    assign,
    reload,
  } as unknown as Location);
  vi.spyOn(console, 'error').mockImplementation(() => {});
  trackException = vi.spyOn(telemetry, 'trackException').mockImplementation(() => {});
  window.sessionStorage.clear();
  resetChunkReload();
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.useRealTimers();
});

describe('a page chunk that fails to load', () => {
  it('loads the address afresh from the server once; failing again, it shows the error page', async () => {
    await renderApp('/article/pigeon?ref=home', CHUNK_ERROR);
    expect(assign).toHaveBeenCalledTimes(1);
    expect(assign).toHaveBeenCalledWith('https://smear.example/article/pigeon?ref=home');
    expect(screen.queryByRole('heading', { name: 'Something went wrong' })).toBeNull();
    cleanup();

    // The server's page (same address, within 10 s) fails again: no second reload, the error page.
    resetChunkReload();
    await renderApp('/article/pigeon?ref=home', CHUNK_ERROR);
    expect(assign).toHaveBeenCalledTimes(1);
    await screen.findByRole('heading', { name: 'Something went wrong', level: 1 });
    screen.getByText('This page could not be shown. Reload it, or go back to the home page.');
    expect(screen.getByRole('link', { name: 'Return to Home' }).getAttribute('href')).toBe('/');
    // The public site's look: its header.
    expect(screen.getByRole('banner')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Reload' }));
    expect(reload).toHaveBeenCalledTimes(1);
    expect(console.error).toHaveBeenCalledWith(CHUNK_ERROR);
  });

  it('reloads the same address again once 10 s have passed', async () => {
    window.sessionStorage.setItem(
      RELOAD_STORAGE_KEY,
      JSON.stringify({ href: 'https://smear.example/article/pigeon', at: Date.now() - RELOAD_WINDOW_MS - 1 }),
    );
    await renderApp('/article/pigeon', CHUNK_ERROR);
    expect(assign).toHaveBeenCalledWith('https://smear.example/article/pigeon');
  });

  it('without sessionStorage, reloads once in the page’s life', async () => {
    vi.spyOn(window, 'sessionStorage', 'get').mockImplementation(() => {
      throw new DOMException('denied', 'SecurityError');
    });
    await renderApp('/article/pigeon', CHUNK_ERROR);
    expect(assign).toHaveBeenCalledTimes(1);
    cleanup();
    await renderApp('/article/pigeon', CHUNK_ERROR);
    expect(assign).toHaveBeenCalledTimes(1);
  });

  it('in the newsroom, the error page links back to the dashboard', async () => {
    window.sessionStorage.setItem(
      RELOAD_STORAGE_KEY,
      JSON.stringify({ href: 'https://smear.example/admin/articles', at: Date.now() }),
    );
    await renderApp('/admin/articles', new TypeError('Importing a module script failed.'));
    expect(assign).not.toHaveBeenCalled();
    await screen.findByRole('heading', { name: 'Something went wrong' });
    expect(screen.getByRole('link', { name: 'Back to the dashboard' }).getAttribute('href')).toBe('/admin');
    expect(screen.queryByRole('link', { name: 'Return to Home' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Reload' })).toBeTruthy();
  });
});

describe('any other error', () => {
  it('shows the error page at once, without a reload', async () => {
    const error = new Error('pigeon ate the page');
    await renderApp('/article/pigeon', error);
    expect(assign).not.toHaveBeenCalled();
    await screen.findByRole('heading', { name: 'Something went wrong' });
    expect(console.error).toHaveBeenCalledWith(error);
  });
});

describe('telemetry', () => {
  it('reports the error the page shows once, with the path and its kind, and not the silent reload', async () => {
    const chunk = new TypeError('Failed to fetch dynamically imported module: https://smear.example/assets/a-1.js');
    await renderApp('/article/pigeon?token=secret#x', chunk);
    expect(assign).toHaveBeenCalledTimes(1);
    expect(trackException).not.toHaveBeenCalled();
    cleanup();
    resetChunkReload();
    await renderApp('/article/pigeon?token=secret#x', chunk);
    await screen.findByRole('heading', { name: 'Something went wrong' });
    expect(trackException).toHaveBeenCalledTimes(1);
    expect(trackException).toHaveBeenCalledWith(chunk, { route: '/article/pigeon', kind: 'chunk' });
    cleanup();

    const error = new Error('pigeon ate the page');
    await renderApp('/admin/articles?q=x', error);
    await screen.findByRole('heading', { name: 'Something went wrong' });
    expect(trackException).toHaveBeenCalledTimes(2);
    expect(trackException).toHaveBeenLastCalledWith(error, { route: '/admin/articles', kind: 'render' });
  });
});
