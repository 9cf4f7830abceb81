// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { LiveBlog } from '@common/live-contract';
import { createQueryClient } from '@/lib/query-client';
import { blog, entry } from '../testing/entries';
import { FakeEventSource, openFake } from '@/testing/fake-event-source';
import { ENTRY_REMOVED_TEXT, LiveBlogView } from './live-blog-view';
import { LiveProvider } from './live-provider';

afterEach(cleanup);
beforeEach(() => {
  FakeEventSource.opened = [];
});

function inRouter(node: ReactNode) {
  const router = createMemoryRouter([{ path: '*', element: node }], { initialEntries: ['/article/goose-live'] });
  return (
    <QueryClientProvider client={createQueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>
  );
}

function renderBlog(live: LiveBlog, onCoverageEnded = vi.fn()) {
  render(
    inRouter(
      <LiveProvider articleId={7} since={live.lastEventId} open={openFake}>
        <LiveBlogView articleId={7} slug="goose-live" blog={live} onCoverageEnded={onCoverageEnded} />
      </LiveProvider>,
    ),
  );
  const stream = FakeEventSource.latest();
  act(() => stream.open());
  return { stream, onCoverageEnded };
}

const entryIds = () =>
  [...document.querySelectorAll('.live-entries > li')].map((li) => li.getAttribute('data-entry-id'));
const announcement = () => screen.getByTestId('live-announcement').textContent;

describe('LiveBlogView on the server (the page without script)', () => {
  it('lists every entry with its time, author and body, the key events, and links to older entries', () => {
    const html = renderToString(
      inRouter(
        <LiveBlogView
          articleId={7}
          slug="goose-live"
          blog={blog([entry(2, 10, 'Goose <em>wins</em>', { keyEvent: true }), entry(1, 5)], { olderBefore: 1 })}
        />,
      ),
    );
    const doc = new DOMParser().parseFromString(`<!doctype html><body>${html}</body>`, 'text/html');
    const items = [...doc.querySelectorAll('.live-entries > li')];
    expect(items.map((li) => li.id)).toEqual(['entry-2', 'entry-1']);
    expect(items[0]!.querySelector('time')!.getAttribute('datetime')).toBe('2026-11-27T12:10:00.000Z');
    expect(items[0]!.querySelector('.live-entry__author')!.textContent).toBe('Hank Honk');
    expect(items[0]!.querySelector('.article-body')!.innerHTML).toBe('<p>Goose <em>wins</em></p>');
    expect(doc.querySelector('.live-key-events a')!.getAttribute('href')).toBe('#entry-2');
    expect(doc.querySelector('[data-testid="live-status"]')!.textContent).toBe('Live');
    const older = [...doc.querySelectorAll('a')].find((a) => a.textContent === 'Older updates');
    expect(older!.getAttribute('href')).toBe('/article/goose-live?before=1');
  });

  it('a page of older entries links back to the newest', () => {
    const html = renderToString(
      inRouter(
        <LiveBlogView
          articleId={7}
          slug="goose-live"
          blog={blog([entry(30, 30)], { olderBefore: 30 })}
          older={{ entries: [entry(3, 3)], olderBefore: null }}
        />,
      ),
    );
    expect(html).toContain('id="entry-3"');
    expect(html).not.toContain('id="entry-30"');
    const doc = new DOMParser().parseFromString(`<!doctype html><body>${html}</body>`, 'text/html');
    const back = [...doc.querySelectorAll('a')].find((a) => a.textContent === 'Back to the newest updates');
    expect(back!.getAttribute('href')).toBe('/article/goose-live');
    expect(html).not.toContain('Older updates');
  });

  it('says when coverage ended', () => {
    const html = renderToString(
      inRouter(
        <LiveBlogView
          articleId={7}
          slug="goose-live"
          blog={blog([entry(1, 5)], { coverageEndTime: '2026-11-27T18:00:00.000Z' })}
        />,
      ),
    );
    const doc = new DOMParser().parseFromString(`<!doctype html><body>${html}</body>`, 'text/html');
    const status = doc.querySelector('[data-testid="live-status"]')!;
    expect(status.textContent).toMatch(/^Coverage ended /);
    expect(status.querySelector('time')!.getAttribute('datetime')).toBe('2026-11-27T18:00:00.000Z');
  });

  it('before publication (a preview link) running coverage is not called live: no red dot', () => {
    const status = (b: LiveBlog) => {
      const html = renderToString(
        inRouter(<LiveBlogView articleId={7} slug="goose-live" blog={b} beforePublication />),
      );
      const doc = new DOMParser().parseFromString(`<!doctype html><body>${html}</body>`, 'text/html');
      return doc.querySelector('[data-testid="live-status"]')!;
    };
    const running = status(blog([entry(1, 5)]));
    expect(running.textContent).toBe('Live once published');
    expect(running.className).toBe('live-status live-status--waiting');
    expect(running.querySelector('.live-status__dot')).toBeNull();
    // Coverage that already ended says so, as on the published page.
    expect(status(blog([entry(1, 5)], { coverageEndTime: '2026-11-27T18:00:00.000Z' })).textContent).toMatch(
      /^Coverage ended /,
    );
  });
});

describe('LiveBlogView in the browser', () => {
  it('opens the article’s stream from the page’s event id', () => {
    const { stream } = renderBlog(blog([entry(1, 5)]));
    expect(stream.url).toBe('/live/stream?article=7&lastEventId=100');
    expect(document.documentElement.dataset.live).toBe('open');
  });

  it('keeps new entries behind "N new updates" until the reader presses it', () => {
    const { stream } = renderBlog(blog([entry(1, 5)]));
    act(() => stream.send('entry-added', { entry: entry(2, 10, 'Breaking goose') }, 101));
    act(() => stream.send('entry-added', { entry: entry(3, 15) }, 102));
    // another article's entry is not this page's
    act(() => stream.send('entry-added', { entry: entry(9, 20, 'x', { articleId: 8 }) }, 103));
    expect(entryIds()).toEqual(['1']);
    const button = screen.getByRole('button', { name: '2 new updates' });
    expect(announcement()).toBe('2 new updates');
    act(() => fireEvent.click(button));
    expect(entryIds()).toEqual(['3', '2', '1']);
    expect(screen.queryByRole('button', { name: /new update/ })).toBeNull();
  });

  it('replaces a corrected entry in place, and a deleted one by the removal line', () => {
    const { stream } = renderBlog(blog([entry(2, 10), entry(1, 5, 'Typo')]));
    act(() =>
      stream.send('entry-updated', { entry: entry(1, 5, 'Fixed', { updatedAt: '2026-11-27T12:30:00Z' }) }, 101),
    );
    expect(entryIds()).toEqual(['2', '1']);
    expect(document.querySelector('#entry-1 .article-body')!.innerHTML).toBe('<p>Fixed</p>');
    expect(document.querySelector('#entry-1 .live-entry__updated')!.textContent).toBe('Corrected');
    expect(announcement()).toBe('An update was corrected.');
    act(() => stream.send('entry-deleted', { id: 2, articleId: 7 }, 102));
    expect(document.querySelector('#entry-2')!.textContent).toBe(ENTRY_REMOVED_TEXT);
    expect(announcement()).toBe('An update was removed.');
    // the same event again (a replay) changes nothing
    act(() => stream.send('entry-deleted', { id: 2, articleId: 7 }, 102));
    act(() => stream.send('entry-added', { entry: entry(3, 20) }, 103));
    act(() => fireEvent.click(screen.getByRole('button', { name: '1 new update' })));
    expect(entryIds()).toEqual(['3', '1']);
  });

  it('shows "Coverage ended" with its time when coverage ends, and tells the page', () => {
    const { stream, onCoverageEnded } = renderBlog(blog([entry(1, 5)]));
    expect(screen.getByTestId('live-status').textContent).toBe('Live');
    act(() =>
      stream.send(
        'coverage-changed',
        { articleId: 7, coverageStartTime: '2026-11-27T11:00:00.000Z', coverageEndTime: '2026-11-27T18:00:00.000Z' },
        101,
      ),
    );
    expect(screen.getByTestId('live-status').textContent).toMatch(/^Coverage ended 27 Nov 2026, \d\d:\d\d$/);
    expect(onCoverageEnded).toHaveBeenCalledOnce();
  });

  it('closes the stream when the page goes away', () => {
    const { stream } = renderBlog(blog([entry(1, 5)]));
    cleanup();
    expect(stream.closed).toBe(true);
  });
});
