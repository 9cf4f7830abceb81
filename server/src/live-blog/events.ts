import type { FastifyInstance } from 'fastify';
import type { LiveEventPayloads, LiveEventType, LiveTopic } from '../../../common/live-stream-contract.ts';
import type { Live } from '../live/plugin.ts';

/** What this feature uses of the event stream (server/src/live, decision 036). */
export type LivePublisher = Pick<Live, 'publish' | 'lastEventId'>;

/** The event stream, when this process runs it. */
function publisherOf(app: FastifyInstance): LivePublisher | undefined {
  return app.hasDecorator('live') ? app.live : undefined;
}

/**
 * Sends one event to the readers' streams, after the change it announces has committed. The editor's
 * request never fails because of it: a failed publish is logged (readers catch up on their next read).
 */
export async function publishLiveEvent<T extends LiveEventType>(
  app: FastifyInstance,
  type: T,
  data: LiveEventPayloads[T],
  topic: LiveTopic,
): Promise<void> {
  const live = publisherOf(app);
  if (!live) return;
  try {
    await live.publish(type, data, topic);
  } catch (err) {
    app.log.error({ err, type, topic }, 'live event not published');
  }
}

/** The newest event id (0 without the event stream, or when it cannot be read). */
export async function lastLiveEventId(app: FastifyInstance): Promise<number> {
  const live = publisherOf(app);
  if (!live) return 0;
  try {
    return Number(await live.lastEventId()) || 0;
  } catch (err) {
    app.log.warn({ err }, 'last live event id not read');
    return 0;
  }
}
