import { queryOptions, useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import {
  PRESENCE_HEARTBEAT_SECONDS,
  type ArticlePresence,
  type PresenceEditor,
  type PresenceHeartbeat,
} from '@common/presence-contract';
import { adminKeys, adminRequest, useAdminApi, type AdminApiClient } from '@/lib/admin-api-client';
import { afterLeaving, leaveArticlePresence } from './leave-article-presence.ts';

/** PUT /api/admin/articles/{id}/presence: this tab has the article open; the answer names the other editors on it. */
export function sendPresence(
  client: AdminApiClient,
  id: number,
  tabId: string,
  signal?: AbortSignal,
): Promise<ArticlePresence> {
  return adminRequest<ArticlePresence>(
    client,
    `/api/admin/articles/${id}/presence`,
    // Never shown: a failed heartbeat is tried again at the next one.
    { failed: 'Failed to send the presence heartbeat', error: 'Error sending the presence heartbeat' },
    { method: 'PUT', body: { tabId } satisfies PresenceHeartbeat, signal },
  );
}

/** Apart from the article's key: reloading the article after a save does not send a heartbeat. */
export const presenceKey = (id: number, tabId: string) => [...adminKeys.all, 'presence', id, tabId] as const;

/**
 * The heartbeat as a query (decision 047): sent on mount, every PRESENCE_HEARTBEAT_SECONDS while the page
 * is visible (none while it is hidden) and at once when it becomes visible again; after the tab's leaving
 * is answered, when one is on its way. A failure is silent and not retried (the next beat is the retry);
 * the last answer stays shown meanwhile.
 */
export function presenceQueryOptions(client: AdminApiClient, id: number, tabId: string) {
  return queryOptions({
    queryKey: presenceKey(id, tabId),
    queryFn: async ({ signal }) => {
      await afterLeaving(tabId);
      return sendPresence(client, id, tabId, signal);
    },
    refetchInterval: PRESENCE_HEARTBEAT_SECONDS * 1000,
    refetchIntervalInBackground: false,
    refetchOnWindowFocus: 'always',
    refetchOnMount: 'always',
    staleTime: 0,
    gcTime: 0,
    retry: false,
  });
}

/** A random UUID (version 4) for this tab's visit: `crypto.randomUUID` only exists on https pages. */
function newTabId(): string {
  const b = crypto.getRandomValues(new Uint8Array(16));
  b[6] = (b[6]! & 0x0f) | 0x40;
  b[8] = (b[8]! & 0x3f) | 0x80;
  const h = [...b].map((x) => x.toString(16).padStart(2, '0')).join('');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

/**
 * The other editors who have article `id` open, while this screen shows it: its heartbeat (above), and
 * its leaving when the screen goes (another screen of the app, or the page closed or left: `pagehide`,
 * with keepalive). A page brought back from the browser's cache sends a heartbeat again. `enabled` false
 * (the article is gone for good: there is nobody to tell) ends it: no more heartbeats.
 */
export function useArticlePresence(id: number, enabled = true): PresenceEditor[] {
  const client = useAdminApi();
  const [tabId] = useState(newTabId);
  const query = useQuery({ ...presenceQueryOptions(client, id, tabId), enabled });
  const { refetch } = query;
  const left = useRef(false);
  useEffect(() => {
    if (!enabled) return;
    // Back after leaving (a page restored from the cache, or the effect run again): here again.
    if (left.current) {
      left.current = false;
      void refetch();
    }
    const leave = () => {
      if (left.current) return;
      left.current = true;
      leaveArticlePresence(client, id, tabId).catch(() => undefined);
    };
    const back = (event: PageTransitionEvent) => {
      if (!event.persisted || !left.current) return;
      left.current = false;
      void refetch();
    };
    window.addEventListener('pagehide', leave);
    window.addEventListener('pageshow', back);
    return () => {
      window.removeEventListener('pagehide', leave);
      window.removeEventListener('pageshow', back);
      leave();
    };
  }, [client, id, tabId, refetch, enabled]);
  return query.data?.editors ?? [];
}
