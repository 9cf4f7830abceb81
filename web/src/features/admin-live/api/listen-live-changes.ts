import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { liveStreamUrl } from '@common/live-stream-contract';
import { adminKeys } from '@/lib/admin-api-client';
import { connectLiveStream, LiveHub } from '@/lib/live-stream';
import { liveKeys } from './live-keys.ts';

/**
 * GET /live/stream?article={id}, the stream readers' pages keep open, through the same client
 * (`@/lib/live-stream`): while the story is public, an entry another editor posts, corrects or deletes
 * reaches the console at once and the console asks for its entries again; coverage started or ended
 * elsewhere, a change of the story, or a replay the server no longer holds (`reload`) ask for the whole
 * article. The stream carries only what readers may see: for a story that is not public, and after a
 * stream broke, the entries query's polling brings the changes. Nothing where the browser has no
 * EventSource.
 */
export function useLiveChanges(articleId: number) {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (typeof EventSource === 'undefined') return;
    const hub = new LiveHub();
    const refresh = (id: number, queryKey: readonly unknown[]) => {
      if (id === articleId) void queryClient.invalidateQueries({ queryKey });
    };
    const entries = liveKeys.entries(articleId);
    const article = adminKeys.articleDetail(articleId);
    const stops = [
      hub.subscribe('entry-added', (e) => refresh(e.entry.articleId, entries)),
      hub.subscribe('entry-updated', (e) => refresh(e.entry.articleId, entries)),
      hub.subscribe('entry-deleted', (e) => refresh(e.articleId, entries)),
      hub.subscribe('coverage-changed', (e) => refresh(e.articleId, article)),
      hub.subscribe('story-updated', (e) => refresh(e.article.id, article)),
      hub.subscribe('story-removed', (e) => refresh(e.id, article)),
      hub.subscribe('reload', () => refresh(articleId, article)),
    ];
    const close = connectLiveStream(hub, liveStreamUrl(articleId), (url) => new EventSource(url));
    return () => {
      close();
      for (const stop of stops) stop();
    };
  }, [articleId, queryClient]);
}
