import { adminRequest, type AdminApiClient } from '@/lib/admin-api-client';

/**
 * DELETE /api/admin/articles/{id}/presence?tabId=: this tab left the article's screen (204), so the others
 * stop seeing its editor at their next heartbeat (decision 047). Sent with `keepalive`, so it still goes
 * out when the page is closing; the id is in the address, as such a request carries no body well.
 */
export function leaveArticlePresence(client: AdminApiClient, id: number, tabId: string): Promise<void> {
  return adminRequest<void>(
    client,
    `/api/admin/articles/${id}/presence?tabId=${encodeURIComponent(tabId)}`,
    // Never shown: a tab that could not say it left drops out of the others' lists within the window.
    { failed: 'Failed to leave the article', error: 'Error leaving the article' },
    { method: 'DELETE', keepalive: true },
  );
}
