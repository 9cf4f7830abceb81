import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { LIVE_STREAM_PATH } from '../../../common/live-stream-contract.ts';
import { sendProblem } from '../plugins/problem.ts';
import { ProblemSchema } from '../routes/news/schemas.ts';
import { endRequestSpanEarly } from '../telemetry/request-span.ts';
import { LIVE_MAX_BUFFERED_BYTES, reloadFrame, type LiveStream } from './live-hub.ts';

/** What EventSource waits before it reconnects after the stream broke. */
export const LIVE_RETRY_MS = 3_000;
/** Retry-After (s) of the 503 beyond the connection limit and while the instance shuts down. */
export const LIVE_BUSY_RETRY_AFTER_S = 5;

/** The heartbeat period is cut into this many slices of streams (see LiveHub.heartbeat). */
export const HEARTBEAT_SLICES = 25;

/** A random reconnection delay for the streams ended at shutdown: they do not all come back at once. */
export function shutdownRetryMs(): number {
  return 1_000 + Math.floor(Math.random() * 4_001);
}

const StreamQuerySchema = Type.Object({
  article: Type.Optional(
    Type.Integer({ minimum: 1, maximum: 2_147_483_647, description: "Also this live article's entry events" }),
  ),
  lastEventId: Type.Optional(
    Type.Integer({
      minimum: 0,
      maximum: Number.MAX_SAFE_INTEGER,
      description: 'Replay the events after this id (for clients that cannot send the Last-Event-ID header)',
    }),
  ),
});

/** Last-Event-ID as EventSource sends it: the id of the last event received (anything else: absent). */
function headerEventId(raw: string | string[] | undefined): number | undefined {
  const value = Array.isArray(raw) ? raw[0] : raw;
  if (value === undefined || !/^[0-9]{1,15}$/.test(value.trim())) return undefined;
  return Number(value.trim());
}

/**
 * GET /live/stream[?article={id}]: the server-sent events every public page keeps open (decision 036,
 * common/live-stream-contract.ts). The answer is written on the raw response (the reply is hijacked): its
 * headers here, `retry:` and a comment first, then the replay the Last-Event-ID asks for, then every
 * event as it comes. A stream holds nothing but its response and its article id (live-hub.ts).
 */
export function registerLiveStream(fastify: FastifyInstance, pull: () => Promise<void>): void {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const hub = app.liveHub;
  const { maxStreams, heartbeatMs } = app.config.live;
  let closing = false;

  // The heartbeat goes out in slices, one every heartbeatMs / HEARTBEAT_SLICES (LiveHub.heartbeat).
  let tick = 0;
  const heartbeat = setInterval(
    () => hub.heartbeat(tick++ % HEARTBEAT_SLICES, HEARTBEAT_SLICES),
    heartbeatMs / HEARTBEAT_SLICES,
  );
  heartbeat.unref();

  app.get(
    LIVE_STREAM_PATH,
    {
      schema: {
        tags: ['live'],
        summary: 'The live event stream (text/event-stream)',
        description:
          'Server-sent events: story events for every page, entry events of `article`. Reconnecting with ' +
          '`Last-Event-ID` (or `lastEventId`) replays the events after it, or sends one `reload` event.',
        querystring: StreamQuerySchema,
        response: {
          200: Type.String({ description: 'text/event-stream' }),
          400: ProblemSchema,
          503: ProblemSchema,
        },
      },
    },
    async (request, reply) => {
      if (closing) {
        return sendProblem(reply, 503, 'This server is shutting down: connect again.', {
          headers: { 'retry-after': String(LIVE_BUSY_RETRY_AFTER_S) },
        });
      }
      if (hub.streams.size >= maxStreams) {
        return sendProblem(reply, 503, 'Too many live streams on this server: connect again later.', {
          headers: { 'retry-after': String(LIVE_BUSY_RETRY_AFTER_S) },
        });
      }
      const articleId = request.query.article ?? 0;
      const lastEventId = headerEventId(request.headers['last-event-id']) ?? request.query.lastEventId;
      // An id from a page another instance served may be a little ahead of this one: read the log first.
      if (lastEventId !== undefined && lastEventId > app.live.lastEventId()) await pull();

      reply.hijack();
      endRequestSpanEarly(request, 200);
      const res = reply.raw;
      // The reader may have gone while the log was read: nothing to open.
      if (res.destroyed || request.raw.socket.destroyed) return reply;
      res.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-store',
        'x-accel-buffering': 'no',
        'x-content-type-options': 'nosniff',
        'x-request-id': request.id,
      });
      // HEAD (a health check, a prefetch): the headers only, no stream kept open.
      if (request.method === 'HEAD') {
        res.end();
        return reply;
      }
      request.raw.socket.setNoDelay(true);
      request.raw.socket.setKeepAlive(true, 60_000);
      // An open stream is not a request being answered: the share workers need not wait for it.
      app.requestActivity.release(res);
      let first = `retry: ${LIVE_RETRY_MS}\n: live\n\n`;
      if (lastEventId !== undefined) {
        const replay = hub.replay(lastEventId, articleId).join('');
        // More than a stream may hold unsent: the page fetches its data again instead.
        first += replay.length > LIVE_MAX_BUFFERED_BYTES ? reloadFrame(hub.lastId) : replay;
      }
      res.write(first);
      const stream: LiveStream = { res, articleId };
      hub.add(stream);
      res.once('close', () => hub.remove(stream));
      request.log.info({ article: articleId || undefined, lastEventId }, 'live stream opened');
      return reply;
    },
  );

  // Before the server stops: every stream gets a random retry and ends, new ones are refused, so
  // close() never waits on them and the readers reconnect to another instance.
  app.addHook('preClose', (done) => {
    closing = true;
    clearInterval(heartbeat);
    hub.closeAll(shutdownRetryMs);
    done();
  });
}
