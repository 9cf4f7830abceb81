// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getArchiveQueryOptions, useArchive } from '@/features/news/api/get-archive';
import { getArticleQueryOptions, useArticle } from '@/features/news/api/get-article';
import { getCorrectionsQueryOptions, useCorrections } from '@/features/news/api/get-corrections';
import { getListingQueryOptions, useListing } from '@/features/news/api/get-listing';
import { getNewsQueryOptions, useNews } from '@/features/news/api/get-news';
import { getSearchQueryOptions, useSearch } from '@/features/news/api/get-search';
import { createQueryClient } from '@/lib/query-client';
import type { IntentTarget } from './intent-target';
import { intentKeyOf, intentWorkOf, usePrefetchOnIntent } from './prefetch-on-intent';
import {
  loadArticleRoute,
  loadAuthorRoute,
  loadCategoryRoute,
  loadCorrectionsRoute,
  loadHomeRoute,
  loadSearchRoute,
  loadTagRoute,
} from './route-table';

const requested: string[] = [];
const CURSOR = '2026-11-20T08:00:00.000Z_4711';

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
      {LATER_PAGES.map(({ href }) => (
        <a key={href} href={href} data-testid={href}>
          {href}
        </a>
      ))}
    </>
  );
}

function Headline({ slug }: { slug: string }) {
  const { result, isLoading } = useArticle(slug);
  return isLoading ? <p>Loading article…</p> : <h1>{result.article?.headline}</h1>;
}

/** The answer of each API the pages below call. */
function answerTo(url: string): unknown {
  if (url.startsWith('/News/slug/')) return { id: 7, slug: 'café-pigeon', headline: 'Pigeon Opens Café' };
  if (url.startsWith('/News/author/')) return { author: { name: 'Jane Doe', slug: 'jane-doe' }, articles: [] };
  if (url.startsWith('/News/tag/')) return { tag: { name: 'Pigeons', slug: 'pigeons' }, articles: [] };
  if (url.startsWith('/News/search')) return { query: 'mayor', page: 2, hasMore: false, results: [] };
  if (url.startsWith('/News/corrections')) return { corrections: [], older: null, newer: null };
  if (url.startsWith('/News/archive')) return { articles: [{ id: 3, headline: 'Old One', slug: 'old' }] };
  return { BreakingNews: [], AllArticles: [{ id: 2, headline: 'Small One', slug: 'small' }] };
}

/** A page's own data hook, as a component: "loading" until it has its data. */
function PageData({ hook }: { hook: () => boolean }) {
  return <p>{hook() ? 'loading' : 'shown'}</p>;
}

/**
 * The pages a reader opens by link besides articles and sections: each link's expected requests, and
 * the data hooks its page renders with.
 */
const LATER_PAGES: { href: string; requests: string[]; hooks: (() => boolean)[] }[] = [
  {
    href: '/author/jane-doe',
    requests: ['/News/author/jane-doe', '/News?count=15'],
    hooks: [() => useListing('author', 'jane-doe').isLoading, () => useNews().isLoading],
  },
  {
    href: `/tag/pigeons?page=2&before=${CURSOR}`,
    requests: [`/News/tag/pigeons?before=${encodeURIComponent(CURSOR)}`, '/News?count=15'],
    hooks: [() => useListing('tag', 'pigeons', { before: CURSOR }).isLoading, () => useNews().isLoading],
  },
  {
    href: `/politics?page=2&before=${CURSOR}`,
    requests: [
      `/News/archive?category=Politics&before=${encodeURIComponent(CURSOR)}&count=15`,
      '/News?category=Politics&count=15',
    ],
    hooks: [() => useArchive({ category: 'Politics', before: CURSOR }).isLoading, () => useNews('Politics').isLoading],
  },
  {
    href: `/?page=3&after=${CURSOR}`,
    requests: [`/News/archive?after=${encodeURIComponent(CURSOR)}&count=15`, '/News?count=15'],
    hooks: [() => useArchive({ after: CURSOR }).isLoading, () => useNews().isLoading],
  },
  {
    href: '/search?q=mayor&page=2',
    requests: ['/News/search?q=mayor&page=2', '/News?count=15'],
    hooks: [() => useSearch('mayor', '2').isLoading, () => useNews().isLoading],
  },
  {
    href: '/corrections',
    requests: ['/News/corrections', '/News?count=15'],
    hooks: [() => useCorrections().isLoading, () => useNews().isLoading],
  },
  {
    href: `/corrections?page=2&before=${CURSOR}`,
    requests: [`/News/corrections?before=${encodeURIComponent(CURSOR)}`, '/News?count=15'],
    hooks: [() => useCorrections({ before: CURSOR }).isLoading, () => useNews().isLoading],
  },
  { href: '/', requests: ['/News?count=15'], hooks: [() => useNews().isLoading] },
];

