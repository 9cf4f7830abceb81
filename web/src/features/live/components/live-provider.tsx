import { createContext, useContext, useEffect, useRef, useState, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { liveStreamUrl, type LiveEventType } from '@common/live-stream-contract';
import {
  connectLiveStream,
  LiveHub,
  type EventSourceFactory,
  type LiveHandler,
  type LiveStatus,
} from '@/lib/live-stream';

const HubContext = createContext<LiveHub | null>(null);

const browserEventSource: EventSourceFactory = (url) => new EventSource(url);

/**
 * The page's one live stream. Public pages only (the admin never renders it). The stream opens
 * after hydration (an effect: never on the server), with `?article={id}` while a live article's
 * coverage runs, and closes when the page goes away; a new `articleId` (coverage ended: undefined)
 * closes it and opens the site's, from the last event the page saw. A `reload` event (the reader missed more than the server keeps)
 * fetches the page's data again. `<html data-live>` tells the stream's state.
 */
export function LiveProvider({
  articleId,
  since,
  children,
  open = browserEventSource,
}: {
  articleId?: number;
  /** The event id the page's data is as of (a live blog's `lastEventId`): the stream replays from there. */
  since?: number;
  children: ReactNode;
  /** The EventSource to use (tests). */
  open?: EventSourceFactory;
}) {
  const [hub] = useState(() => new LiveHub());
  const queryClient = useQueryClient();
  const openRef = useRef(open);

  useEffect(() => {
    if (typeof EventSource === 'undefined' && openRef.current === browserEventSource) return;
    const setStatus = (status: LiveStatus) => {
      document.documentElement.dataset.live = status;
    };
    if (since !== undefined) hub.seen(since);
    const url = liveStreamUrl(articleId, hub.lastSeen || undefined);
    const close = connectLiveStream(hub, url, openRef.current, setStatus);
    const stopReload = hub.subscribe('reload', () => void queryClient.invalidateQueries());
    return () => {
      stopReload();
      close();
    };
  }, [hub, articleId, since, queryClient]);

  return <HubContext.Provider value={hub}>{children}</HubContext.Provider>;
}

/**
 * Calls `handler` for every event of `type` on the page's stream (the newest handler: no need to
 * memoise it). Outside a LiveProvider it does nothing.
 */
export function useLiveEvent<T extends LiveEventType>(type: T, handler: LiveHandler<T>): void {
  const hub = useContext(HubContext);
  const ref = useRef(handler);
  useEffect(() => {
    ref.current = handler;
  });
  useEffect(() => {
    if (!hub) return;
    return hub.subscribe(type, (data) => ref.current(data));
  }, [hub, type]);
}
