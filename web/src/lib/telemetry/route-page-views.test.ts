import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { trackRouteChanges, type RouterLike } from './route-page-views';
import { TelemetryClient, type PageViewItem } from './telemetry-client';

function fakeRouter(pathname: string) {
  let listener: ((state: { location: { pathname: string; search: string } }) => void) | undefined;
  const router: RouterLike & { go(pathname: string, search?: string): void; href: string } = {
    href: `http://h${pathname}`,
    state: { location: { pathname, search: '' } },
    subscribe(l) {
      listener = l;
      return () => (listener = undefined);
    },
    go(p, search = '') {
      router.state = { location: { pathname: p, search } };
      router.href = `http://h${p}${search}`;
      listener?.(router.state);
    },
  };
  return router;
}

describe('trackRouteChanges', () => {
  let views: PageViewItem[];
  let client: TelemetryClient;
  beforeEach(() => {
    vi.useFakeTimers();
    views = [];
    client = new TelemetryClient();
    client.ready({ trackPageView: (v) => views.push(v), trackEvent: () => {}, trackDependency: () => {} });
  });
  afterEach(() => vi.useRealTimers());

  it('takes one page view per route change, 500 ms after it, with the title of the page', () => {
    const router = fakeRouter('/');
    let title = 'Home';
    trackRouteChanges(router, { client, currentHref: () => router.href, currentTitle: () => title, initialReferrer: '' });
    vi.advanceTimersByTime(499);
    expect(views).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(views).toEqual([{ name: 'Home', uri: 'http://h/', refUri: undefined }]);

    router.go('/politics');
    title = 'Politics';
    router.go('/politics'); // same location again (re-render, same-link click): no new page view
    vi.advanceTimersByTime(500);
    expect(views.slice(1)).toEqual([{ name: 'Politics', uri: 'http://h/politics', refUri: 'http://h/' }]);

    router.go('/admin/articles', '?page=2');
    title = 'Articles';
    vi.advanceTimersByTime(500);
    expect(views.at(-1)).toEqual({ name: 'Articles', uri: 'http://h/admin/articles?page=2', refUri: 'http://h/politics' });
    expect(views).toHaveLength(3);
  });

  it('keeps a quick sequence of changes as separate page views with their own addresses', () => {
    const router = fakeRouter('/');
    trackRouteChanges(router, { client, currentHref: () => router.href, currentTitle: () => 'T', initialReferrer: 'http://ref/' });
    router.go('/sport');
    router.go('/business');
    vi.advanceTimersByTime(500);
    expect(views.map((v) => [v.uri, v.name, v.refUri])).toEqual([
      ['http://h/', '/', 'http://ref/'],
      ['http://h/sport', '/sport', 'http://h/'],
      ['http://h/business', 'T', 'http://h/sport'],
    ]);
  });
});
