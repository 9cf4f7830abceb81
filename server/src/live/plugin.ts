import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import type { LiveEventPayloads, LiveEventType, LiveTopic } from '../../../common/live-stream-contract.ts';
import { notify as pgNotify } from '../db/index.ts';
import type { ServerTelemetry } from '../telemetry/server-telemetry.ts';
import { LIVE_REPLAY_EVENTS, LiveHub } from './live-hub.ts';
import { LiveEventsRepository } from './repositories/live-events-repository.ts';
import { registerLiveStream } from './stream-route.ts';

/** The PostgreSQL channel on which an instance says that it appended events to the log. */
export const LIVE_EVENTS_CHANNEL = 'tabloid_live_events';

/** Events are kept in the table this long (a day), then pruned. */
export const LIVE_RETENTION_MS = 24 * 60 * 60_000;
/** How often an instance prunes the table. */
export const LIVE_PRUNE_EVERY_MS = 60 * 60_000;
/** Events read from the log per query. */
const PULL_BATCH = 500;

/** What other features call: `app.live.publish(...)` after their transaction committed. */
export interface Live {
  /**
   * Appends an event to the log and sends it to every instance's streams (this one's before the
   * promise resolves). Call it after the change it tells of is committed; a failure rejects (the
   * caller logs it and carries on: its change stands).
   */
  publish<T extends LiveEventType>(type: T, data: LiveEventPayloads[T], topic?: LiveTopic): Promise<{ id: number }>;
  /** The newest event id this instance knows: pages embed it, and a stream opened later replays from there. */
  lastEventId(): number;
}

declare module 'fastify' {
  interface FastifyInstance {
    live: Live;
    /** The open streams and the replay window of this instance (live/live-hub.ts). */
    liveHub: LiveHub;
  }
}

/**
 * Live updates (decision 036): the event log (table live_events), its fan-out to this instance's
 * streams, and GET /live/stream. One code path on both databases: whoever appends an event asks
 * every instance to read the log after the newest id it has (`pull`): in-process on SQLite, and on
 * PostgreSQL also through NOTIFY to the other instances, each of which pulls too (and pulls again
 * whenever its listener reconnects, since notifications sent meanwhile are lost).
 */
export interface LivePluginOptions {
  /** Server telemetry: the open streams are reported as the gauge `live.streams.open`. */
  telemetry?: Pick<ServerTelemetry, 'observeGauge'> | null;
}

/** The gauge of the open streams of an instance. */
export const LIVE_STREAMS_METRIC = 'live.streams.open';

export default fp<LivePluginOptions>(
  async function livePlugin(app: FastifyInstance, options) {
    const { database } = app;
    const repository = new LiveEventsRepository(database);
    const hub = new LiveHub();
    hub.load(await repository.recent(LIVE_REPLAY_EVENTS), await repository.maxId());
    app.decorate('liveHub', hub);

    // Pulls run one after the other; calls made while one waits to start share it (it reads everything
    // committed before it starts).
    let queued: Promise<void> | null = null;
    let tail: Promise<void> = Promise.resolve();
    const pullOnce = async () => {
      for (;;) {
        const rows = await repository.after(hub.lastId, PULL_BATCH);
        hub.deliver(rows);
        if (rows.length < PULL_BATCH) return;
      }
    };
    const pull = (): Promise<void> => {
      if (queued) return queued;
      const next = tail
        .then(() => {
          queued = null;
          return pullOnce();
        })
        .catch((err: unknown) => {
          app.log.warn({ err }, 'could not read the live event log (streams get the events at the next pull)');
        });
      queued = next;
      tail = next;
      return next;
    };

    let notifyOthers: (id: number) => Promise<void> = async () => undefined;
    let stopListener: () => Promise<void> = async () => undefined;
    if (database.dialect === 'postgres' && database.connectionString) {
      // Loaded on PostgreSQL only: the embedded database never loads the pg driver.
      const { PgListener } = await import('../db/pg-listener.ts');
      const listener = new PgListener({
        connectionString: database.connectionString,
        channel: LIVE_EVENTS_CHANNEL,
        onMessage: () => void pull(),
        onConnected: () => void pull(),
        log: app.log,
      });
      await listener.start();
      notifyOthers = (id) => pgNotify(database, LIVE_EVENTS_CHANNEL, String(id));
      stopListener = () => listener.stop();
    }

    const live: Live = {
      async publish(type, data, topic = 'site') {
        const id = await repository.append({
          topic,
          type,
          data: JSON.stringify(data),
          createdAt: new Date().toISOString(),
        });
        notifyOthers(id).catch((err: unknown) => {
          app.log.warn(
            { err, id },
            'could not notify other instances of a live event (they read it at their next pull)',
          );
        });
        await pull();
        return { id };
      },
      lastEventId: () => hub.lastId,
    };
    app.decorate('live', live);

    // The window's age limit, and the table's retention now and then.
    let pruning: Promise<unknown> = Promise.resolve();
    const prune = () => {
      pruning = repository.prune(new Date(Date.now() - LIVE_RETENTION_MS).toISOString()).catch((err: unknown) => {
        app.log.warn({ err }, 'could not prune the live event log');
      });
    };
    const pruneTimer = setInterval(() => {
      hub.trim();
      prune();
    }, LIVE_PRUNE_EVERY_MS);
    pruneTimer.unref();
    prune();

    registerLiveStream(app, pull);
    options.telemetry?.observeGauge(
      LIVE_STREAMS_METRIC,
      'Open live event streams (GET /live/stream) on this instance',
      () => hub.streams.size,
    );

    app.addHook('onClose', async () => {
      clearInterval(pruneTimer);
      await stopListener();
      await Promise.all([tail, pruning]);
    });
  },
  { name: 'live' },
);
