import { queryOptions, useQuery } from '@tanstack/react-query';
import { adminRequest, useAdminApi, type AdminApiClient } from '@/lib/admin-api-client';
import type { PlatformShare, SharesOfArticles } from '../../../../../common/admin-contract.ts';

export const sharesOfKey = (id: number) => ['admin', 'shares-of', id] as const;

/** What the batch says of one article: its own shares, and its live key events' posts now on X or Facebook. */
export type SharesOfArticle = Pick<SharesOfArticles['articles'][number], 'shares' | 'entryPosts'>;

interface Waiter {
  id: number;
  resolve(of: SharesOfArticle): void;
  reject(err: unknown): void;
}

const queues = new WeakMap<AdminApiClient, Waiter[]>();
const MAX_IDS = 100;

async function flush(client: AdminApiClient) {
  const waiters = queues.get(client) ?? [];
  queues.delete(client);
  for (let i = 0; i < waiters.length; i += MAX_IDS) {
    const batch = waiters.slice(i, i + MAX_IDS);
    const ids = [...new Set(batch.map((w) => w.id))];
    try {
      const body = await adminRequest<SharesOfArticles>(client, `/api/admin/shares?articleIds=${ids.join(',')}`, {
        failed: 'Failed to load the social posts',
        error: 'Error loading the social posts',
      });
      const byId = new Map(body.articles.map((a) => [a.articleId, a]));
      for (const w of batch) {
        const of = byId.get(w.id);
        w.resolve({ shares: of?.shares ?? [], entryPosts: of?.entryPosts ?? [] });
      }
    } catch (err) {
      for (const w of batch) w.reject(err);
    }
  }
}

/**
 * The shares of one article, asked together with every other article asked in the same tick:
 * a list page of 20 rows makes one request (GET /api/admin/shares?articleIds=...).
 */
export function loadSharesOf(client: AdminApiClient, id: number): Promise<SharesOfArticle> {
  return new Promise((resolve, reject) => {
    let queue = queues.get(client);
    if (!queue) {
      queue = [];
      queues.set(client, queue);
      setTimeout(() => void flush(client), 0);
    }
    queue.push({ id, resolve, reject });
  });
}

export const isActive = (shares: PlatformShare[] | undefined) =>
  Boolean(shares?.some((s) => s.state === 'queued' || s.state === 'posting'));

export function sharesOfQueryOptions(client: AdminApiClient, id: number) {
  return queryOptions({
    queryKey: sharesOfKey(id),
    queryFn: () => loadSharesOf(client, id),
    // While a post waits or is being sent, look again every 2 s.
    refetchInterval: (q) => (isActive(q.state.data?.shares) ? 2000 : false),
  });
}

/** The cached answer with the article's shares as a share action answered them (nothing cached: left so). */
export const withShares = (shares: PlatformShare[]) => (old: SharesOfArticle | undefined) =>
  old ? { ...old, shares } : undefined;

const sharesOnly = (of: SharesOfArticle) => of.shares;

/** Each platform's share of an article (batched with the other rows of the screen). */
export function useSharesOf(id: number) {
  return useQuery({ ...sharesOfQueryOptions(useAdminApi(), id), select: sharesOnly });
}

/** The article's shares and its key events' posts (the same cached batch answer as useSharesOf). */
export function useSharesOfArticle(id: number) {
  return useQuery(sharesOfQueryOptions(useAdminApi(), id));
}
