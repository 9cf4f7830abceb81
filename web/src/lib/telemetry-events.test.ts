import { QueryObserver } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { getNewsQueryOptions, NEWS_LOAD_ERROR } from '@/features/news/api/get-news';
import { createQueryClient } from './query-client';
import { ARTICLE_LOAD_ERROR_EVENT } from './telemetry/constants';
import { telemetry } from './telemetry/telemetry-client';

const problem = () =>
  new Response('{"status":500}', { status: 500, headers: { 'content-type': 'application/problem+json' } });

/** Two components of one page (breaking strip and listing) observing the same news query until it settles. */
function observeTwice(client: ReturnType<typeof createQueryClient>, category?: string) {
  const observers = [
    new QueryObserver(client, getNewsQueryOptions(category)),
    new QueryObserver(client, getNewsQueryOptions(category)),
  ];
  const settled = new Promise<void>((resolve) => {
    for (const o of observers) o.subscribe((r) => r.isError && resolve());
  });
  return { settled, stop: () => observers.forEach((o) => o.destroy()) };
}

describe('ArticleLoadError', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
  });

  it('is logged exactly once per failed news list load, after all retries, however many components show the list', async () => {
    const trackEvent = vi.spyOn(telemetry, 'trackEvent').mockImplementation(() => {});
    const fetchMock = vi.fn(async () => problem());
    vi.stubGlobal('fetch', fetchMock);
    const client = createQueryClient();
    client.setDefaultOptions({ queries: { ...client.getDefaultOptions().queries, retryDelay: 1 } });

    const page = observeTwice(client);
    await page.settled;
    expect(fetchMock).toHaveBeenCalledTimes(4); // the first try and 3 retries
    expect(trackEvent.mock.calls).toEqual([[ARTICLE_LOAD_ERROR_EVENT, { message: NEWS_LOAD_ERROR }]]);
    page.stop();

    // the reader comes back to a page whose list failed: a new load, and if it fails, a new event
    const again = observeTwice(client, 'Sport');
    await again.settled;
    expect(trackEvent.mock.calls.at(-1)).toEqual([
      ARTICLE_LOAD_ERROR_EVENT,
      { category: 'Sport', message: NEWS_LOAD_ERROR },
    ]);
    expect(trackEvent).toHaveBeenCalledTimes(2);
    again.stop();
  });

  it('is not logged when the load is cancelled (the reader moved on before it finished)', async () => {
    const trackEvent = vi.spyOn(telemetry, 'trackEvent').mockImplementation(() => {});
    vi.stubGlobal(
      'fetch',
      vi.fn(
        (_url: string, init?: RequestInit) =>
          new Promise<Response>((_resolve, reject) =>
            init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))),
          ),
      ),
    );
    const client = createQueryClient();
    const observer = new QueryObserver(client, getNewsQueryOptions());
    const unsubscribe = observer.subscribe(() => {});
    await vi.waitFor(() => expect(globalThis.fetch).toHaveBeenCalled());
    unsubscribe(); // the page unmounts: TanStack Query cancels the fetch through its AbortSignal
    await client.cancelQueries();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(trackEvent).not.toHaveBeenCalled();
  });
});
