import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { trackRouteChanges, type RouterLike, type RoutePageViewOptions } from './route-page-views';
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

/** A page that sets its title (useDocumentTitle's signal) and a reader who can leave. */
function fakePage() {
  const titleListeners = new Set<() => void>();
  const leaveListeners = new Set<() => void>();
  const page: {
    title: string;
    setTitle(title: string): void;
    leave(): void;
    options: Required<Pick<RoutePageViewOptions, 'currentTitle' | 'onTitleSet' | 'onLeave'>>;
  } = {
    title: '',
    setTitle(title: string) {
      page.title = title;
      for (const l of titleListeners) l();
    },
    leave() {
      for (const l of leaveListeners) l();
    },
    options: {
      currentTitle: () => page.title,
      onTitleSet: (l) => (titleListeners.add(l), () => void titleListeners.delete(l)),
      onLeave: (l) => (leaveListeners.add(l), () => void leaveListeners.delete(l)),
    },
  };
  return page;
}

describe('trackRouteChanges', () => {
  let views: PageViewItem[];
  let client: TelemetryClient;
  beforeEach(() => {
    vi.useFakeTimers();
    views = [];
    client = new TelemetryClient();
    client.ready({
      trackPageView: (v) => views.push(v),
      trackEvent: () => {},
      trackDependency: () => {},
      trackException: () => {},
    });
  });
  afterEach(() => vi.useRealTimers());

  it('takes one page view per route change, 500 ms after it, with the title of the page', () => {
    const router = fakeRouter('/');
    const page = fakePage();
    trackRouteChanges(router, { client, currentHref: () => router.href, initialReferrer: '', ...page.options });
    page.setTitle('Home');
    vi.advanceTimersByTime(499);
    expect(views).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(views).toEqual([{ name: 'Home', uri: 'http://h/', refUri: undefined }]);

    router.go('/politics');
    page.setTitle('Politics');
    router.go('/politics'); // same location again (re-render, same-link click): no new page view
    vi.advanceTimersByTime(500);
    expect(views.slice(1)).toEqual([{ name: 'Politics', uri: 'http://h/politics', refUri: 'http://h/' }]);

    router.go('/admin/articles', '?page=2');
    page.setTitle('Articles');
    vi.advanceTimersByTime(500);
    expect(views.at(-1)).toEqual({
      name: 'Articles',
      uri: 'http://h/admin/articles?page=2',
      refUri: 'http://h/politics',
    });
    expect(views).toHaveLength(3);
  });

  it('waits for a page that loads before it sets its title (never the previous title), at most maxWaitMs', () => {
    const router = fakeRouter('/');
    const page = fakePage();
    trackRouteChanges(router, {
      client,
      currentHref: () => router.href,
      initialReferrer: '',
      maxWaitMs: 5_000,
      ...page.options,
    });
    page.setTitle('Home');
    vi.advanceTimersByTime(500);
    expect(views.map((v) => v.name)).toEqual(['Home']);

    router.go('/article/slow'); // the article is still loading: the title is still the home page's
    vi.advanceTimersByTime(1_500);
    expect(views).toHaveLength(1);
    page.setTitle('Slow Article');
    expect(views.at(-1)).toEqual({ name: 'Slow Article', uri: 'http://h/article/slow', refUri: 'http://h/' });

    router.go('/article/never'); // a page that never sets its title: taken after maxWaitMs, as it is
    vi.advanceTimersByTime(4_999);
    expect(views).toHaveLength(2);
    vi.advanceTimersByTime(1);
    expect(views.at(-1)).toEqual({
      name: 'Slow Article',
      uri: 'http://h/article/never',
      refUri: 'http://h/article/slow',
    });
    vi.advanceTimersByTime(60_000);
    expect(views).toHaveLength(3);
  });

  it('takes a change of the query alone (same page, same title) after the delay', () => {
    const router = fakeRouter('/admin/articles');
    const page = fakePage();
    trackRouteChanges(router, { client, currentHref: () => router.href, initialReferrer: '', ...page.options });
    page.setTitle('Articles');
    vi.advanceTimersByTime(500);
    router.go('/admin/articles', '?page=2');
    vi.advanceTimersByTime(500);
    expect(views.map((v) => [v.uri, v.name])).toEqual([
      ['http://h/admin/articles', 'Articles'],
      ['http://h/admin/articles?page=2', 'Articles'],
    ]);
  });

  it('takes a waiting page view at once when the reader moves on or leaves, named by its path if it had no title yet', () => {
    const router = fakeRouter('/');
    const page = fakePage();
    trackRouteChanges(router, { client, currentHref: () => router.href, initialReferrer: '', ...page.options });
    page.setTitle('Home');
    router.go('/article/a'); // before the home page's 500 ms: home is taken now, with its title
    expect(views).toEqual([{ name: 'Home', uri: 'http://h/', refUri: undefined }]);
    vi.advanceTimersByTime(300);
    router.go('/article/b'); // /article/a never set its title
    page.setTitle('B');
    expect(views.at(-1)).toEqual({ name: '/article/a', uri: 'http://h/article/a', refUri: 'http://h/' });
    page.leave(); // within 500 ms of the change, with its title set
    expect(views.at(-1)).toEqual({ name: 'B', uri: 'http://h/article/b', refUri: 'http://h/article/a' });
    vi.advanceTimersByTime(60_000);
    expect(views).toHaveLength(3);
  });

  it('keeps a quick sequence of changes as separate page views with their own addresses', () => {
    const router = fakeRouter('/');
    const page = fakePage();
    trackRouteChanges(router, {
      client,
      currentHref: () => router.href,
      initialReferrer: 'http://ref/',
      ...page.options,
    });
    router.go('/sport');
    router.go('/business');
    page.setTitle('T');
    vi.advanceTimersByTime(500);
    expect(views.map((v) => [v.uri, v.name, v.refUri])).toEqual([
      ['http://h/', '/', 'http://ref/'],
      ['http://h/sport', '/sport', 'http://h/'],
      ['http://h/business', 'T', 'http://h/sport'],
    ]);
  });

  it('stops when unsubscribed', () => {
    const router = fakeRouter('/');
    const page = fakePage();
    const stop = trackRouteChanges(router, {
      client,
      currentHref: () => router.href,
      initialReferrer: '',
      ...page.options,
    });
    stop();
    page.setTitle('Home');
    router.go('/sport');
    page.leave();
    vi.advanceTimersByTime(60_000);
    expect(views).toEqual([]);
  });
});
