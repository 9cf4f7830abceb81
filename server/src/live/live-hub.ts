import type { ServerResponse } from 'node:http';
import type { LiveEventType, LiveTopic } from '../../../common/live-stream-contract.ts';
import type { LiveEventRow } from './repositories/live-events-repository.ts';

/** A stream whose socket holds more unsent bytes than this is dropped: it reconnects and replays. */
export const LIVE_MAX_BUFFERED_BYTES = 256 * 1024;

/** The replay window: the newest events kept in memory for streams that reconnect with Last-Event-ID. */
export const LIVE_REPLAY_EVENTS = 1_000;
export const LIVE_REPLAY_MS = 15 * 60_000;

/** The heartbeat: an SSE comment, ignored by EventSource. */
export const HEARTBEAT_FRAME = ': keep-alive\n\n';

/** One event as it goes on the wire, serialized once for every stream. */
export interface LiveFrame {
  id: number;
  topic: string;
  /** The article id of an `article:{id}` topic, 0 for the site. */
  articleId: number;
  /** created_at in ms (the window's age limit). */
  at: number;
  frame: string;
}

/** One open stream: the response, and the article whose events it also gets (0: site events only). */
export interface LiveStream {
  res: ServerResponse;
  articleId: number;
  /** Which slice of the heartbeat this stream is in (set by LiveHub.add). */
  slot?: number;
}

export function formatFrame(id: number, type: string, data: string): string {
  return `id: ${id}\nevent: ${type}\ndata: ${data}\n\n`;
}

/** The `reload` event: the reader missed more than the window holds (its id is the newest known). */
export function reloadFrame(id: number): string {
  return formatFrame(id, 'reload' satisfies LiveEventType, '{}');
}

export function articleIdOf(topic: string): number {
  const m = /^article:([1-9][0-9]*)$/.exec(topic);
  return m ? Number(m[1]) : 0;
}

export function topicOf(articleId: number): LiveTopic {
  return articleId ? `article:${articleId}` : 'site';
}

export function toFrame(row: LiveEventRow): LiveFrame {
  return {
    id: row.id,
    topic: row.topic,
    articleId: articleIdOf(row.topic),
    at: Date.parse(row.createdAt) || Date.now(),
    frame: formatFrame(row.id, row.type, row.data),
  };
}

/**
 * The streams of one instance and the replay window. Everything here is synchronous: a stream is
 * registered (after its replay is written) and events are fanned out in single turns of the event
 * loop, so a stream never misses an event between its replay and its registration, nor gets one twice.
 */
export class LiveHub {
  /** Every open stream. */
  readonly streams = new Set<LiveStream>();
  /** Streams added so far: numbers their heartbeat slots. */
  #added = 0;
  /** Streams opened with ?article={id}, by article. */
  readonly #byArticle = new Map<number, Set<LiveStream>>();
  /** The replay window, oldest first: every event with an id above `#floor` is in it. */
  #window: LiveFrame[] = [];
  #floor = 0;
  #lastId = 0;
  /** Streams dropped because they could not keep up. */
  dropped = 0;

  constructor(
    private readonly limits: { events: number; ms: number } = { events: LIVE_REPLAY_EVENTS, ms: LIVE_REPLAY_MS },
  ) {}

  /** The newest event id this instance knows. */
  get lastId(): number {
    return this.#lastId;
  }

  /** Starts from the newest events of the log (`rows` oldest first) and the log's newest id. */
  load(rows: LiveEventRow[], maxId: number): void {
    this.#window = rows.map(toFrame);
    this.#lastId = Math.max(maxId, this.#window.at(-1)?.id ?? 0);
    this.#floor = this.#window.length ? this.#window[0]!.id - 1 : this.#lastId;
    this.trim();
  }

  /** Adds events read from the log (oldest first, ids above lastId) and sends each to its streams. */
  deliver(rows: LiveEventRow[]): void {
    for (const row of rows) {
      if (row.id <= this.#lastId) continue;
      const frame = toFrame(row);
      this.#window.push(frame);
      this.#lastId = frame.id;
      this.#fanOut(frame);
    }
    this.trim();
  }

  /** Drops the events the window no longer keeps (too many, or too old). */
  trim(now = Date.now()): void {
    let drop = Math.max(0, this.#window.length - this.limits.events);
    while (drop < this.#window.length && this.#window[drop]!.at < now - this.limits.ms) drop++;
    if (drop === 0) return;
    this.#floor = this.#window[drop - 1]!.id;
    this.#window = this.#window.slice(drop);
  }

  /**
   * What a stream that saw `lastEventId` gets first: the window's events after it for its topics, in
   * order; `reload` when the window no longer holds all of them or the id is newer than any known.
   */
  replay(lastEventId: number, articleId: number): string[] {
    if (lastEventId > this.#lastId || lastEventId < this.#floor) return [reloadFrame(this.#lastId)];
    const out: string[] = [];
    // The window is ordered by id: start at the first event after lastEventId.
    let lo = 0;
    let hi = this.#window.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.#window[mid]!.id <= lastEventId) lo = mid + 1;
      else hi = mid;
    }
    for (let i = lo; i < this.#window.length; i++) {
      const f = this.#window[i]!;
      if (f.articleId === 0 || f.articleId === articleId) out.push(f.frame);
    }
    return out;
  }

  add(stream: LiveStream): void {
    stream.slot = this.#added++;
    this.streams.add(stream);
    if (stream.articleId) {
      let set = this.#byArticle.get(stream.articleId);
      if (!set) this.#byArticle.set(stream.articleId, (set = new Set()));
      set.add(stream);
    }
  }

  remove(stream: LiveStream): void {
    if (!this.streams.delete(stream)) return;
    if (stream.articleId) {
      const set = this.#byArticle.get(stream.articleId);
      set?.delete(stream);
      if (set?.size === 0) this.#byArticle.delete(stream.articleId);
    }
  }

  /** Writes `chunk` to a stream; a stream that cannot keep up is dropped (it reconnects and replays). */
  write(stream: LiveStream, chunk: string): void {
    const { res } = stream;
    if (res.destroyed || res.writableEnded) {
      this.remove(stream);
      return;
    }
    if (res.writableLength > LIVE_MAX_BUFFERED_BYTES) {
      this.dropped++;
      this.remove(stream);
      res.destroy();
      return;
    }
    res.write(chunk);
  }

  /**
   * The heartbeat of one slice of the streams (`slice` of `slices`; by default all of them). The
   * route sends a slice every period / slices, so every stream gets its comment once a period while
   * no turn of the event loop writes to more than a slice: writing to 10,000 sockets at once took
   * 0.2-0.3 s of CPU in which the instance answered nothing else.
   */
  heartbeat(slice = 0, slices = 1): void {
    for (const s of this.streams) if ((s.slot ?? 0) % slices === slice) this.write(s, HEARTBEAT_FRAME);
  }

  /** Ends every stream with `retry: {ms}` first (each its own, so they do not all come back at once). */
  closeAll(retryMs: () => number): void {
    for (const s of [...this.streams]) {
      this.remove(s);
      if (!s.res.destroyed && !s.res.writableEnded) s.res.end(`retry: ${retryMs()}\n\n`);
    }
  }

  #fanOut(frame: LiveFrame): void {
    if (frame.articleId === 0) {
      for (const s of this.streams) this.write(s, frame.frame);
      return;
    }
    const set = this.#byArticle.get(frame.articleId);
    if (set) for (const s of set) this.write(s, frame.frame);
  }
}
