import { EventEmitter } from 'node:events';
import type { ServerResponse } from 'node:http';
import { describe, expect, it } from 'vitest';
import { HEARTBEAT_FRAME, LIVE_MAX_BUFFERED_BYTES, LiveHub, formatFrame, type LiveStream } from './live-hub.ts';
import type { LiveEventRow } from './repositories/live-events-repository.ts';

// The hub of one instance without HTTP: the replay window's bounds, topics, and slow streams.

class FakeResponse extends EventEmitter {
  written = '';
  writableLength = 0;
  destroyed = false;
  writableEnded = false;
  write(chunk: string) {
    this.written += chunk;
    return true;
  }
  end(chunk: string) {
    this.written += chunk;
    this.writableEnded = true;
  }
  destroy() {
    this.destroyed = true;
  }
}

function stream(articleId = 0): LiveStream & { fake: FakeResponse } {
  const fake = new FakeResponse();
  return { res: fake as unknown as ServerResponse, articleId, fake };
}

const at = (ms: number) => new Date(ms).toISOString();
function row(id: number, topic = 'site', createdAt = at(Date.now())): LiveEventRow {
  return { id, topic, type: 'story-removed', data: `{"id":${id}}`, createdAt };
}

describe('LiveHub', () => {
  it('replays the events after an id for the stream topics, and reload outside the window', () => {
    const hub = new LiveHub({ events: 3, ms: 60_000 });
    hub.load([row(4), row(5, 'article:9')], 5);
    hub.deliver([row(6), row(7)]);
    // The window holds 5, 6 and 7 (at most 3 events): 4 was dropped, so only ids from 4 on replay.
    expect(hub.replay(4, 0)).toEqual([
      formatFrame(6, 'story-removed', '{"id":6}'),
      formatFrame(7, 'story-removed', '{"id":7}'),
    ]);
    expect(hub.replay(4, 9)).toHaveLength(3);
    expect(hub.replay(7, 0)).toEqual([]);
    expect(hub.replay(3, 0)).toEqual([formatFrame(7, 'reload', '{}')]);
    expect(hub.replay(8, 0)).toEqual([formatFrame(7, 'reload', '{}')]);
  });

  it('drops events older than the window age, and starts an empty log at its newest id', () => {
    const hub = new LiveHub({ events: 100, ms: 60_000 });
    const now = Date.now();
    hub.load([row(10, 'site', at(now - 120_000)), row(11, 'site', at(now - 1_000))], 11);
    expect(hub.replay(9, 0)).toEqual([formatFrame(11, 'reload', '{}')]);
    expect(hub.replay(10, 0)).toHaveLength(1);

    const empty = new LiveHub();
    empty.load([], 42);
    expect(empty.lastId).toBe(42);
    expect(empty.replay(42, 0)).toEqual([]);
    expect(empty.replay(41, 0)).toEqual([formatFrame(42, 'reload', '{}')]);
  });

  it('sends site events to every stream, article events to that article only, each once', () => {
    const hub = new LiveHub();
    hub.load([], 0);
    const site = stream();
    const nine = stream(9);
    hub.add(site);
    hub.add(nine);
    hub.deliver([row(1), row(2, 'article:9'), row(3, 'article:8'), row(2)]);
    expect(site.fake.written).toBe(formatFrame(1, 'story-removed', '{"id":1}'));
    expect(nine.fake.written).toBe(
      formatFrame(1, 'story-removed', '{"id":1}') + formatFrame(2, 'story-removed', '{"id":2}'),
    );
    hub.remove(nine);
    hub.heartbeat();
    expect(nine.fake.written).not.toContain(HEARTBEAT_FRAME);
    expect(site.fake.written.endsWith(HEARTBEAT_FRAME)).toBe(true);
  });

  it('sends the heartbeat in slices: each stream once per round of slices, no slice to all of them', () => {
    const hub = new LiveHub();
    hub.load([], 0);
    const streams = Array.from({ length: 10 }, () => stream());
    for (const s of streams) hub.add(s);
    const beats = () => streams.map((s) => s.fake.written.split(HEARTBEAT_FRAME).length - 1);
    hub.heartbeat(0, 4);
    expect(beats().filter((n) => n === 1).length).toBe(3);
    hub.heartbeat(1, 4);
    hub.heartbeat(2, 4);
    hub.heartbeat(3, 4);
    expect(beats()).toEqual(streams.map(() => 1));
  });

  it('drops a stream whose unsent bytes exceed the limit', () => {
    const hub = new LiveHub();
    hub.load([], 0);
    const slow = stream();
    hub.add(slow);
    slow.fake.writableLength = LIVE_MAX_BUFFERED_BYTES + 1;
    hub.heartbeat();
    expect(slow.fake.destroyed).toBe(true);
    expect(hub.streams.size).toBe(0);
    expect(hub.dropped).toBe(1);
  });
});
