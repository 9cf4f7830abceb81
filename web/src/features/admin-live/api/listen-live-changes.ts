import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { liveStreamUrl, type LiveEventType } from '@common/live-contract';
import { adminKeys } from '@/lib/admin-api-client';
import { liveKeys } from './live-keys.ts';

/** The payloads' fields that name their story (`common/live-contract.ts`). */
interface AboutStory {
  entry?: { articleId?: unknown };
  article?: { id?: unknown };
  articleId?: unknown;
  id?: unknown;
}

/** The article an event is about. */
function articleOf(type: LiveEventType, data: AboutStory): unknown {
  if (type === 'entry-added' || type === 'entry-updated') return data.entry?.articleId;
  if (type === 'entry-deleted' || type === 'coverage-changed') return data.articleId;
  if (type === 'story-updated') return data.article?.id;
  return data.id;
}

/** What each event about the article makes the console ask again. */
const REFRESH: Partial<Record<LiveEventType, 'entries' | 'article'>> = {
  'entry-added': 'entries',
  'entry-updated': 'entries',
  'entry-deleted': 'entries',
  'coverage-changed': 'article',
  'story-updated': 'article',
  'story-removed': 'article',
};

/**
 * GET /live/stream?article={id}, the stream readers' pages keep open: while the story is public, an
 * entry another editor posts, corrects or deletes (or coverage started or ended elsewhere) reaches
 * the console at once, and the console asks for its entries (or the whole article) again. The
 * stream carries only what readers may see: for a story that is not public, and after a stream
 * broke, the entries query's polling brings the changes. Nothing where the browser has no
 * EventSource.
 */
export function useLiveChanges(articleId: number) {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (typeof EventSource === 'undefined') return;
    const source = new EventSource(liveStreamUrl(articleId));
    for (const [type, what] of Object.entries(REFRESH) as [LiveEventType, 'entries' | 'article'][]) {
      source.addEventListener(type, (ev: MessageEvent<string>) => {
        let data: AboutStory | null;
        try {
          data = JSON.parse(ev.data) as AboutStory | null;
        } catch {
          return;
        }
        if (!data || articleOf(type, data) !== articleId) return;
        void queryClient.invalidateQueries({
          queryKey: what === 'entries' ? liveKeys.entries(articleId) : adminKeys.articleDetail(articleId),
        });
      });
    }
    // The reader's page missed more than the server keeps: everything may have changed.
    source.addEventListener('reload', () => {
      void queryClient.invalidateQueries({ queryKey: adminKeys.articleDetail(articleId) });
    });
    return () => source.close();
  }, [articleId, queryClient]);
}
