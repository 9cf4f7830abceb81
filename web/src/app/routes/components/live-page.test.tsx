// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PublicArticle } from '@common/news-contract';
import { FakeEventSource } from '@/testing/fake-event-source';
import { getNewsQueryOptions } from '@/features/news/api/get-news';
import { getMostReadQueryOptions } from '@/features/news/api/get-most-read';
import { normalizeArticle } from '@/features/news/lib/normalize';
import { createQueryClient } from '@/lib/query-client';
import { LiveNewsListing, LivePublicPage } from './live-page';

function story(id: number, headline: string, over: Partial<PublicArticle> = {}): PublicArticle {
  return {
    id,
    slug: `story-${id}`,
    headline,
    summary: 'Summary',
    author: 'A',
    category: 'Politics',
    source: '',
    imageUrl: null,
    imageAlt: '',
    imageCaption: '',
    imageCredit: '',
    imageFocalX: 0.5,
    imageFocalY: 0.5,
    originalUrl: null,
    publishedAt: '2026-11-27T10:00:00.000Z',
    modifiedAt: null,
    isBreaking: false,
    ...over,
  };
}

let fetched: string[] = [];
let listAnswer: { breakingNews: PublicArticle[]; allArticles: PublicArticle[] };

beforeEach(() => {
  FakeEventSource.opened = [];
  fetched = [];
  vi.stubGlobal('EventSource', FakeEventSource);
  vi.stubGlobal('scrollTo', vi.fn());
  vi.stubGlobal('fetch', async (url: string) => {
    fetched.push(url);
    return new Response(JSON.stringify(listAnswer), { headers: { 'content-type': 'application/json' } });
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderHome(initial: { breakingNews: PublicArticle[]; allArticles: PublicArticle[] }) {
  const client = createQueryClient();
  client.setQueryData(getNewsQueryOptions().queryKey, {
    breakingNews: initial.breakingNews.map((a) => normalizeArticle(a)),
    allArticles: initial.allArticles.map((a) => normalizeArticle(a)),
  });
  // MOST READ's list comes with the page, as the server renders it: the page fetches only what a test does.
  client.setQueryData(getMostReadQueryOptions().queryKey, []);
  const router = createMemoryRouter(
    [{ path: '*', element: <LivePublicPage>{(breaking) => <LiveNewsListing breaking={breaking} />}</LivePublicPage> }],
    { initialEntries: ['/'] },
  );
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  const stream = FakeEventSource.latest();
  act(() => stream.open());
  return stream;
}

const stripText = () => screen.getByTestId('breaking-strip-text');

describe('the breaking strip on a live page', () => {
  it('takes a new breaking story first, in place, and announces it politely', () => {
    const stream = renderHome({ breakingNews: [story(1, 'Old Scandal', { isBreaking: true })], allArticles: [] });
    expect(stream.url).toBe('/live/stream');
    const box = stripText().className;
    const live = screen.getByTestId('breaking-announcement');
    expect(live.getAttribute('aria-live')).toBe('polite');
    expect(live.textContent).toBe('');

    act(() => stream.send('story-published', { article: story(2, 'Goose Elected', { isBreaking: true }) }, 10));
    expect(stripText().textContent).toBe('Goose Elected • Old Scandal');
    expect(stripText().className).toBe(box);
    expect(live.textContent).toBe('Breaking: Goose Elected');
    // the banner above the grid follows, in its fixed box
    expect(document.querySelector('.breaking-banner__headline')!.textContent).toBe('Goose Elected');

    act(() => stream.send('story-removed', { id: 2, slug: 'story-2', category: 'Politics' }, 11));
    expect(stripText().textContent).toBe('Old Scandal');
    expect(document.querySelector('.breaking-banner__headline')!.textContent).toBe('Old Scandal');
  });

  it('shows at most three headlines', () => {
    const stream = renderHome({ breakingNews: [], allArticles: [] });
    for (const id of [1, 2, 3, 4]) {
      act(() => stream.send('story-published', { article: story(id, `H${id}`, { isBreaking: true }) }, id));
    }
    expect(stripText().textContent).toBe('H4 • H3 • H2');
  });
});

describe('"N new stories" on a listing', () => {
  it('counts the stories the listing does not show, then loads it again and goes to the top', async () => {
    const shown = story(1, 'Shown Story');
    const stream = renderHome({ breakingNews: [], allArticles: [shown] });
    expect(screen.queryByTestId('new-stories')).toBeNull();
    act(() => stream.send('story-published', { article: shown }, 5));
    act(() => stream.send('story-published', { article: story(2, 'Fresh One') }, 6));
    act(() => stream.send('story-published', { article: story(3, 'Fresh Two') }, 7));
    const button = screen.getByRole('button', { name: '2 new stories' });
    // first in the main content: the keyboard reaches it before the stories
    const main = document.getElementById('main-content')!;
    expect(main.firstElementChild).toBe(button);
    // the grid has not changed meanwhile
    expect(screen.queryByText('Fresh One')).toBeNull();

    listAnswer = { breakingNews: [], allArticles: [story(3, 'Fresh Two'), story(2, 'Fresh One'), shown] };
    await act(async () => {
      fireEvent.click(button);
      await new Promise((r) => setTimeout(r, 20));
    });
    expect(fetched).toEqual(['/News?count=15']);
    expect(window.scrollTo).toHaveBeenCalledWith({ top: 0 });
    expect(document.activeElement).toBe(main);
    expect(await screen.findByText('Fresh One')).toBeTruthy();
    expect(screen.queryByTestId('new-stories')).toBeNull();
  });
});
