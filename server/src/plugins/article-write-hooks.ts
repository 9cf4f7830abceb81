import type { FastifyInstance } from 'fastify';
import type { ChangeHook, PublishHook, PurgeHook } from '../repositories/admin-articles.ts';

/**
 * The hooks an article repository runs inside its writes' transactions: those of the share work
 * (decision 024) and of IndexNow (decision 045), each when its plugin is registered, one after the
 * other in the same transaction.
 */
export function articleWriteHooks(app: FastifyInstance): {
  onPublished?: PublishHook;
  onChanged?: ChangeHook;
  onPurged?: PurgeHook;
} {
  const shares = app.hasDecorator('articleShares') ? app.articleShares : undefined;
  const indexNow = app.hasDecorator('indexNow') ? app.indexNow : undefined;
  const published: PublishHook[] = [];
  const changed: ChangeHook[] = [];
  if (shares) {
    published.push(shares.onPublished.bind(shares));
    changed.push(shares.onArticleChanged.bind(shares));
  }
  if (indexNow) {
    published.push(indexNow.onPublished.bind(indexNow));
    changed.push(indexNow.onChanged.bind(indexNow));
  }
  return {
    onPublished:
      published.length === 0
        ? undefined
        : async (...args) => {
            for (const hook of published) await hook(...args);
          },
    onChanged:
      changed.length === 0
        ? undefined
        : async (...args) => {
            for (const hook of changed) await hook(...args);
          },
    // Only the share work hears of a delete for good.
    onPurged: shares ? shares.onArticlesPurged.bind(shares) : undefined,
  };
}
