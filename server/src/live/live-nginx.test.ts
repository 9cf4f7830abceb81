import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIVE_STREAM_PATH } from '../../../common/live-stream-contract.ts';
import { startNginxFront, type NginxFront } from '../test-support/nginx-front.ts';
import { openSse, type SseClient } from '../test-support/sse-client.ts';
import { createTestApp, type TestApp } from '../test-support/test-app.ts';

// The live stream through the shipped nginx (deploy/nginx.conf templated to this instance): events
// and heartbeats pass at once, nothing is compressed, and no stream is ever answered from the cache.

let t: TestApp;
let nginx: NginxFront;
const open: SseClient[] = [];
const removed = (id: number) => ({ id, slug: `s-${id}`, category: 'News' });

async function stream(headers: Record<string, string> = {}): Promise<SseClient> {
  const c = await openSse(`${nginx.baseUrl}${LIVE_STREAM_PATH}`, headers);
  open.push(c);
  await c.waitFor(() => c.raw().includes('retry:'), 3_000);
  return c;
}

beforeAll(async () => {
  t = await createTestApp({ listen: true, env: { LIVE_HEARTBEAT_MS: '300', TRUST_PROXY: '127.0.0.1' } });
  nginx = await startNginxFront(`127.0.0.1:${t.port}`);
}, 60_000);
afterAll(async () => {
  for (const c of open) c.close();
  await nginx?.stop();
  await t?.close();
});

describe('the live stream through nginx', () => {
  it('passes an event on at once, uncompressed and marked uncacheable', async () => {
    const c = await stream({ 'accept-encoding': 'gzip, br' });
    expect(c.status).toBe(200);
    expect(c.headers['content-type']).toBe('text/event-stream; charset=utf-8');
    expect(c.headers['content-encoding']).toBeUndefined();
    expect(c.headers['cache-control']).toBe('no-store');
    const started = performance.now();
    const { id } = await t.app.live.publish('story-removed', removed(1));
    await c.waitFor((m) => m.some((e) => e.id === String(id)), 1_000);
    expect(performance.now() - started).toBeLessThan(500);
  });

  it('passes the heartbeat comment of an idle stream through', async () => {
    const c = await stream();
    await c.waitFor((m) => m.some((e) => e.comments.includes('keep-alive')), 2_000);
  });

  it('never answers a stream from its cache: every stream reaches the app and gets what it asks for', async () => {
    for (const c of open.splice(0)) c.close();
    await expect.poll(() => t.app.liveHub.streams.size).toBe(0);
    const first = await stream({ 'last-event-id': '0' });
    const before = t.app.live.lastEventId();
    const { id } = await t.app.live.publish('story-removed', removed(2));
    await first.waitFor((m) => m.some((e) => e.id === String(id)));
    // The same URL again: a new stream from the app (with the newer replay), not a stored copy.
    const second = await stream({ 'last-event-id': String(before) });
    await second.waitFor((m) => m.some((e) => e.id === String(id)));
    expect(second.events().map((e) => Number(e.id))).toEqual([id]);
    expect(t.app.liveHub.streams.size).toBe(2);
    expect(first.headers['x-cache-status']).toBeUndefined();
    expect(second.headers['x-cache-status']).toBeUndefined();
  });
});
