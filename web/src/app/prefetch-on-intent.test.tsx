// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useArticle } from '@/features/news/api/get-article';
import { createQueryClient } from '@/lib/query-client';
import { articleSlugOf, intentKeyOf, usePrefetchOnIntent } from './prefetch-on-intent';

const requested: string[] = [];

function Prefetching({ client }: { client: ReturnType<typeof createQueryClient> }) {
  usePrefetchOnIntent(client);
  return (
    <>
      <a href="/article/caf%C3%A9-pigeon" data-testid="card">
        Café pigeon
      </a>
      <a href="/politics" data-testid="section">
        Politics
      </a>
    </>
  );
}

function Headline({ slug }: { slug: string }) {
  const { result, isLoading } = useArticle(slug);
  return isLoading ? <p>Loading article…</p> : <h1>{result.article?.headline}</h1>;
}

beforeEach(() => {
  requested.length = 0;
  vi.stubGlobal('fetch', async (url: string) => {
    requested.push(url);
    return new Response(JSON.stringify({ id: 7, slug: 'café-pigeon', headline: 'Pigeon Opens Café' }), {
      headers: { 'content-type': 'application/json' },
    });
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  window.history.replaceState(null, '', '/');
});

describe('articleSlugOf', () => {
  it('reads the slug of an article link as the route does, and nothing else', () => {
    const url = (p: string) => new URL(p, 'https://site.example');
    expect(articleSlugOf(url('/article/caf%C3%A9-pigeon'))).toBe('café-pigeon');
    expect(articleSlugOf(url('/article/plain/?before=3'))).toBe('plain');
    expect(articleSlugOf(url('/article/a/b'))).toBeNull();
    expect(articleSlugOf(url('/article/%E0'))).toBeNull();
    expect(articleSlugOf(url('/politics'))).toBeNull();
    expect(articleSlugOf(url('/admin/articles/3'))).toBeNull();
  });
});

describe('intentKeyOf', () => {
  it('names an article or a section’s first page, and nothing else', () => {
    const url = (p: string) => new URL(p, 'https://site.example');
    expect(intentKeyOf(url('/article/caf%C3%A9-pigeon'))).toBe('article:café-pigeon');
    expect(intentKeyOf(url('/politics'))).toBe('section:Politics');
    expect(intentKeyOf(url('/us'))).toBe('section:US');
    expect(intentKeyOf(url('/politics?page=2'))).toBeNull();
    expect(intentKeyOf(url('/about'))).toBeNull();
    expect(intentKeyOf(url('/'))).toBeNull();
    expect(intentKeyOf(url('/search?q=mayor'))).toBeNull();
  });
});

describe('usePrefetchOnIntent', () => {
  it('focusing an article link fetches the article once, and its page then shows it without fetching again', async () => {
    const client = createQueryClient();
    render(
      <QueryClientProvider client={client}>
        <Prefetching client={client} />
      </QueryClientProvider>,
    );
    const card = screen.getByTestId('card');
    card.dispatchEvent(new FocusEvent('focusin', { bubbles: true }));
    card.dispatchEvent(new FocusEvent('focusin', { bubbles: true }));
    await vi.waitFor(() => expect(client.getQueryData(['article', 'café-pigeon'])).toBeDefined());
    expect(requested).toEqual(['/News/slug/caf%C3%A9-pigeon']);

    // The article page's first render already has the headline: no loading state, no second request.
    render(
      <QueryClientProvider client={client}>
        <Headline slug="café-pigeon" />
      </QueryClientProvider>,
    );
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Pigeon Opens Café');
    expect(screen.queryByText('Loading article…')).toBeNull();
    await new Promise((r) => setTimeout(r, 20));
    expect(requested).toEqual(['/News/slug/caf%C3%A9-pigeon']);
  });

  it('focusing a section link fetches its first page of stories once', async () => {
    const client = createQueryClient();
    render(
      <QueryClientProvider client={client}>
        <Prefetching client={client} />
      </QueryClientProvider>,
    );
    const section = screen.getByTestId('section');
    section.dispatchEvent(new FocusEvent('focusin', { bubbles: true }));
    section.dispatchEvent(new FocusEvent('focusin', { bubbles: true }));
    await vi.waitFor(() => expect(client.getQueryData(['news', 'Politics'])).toBeDefined());
    expect(requested).toEqual(['/News?category=Politics&count=15']);
  });

  it('prefetches nothing on the newsroom’s screens', async () => {
    window.history.replaceState(null, '', '/admin/articles/7');
    const client = createQueryClient();
    render(
      <QueryClientProvider client={client}>
        <Prefetching client={client} />
      </QueryClientProvider>,
    );
    screen.getByTestId('card').dispatchEvent(new FocusEvent('focusin', { bubbles: true }));
    await new Promise((r) => setTimeout(r, 20));
    expect(requested).toEqual([]);
    expect(client.getQueryData(['article', 'café-pigeon'])).toBeUndefined();
  });
});