beforeEach(() => {
  requested.length = 0;
  vi.stubGlobal('fetch', async (url: string) => {
    requested.push(url);
    return new Response(JSON.stringify(answerTo(url)), { headers: { 'content-type': 'application/json' } });
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  window.history.replaceState(null, '', '/');
});
// A link's intent starts loading its page's chunk and nobody waits for it: the file ends once those
// imports have, or a slow one would land after the test environment is gone.
afterAll(async () => {
  await Promise.all(
    [
      loadHomeRoute,
      loadArticleRoute,
      loadCategoryRoute,
      loadAuthorRoute,
      loadTagRoute,
      loadSearchRoute,
      loadCorrectionsRoute,
    ].map((load) => load()),
  );
});

describe('intentKeyOf', () => {
  it('keys a link by the page it opens: the same page, the same key; anything else, none', () => {
    const url = (p: string) => new URL(p, 'https://site.example');
    expect(intentKeyOf(url('/article/caf%C3%A9-pigeon'))).toBe(intentKeyOf(url('/article/café-pigeon/')));
    expect(intentKeyOf(url('/politics'))).toBe(intentKeyOf(url('/politics?page=2')));
    expect(intentKeyOf(url('/politics'))).not.toBe(intentKeyOf(url(`/politics?page=2&before=${CURSOR}`)));
    expect(intentKeyOf(url('/author/jane'))).not.toBe(intentKeyOf(url('/tag/jane')));
    expect(intentKeyOf(url('/corrections'))).toBe(intentKeyOf(url('/corrections/?page=2')));
    expect(intentKeyOf(url('/corrections'))).not.toBe(intentKeyOf(url(`/corrections?page=2&before=${CURSOR}`)));
    expect(intentKeyOf(url('/about'))).toBeNull();
  });
});

describe('intentWorkOf', () => {
  const keys = (target: IntentTarget) => intentWorkOf(target).queries.map((q) => q.queryKey);
  it('starts the queries each page runs on opening, with the page’s own options, and loads its chunk', () => {
    const home = getNewsQueryOptions().queryKey;
    const cursor = { before: CURSOR };
    expect(keys({ kind: 'home' })).toEqual([home]);
    expect(intentWorkOf({ kind: 'home' }).loadRoute).toBe(loadHomeRoute);
    expect(keys({ kind: 'section', name: 'UK' })).toEqual([getNewsQueryOptions('UK').queryKey]);
    expect(intentWorkOf({ kind: 'section', name: 'UK' }).loadRoute).toBe(loadCategoryRoute);
    expect(keys({ kind: 'archive', cursor })).toEqual([getArchiveQueryOptions(cursor).queryKey, home]);
    expect(intentWorkOf({ kind: 'archive', cursor }).loadRoute).toBe(loadHomeRoute);
    expect(keys({ kind: 'archive', section: 'UK', cursor: { after: CURSOR } })).toEqual([
      getArchiveQueryOptions({ category: 'UK', after: CURSOR }).queryKey,
      getNewsQueryOptions('UK').queryKey,
    ]);
    expect(intentWorkOf({ kind: 'archive', section: 'UK', cursor }).loadRoute).toBe(loadCategoryRoute);
    expect(keys({ kind: 'article', slug: 's' })).toEqual([getArticleQueryOptions('s').queryKey]);
    expect(intentWorkOf({ kind: 'article', slug: 's' }).loadRoute).toBe(loadArticleRoute);
    expect(keys({ kind: 'author', slug: 'jane', cursor })).toEqual([
      getListingQueryOptions('author', 'jane', cursor).queryKey,
      home,
    ]);
    expect(intentWorkOf({ kind: 'author', slug: 'jane', cursor }).loadRoute).toBe(loadAuthorRoute);
    expect(keys({ kind: 'tag', slug: 'pigeons', cursor: {} })).toEqual([
      getListingQueryOptions('tag', 'pigeons').queryKey,
      home,
    ]);
    expect(intentWorkOf({ kind: 'tag', slug: 'pigeons', cursor: {} }).loadRoute).toBe(loadTagRoute);
    expect(keys({ kind: 'search', q: 'mayor', page: '2' })).toEqual([
      getSearchQueryOptions('mayor', '2').queryKey,
      home,
    ]);
    expect(keys({ kind: 'search', q: 'mayor' })).toEqual([getSearchQueryOptions('mayor', undefined).queryKey, home]);
    expect(intentWorkOf({ kind: 'search', q: 'mayor' }).loadRoute).toBe(loadSearchRoute);
    expect(keys({ kind: 'corrections', cursor: {} })).toEqual([getCorrectionsQueryOptions().queryKey, home]);
    expect(keys({ kind: 'corrections', cursor: { after: CURSOR } })).toEqual([
      getCorrectionsQueryOptions({ after: CURSOR }).queryKey,
      home,
    ]);
    expect(intentWorkOf({ kind: 'corrections', cursor }).loadRoute).toBe(loadCorrectionsRoute);
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

  for (const { href, requests, hooks } of LATER_PAGES) {
    it(`focusing a link to ${href} fetches what its page shows, once, and the page then shows it without fetching`, async () => {
      window.history.replaceState(null, '', '/article/elsewhere');
      const client = createQueryClient();
      render(
        <QueryClientProvider client={client}>
          <Prefetching client={client} />
        </QueryClientProvider>,
      );
      const link = screen.getByTestId(href);
      link.dispatchEvent(new FocusEvent('focusin', { bubbles: true }));
      link.dispatchEvent(new FocusEvent('focusin', { bubbles: true }));
      await vi.waitFor(() => expect(client.isFetching()).toBe(0));
      expect(requested.toSorted()).toEqual(requests.toSorted());

      render(
        <QueryClientProvider client={client}>
          {hooks.map((hook, i) => (
            <PageData key={i} hook={hook} />
          ))}
        </QueryClientProvider>,
      );
      expect(screen.queryAllByText('loading')).toEqual([]);
      expect(screen.getAllByText('shown')).toHaveLength(hooks.length);
      await new Promise((r) => setTimeout(r, 20));
      expect(requested.toSorted()).toEqual(requests.toSorted());
    });
  }

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
