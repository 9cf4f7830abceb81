import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { LIVE_STREAM_PATH } from '../../../common/live-stream-contract.ts';
import { freePort } from '../test-support/auth-test-app.ts';
import { createTestPostgresDatabase, type TestPostgresDatabase } from '../test-support/postgres-databases.ts';
import { startInstance, type Instance } from '../test-support/postgres-instances.ts';
import { openSse, type SseClient } from '../test-support/sse-client.ts';

// Two instances on one PostgreSQL database: an event published on either reaches the streams of both,
// in id order, none missed, also when one instance's listener lost its connection meanwhile.

describe('live events across instances', () => {
  let pg: TestPostgresDatabase;
  let a: Instance;
  let b: Instance;
  const open: SseClient[] = [];

  async function stream(instance: Instance, headers: Record<string, string> = {}): Promise<SseClient> {
    const c = await openSse(`${instance.origin}${LIVE_STREAM_PATH}`, headers);
    open.push(c);
    await c.waitFor(() => c.raw().includes('retry:'));
    return c;
  }
  const removed = (id: number) => ({ id, slug: `s-${id}`, category: 'News' });

  beforeAll(async () => {
    pg = await createTestPostgresDatabase();
    const portA = await freePort();
    const publicUrl = `http://127.0.0.1:${portA}`;
    [a, b] = await Promise.all([startInstance(pg.url, publicUrl, {}, portA), startInstance(pg.url, publicUrl)]);
  });
  afterEach(() => {
    for (const c of open.splice(0)) c.close();
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
    await pg?.drop();
  });

  it('an event published on A reaches a stream on B within 2 s', async () => {
    const onB = await stream(b);
    const started = Date.now();
    const { id } = await a.app.live.publish('story-removed', removed(1));
    await onB.waitFor((m) => m.some((e) => e.id === String(id)), 2_000);
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(b.app.live.lastEventId()).toBe(id);
  });

  it('events published at once on both instances reach every stream in id order, none missed or twice', async () => {
    const onA = await stream(a);
    const onB = await stream(b);
    const published = await Promise.all(
      Array.from({ length: 40 }, (_, i) => (i % 2 ? a : b).app.live.publish('story-removed', removed(i))),
    );
    const ids = published.map((p) => p.id).sort((x, y) => x - y);
    for (const c of [onA, onB]) {
      await c.waitFor((m) => m.filter((e) => e.event).length >= ids.length, 5_000);
      expect(c.events().map((e) => Number(e.id))).toEqual(ids);
    }
  });

  it('a stream on B accepts, at once, the newest id A handed out (no reload)', async () => {
    const { id } = await a.app.live.publish('story-removed', removed(2));
    const onB = await stream(b, { 'last-event-id': String(id) });
    const next = await a.app.live.publish('story-removed', removed(3));
    await onB.waitFor((m) => m.some((e) => e.id === String(next.id)), 2_000);
    expect(onB.events().map((e) => Number(e.id))).toEqual([next.id]);
  });

  it('B reads what it missed while its listener was disconnected as soon as it is back', async () => {
    const onB = await stream(b);
    // Every listener connection of both instances goes; A publishes while B cannot hear it.
    await sql`select pg_terminate_backend(pid) from pg_stat_activity
              where application_name = 'tabloid-listener' and datname = current_database()`.execute(a.database.db);
    const { id } = await a.app.live.publish('story-removed', removed(4));
    await onB.waitFor((m) => m.some((e) => e.id === String(id)), 5_000);
  });
});
