import { articleTopic, type LiveEventPayloads, type LiveEventType } from '@common/live-stream-contract';

/** Every event type the stream sends (each is listened for by name: SSE `event:` lines). */
export const LIVE_EVENT_TYPES: readonly LiveEventType[] = [
  'story-published',
  'story-updated',
  'story-removed',
  'entry-added',
  'entry-updated',
  'entry-deleted',
  'coverage-changed',
  'reload',
];

export type LiveHandler<T extends LiveEventType> = (data: LiveEventPayloads[T]) => void;

/** The stream's state, for the page (and the browser tests: `<html data-live>`). */
export type LiveStatus = 'idle' | 'connecting' | 'open' | 'closed';

/** The topic the page listens to beyond the site's events, for logs and tests. */
export function pageTopic(articleId?: number): string {
  return articleId === undefined ? 'site' : articleTopic(articleId);
}

/**
 * The page's subscriptions: components subscribe to event types; the one stream of the page
 * dispatches into it. It exists before the stream opens (server render, hydration), so a component
 * can subscribe at any time; an event reaches only the handlers subscribed when it arrives.
 */
export class LiveHub {
  private readonly handlers = new Map<LiveEventType, Set<(data: unknown) => void>>();
  /** The newest event id dispatched: an event at or below it is one already seen (never twice). */
  private lastId = 0;

  /** The newest event id this page has seen (0: none). */
  get lastSeen(): number {
    return this.lastId;
  }

  /** The page's data is as of this event id (the server read it then): older events are not new. */
  seen(id: number): void {
    if (Number.isSafeInteger(id) && id > this.lastId) this.lastId = id;
  }

  subscribe<T extends LiveEventType>(type: T, handler: LiveHandler<T>): () => void {
    let set = this.handlers.get(type);
    if (!set) this.handlers.set(type, (set = new Set()));
    const h = handler as (data: unknown) => void;
    set.add(h);
    return () => set.delete(h);
  }

  /**
   * One message of the stream: its id (the SSE `id:` line, '' when absent), type and JSON data.
   * Returns false when it was not dispatched (seen before, or data that is not JSON).
   */
  dispatch(type: LiveEventType, rawData: string, rawId = ''): boolean {
    const id = Number(rawId);
    if (rawId !== '' && Number.isSafeInteger(id)) {
      if (id <= this.lastId) return false;
      this.lastId = id;
    }
    let data: unknown;
    try {
      data = JSON.parse(rawData);
    } catch {
      return false;
    }
    for (const handler of [...(this.handlers.get(type) ?? [])]) {
      try {
        handler(data);
      } catch (error) {
        // one broken subscriber must not stop the others
        console.error(error);
      }
    }
    return true;
  }
}

/** What `connectLiveStream` needs of EventSource (the browser's; a fake in tests). */
export interface EventSourceLike {
  readonly readyState: number;
  onopen: ((ev: Event) => unknown) | null;
  onerror: ((ev: Event) => unknown) | null;
  addEventListener(type: string, listener: (ev: MessageEvent) => void): void;
  close(): void;
}
export type EventSourceFactory = (url: string) => EventSourceLike;

/**
 * Opens the page's stream and routes its events into the hub. Reconnection is the browser's
 * (EventSource sends Last-Event-ID itself). Returns the function that closes it.
 */
export function connectLiveStream(
  hub: LiveHub,
  url: string,
  open: EventSourceFactory,
  onStatus: (status: LiveStatus) => void = () => {},
): () => void {
  const source = open(url);
  onStatus('connecting');
  source.onopen = () => onStatus('open');
  // readyState 2 (CLOSED): the browser gave up (e.g. a 4xx answer); otherwise it is reconnecting.
  source.onerror = () => onStatus(source.readyState === 2 ? 'closed' : 'connecting');
  for (const type of LIVE_EVENT_TYPES) {
    source.addEventListener(type, (ev) => {
      hub.dispatch(type, typeof ev.data === 'string' ? ev.data : '', ev.lastEventId ?? '');
    });
  }
  return () => {
    source.close();
    onStatus('closed');
  };
}
