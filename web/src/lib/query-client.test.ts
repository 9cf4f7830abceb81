import { QueryObserver } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { createQueryClient } from './query-client';

const failing = () => Promise.reject(new Error('Failed to fetch news page'));

describe('the data cache reports a query that finally failed', () => {
  it('only while a component observes it: a prefetch nobody opened reports nothing', async () => {
    const client = createQueryClient();
    const onError = vi.fn();
    await client.prefetchQuery({ queryKey: ['news', 'x'], queryFn: failing, retry: 0, meta: { onError } });
    expect(client.getQueryState(['news', 'x'])?.status).toBe('error');
    expect(onError).not.toHaveBeenCalled();
  });

  it('once when a page observes it', async () => {
    const client = createQueryClient();
    const onError = vi.fn();
    const observer = new QueryObserver(client, {
      queryKey: ['news', 'y'],
      queryFn: failing,
      retry: 0,
      meta: { onError },
    });
    const stop = observer.subscribe(() => {});
    await vi.waitFor(() => expect(onError).toHaveBeenCalledTimes(1));
    expect(onError.mock.calls[0]![0]).toBeInstanceOf(Error);
    stop();
  });
});
