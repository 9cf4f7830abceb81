import { describe, expect, it, vi } from 'vitest';
import { FakeEventSource, openFake } from '@/testing/fake-event-source';
import { connectLiveStream, LIVE_EVENT_TYPES, LiveHub } from './live-stream';

describe('LiveHub', () => {
  it('gives each event to the handlers of its type, once, in order; never an id it has seen', () => {
    const hub = new LiveHub();
    const got: number[] = [];
    const stop = hub.subscribe('story-removed', (e) => got.push(e.id));
    hub.dispatch('story-removed', JSON.stringify({ id: 1, slug: 'a', category: 'UK' }), '10');
    hub.dispatch('story-removed', JSON.stringify({ id: 2, slug: 'b', category: 'UK' }), '11');
    // a replay after a reconnection that overlaps what arrived
    expect(hub.dispatch('story-removed', JSON.stringify({ id: 2, slug: 'b', category: 'UK' }), '11')).toBe(false);
    expect(hub.dispatch('story-removed', JSON.stringify({ id: 1, slug: 'a', category: 'UK' }), '9')).toBe(false);
    expect(hub.lastSeen).toBe(11);
    stop();
    hub.dispatch('story-removed', JSON.stringify({ id: 3, slug: 'c', category: 'UK' }), '12');
    expect(got).toEqual([1, 2]);
  });

  it('skips events up to the id the page data stands at, and data that is not JSON', () => {
    const hub = new LiveHub();
    const handler = vi.fn();
    hub.subscribe('reload', handler);
    hub.seen(100);
    expect(hub.dispatch('reload', '{}', '100')).toBe(false);
    expect(hub.dispatch('reload', 'not json', '101')).toBe(false);
    expect(hub.dispatch('reload', '{}', '102')).toBe(true);
    expect(handler).toHaveBeenCalledTimes(1);
  });

  it('a failing handler does not keep the event from the others', () => {
    const hub = new LiveHub();
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const after = vi.fn();
    hub.subscribe('reload', () => {
      throw new Error('boom');
    });
    hub.subscribe('reload', after);
    hub.dispatch('reload', '{}', '1');
    expect(after).toHaveBeenCalledOnce();
    error.mockRestore();
  });
});

describe('connectLiveStream', () => {
  it('listens to every event type, reports its state and closes', () => {
    const hub = new LiveHub();
    const states: string[] = [];
    const close = connectLiveStream(hub, '/live/stream?article=5', openFake, (s) => states.push(s));
    const source = FakeEventSource.latest();
    expect(source.url).toBe('/live/stream?article=5');
    source.open();
    const seen: string[] = [];
    for (const type of LIVE_EVENT_TYPES) hub.subscribe(type, () => seen.push(type));
    source.send('entry-deleted', { id: 3, articleId: 5 }, 20);
    source.send('reload', {}, 21);
    expect(seen).toEqual(['entry-deleted', 'reload']);
    close();
    expect(source.closed).toBe(true);
    expect(states).toEqual(['connecting', 'open', 'closed']);
  });
});
