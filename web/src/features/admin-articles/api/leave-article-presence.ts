import { PRESENCE_HEARTBEAT_SECONDS } from '@common/presence-contract';
import { adminRequest, type AdminApiClient } from '@/lib/admin-api-client';

/** Each tab's leaving still on its way, by tab id. */
const leaving = new Map<string, Promise<unknown>>();

/**
 * DELETE /api/admin/articles/{id}/presence?tabId=: this tab left the article's screen (204), so the others
 * stop seeing its editor at their next heartbeat (decision 047). Sent with `keepalive`, so it still goes
 * out when the page is closing; the id is in the address, as such a request carries no body well. Until
 * it is answered, the same tab's next heartbeat waits (afterLeaving).
 */
export function leaveArticlePresence(client: AdminApiClient, id: number, tabId: string): Promise<void> {
  const sent = adminRequest<void>(
    client,
    `/api/admin/articles/${id}/presence?tabId=${encodeURIComponent(tabId)}`,
    // Never shown: a tab that could not say it left drops out of the others' lists within the window.
    { failed: 'Failed to leave the article', error: 'Error leaving the article' },
    { method: 'DELETE', keepalive: true },
  );
  const settled = sent.catch(() => undefined);
  leaving.set(tabId, settled);
  void settled.then(() => {
    if (leaving.get(tabId) === settled) leaving.delete(tabId);
  });
  return sent;
}

/**
 * Resolves once the tab's last leaving is answered (at once when there is none), or after a heartbeat's
 * interval at most. A heartbeat sent back after a leaving (the screen shown again: a page restored from
 * the browser's cache, or React mounting it twice in development) waits for it: the two go on separate
 * connections, and a leaving the server took after the heartbeat would take the tab out of the others'
 * lists until the heartbeat after.
 */
export function afterLeaving(tabId: string): Promise<void> {
  const pending = leaving.get(tabId);
  if (!pending) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, PRESENCE_HEARTBEAT_SECONDS * 1000);
    void pending.then(() => {
      clearTimeout(timer);
      resolve();
    });
  });
}
