import http, { type IncomingMessage, type OutgoingHttpHeaders, type ServerResponse } from 'node:http';
import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyReply, FastifyServerOptions } from 'fastify';
import { negotiateEncoding } from '../rendering/encoded-body.ts';
import type { RequestActivity } from './request-activity.ts';
import {
  accessLineWriter,
  accessLogger,
  redactUrl,
  requestIdFrom,
  type AccessLineFields,
} from '../telemetry/logger.ts';

/**
 * Replayed public answers: a cached public response (a news list, a rendered page) is answered
 * again, for the same request, before Fastify sees it: the same status, headers and body bytes as
 * the last time Fastify answered it, with this request's id, and the same access line. Fastify's
 * per-request work (request and reply objects, routing, query validation, hooks, the reply
 * pipeline) was most of what a cached answer cost.
 *
 * What is replayed: an answer that a route marked (sendEncoded's `replay` option, after taking its
 * body from a cache) to a plain GET, stored under the request's exact URL, Host, scheme and
 * negotiated content coding. It lives no longer than the cache entry it came from (the same
 * expiry), and every entry is dropped when the news cache is cleared (any editorial change, also
 * one announced by another instance). A request that could be answered differently falls through
 * to Fastify: HEAD and other methods, conditional requests (If-None-Match, If-Modified-Since),
 * requests with credentials (Cookie, Authorization), forwarded headers (X-Forwarded-*, Forwarded)
 * or a body. Off while telemetry is on (its spans are per request), at log levels that write the
 * request as it arrives (debug, trace), and while the server closes.
 */

interface Replay {
  status: number;
  /**
   * The answer's headers as Fastify sent them, as writeHead's flat name/value list, x-request-id
   * first: its value (index 1) is this request's id, set just before the list is written (built
   * once per entry rather than an object per request).
   */
  head: Array<string | string[]>;
  body: Buffer;
  expires: number;
}

interface Mark {
  body: Buffer;
  expires: number;
  generation: number;
}

const MARK = Symbol('public-replay');

export const REPLAY_MAX_ENTRIES = 1_000;

/** Headers whose presence makes a request someone else's business than a cached public answer. */
const FALL_THROUGH_HEADERS = new Set([
  'cookie',
  'authorization',
  'if-none-match',
  'if-modified-since',
  'x-forwarded-for',
  'x-forwarded-host',
  'x-forwarded-proto',
  'forwarded',
  'content-length',
  'transfer-encoding',
]);
/** The header names replay reads or falls through on, by length (most names need no lower-casing). */
const NAME_LENGTHS = new Set([...FALL_THROUGH_HEADERS, 'host', 'accept-encoding', 'x-request-id'].map((n) => n.length));

/** What replay needs from a request's headers. */
interface RequestFacts {
  host: string | undefined;
  acceptEncoding: string | undefined;
  /** `x-request-id`, its lines joined by ', ' as Node joins them. */
  requestId: string | undefined;
}

/**
 * Reads the request's header lines as the parser gave them (`rawHeaders`) rather than `headers`,
 * which Node builds on first use, one property per line: replay reads three headers and the absence
 * of ten. Undefined when a fall-through header is present. Repeated lines count as Node counts
 * them: the first Host, the others joined.
 */
function requestFacts(raw: string[]): RequestFacts | undefined {
  let host: string | undefined;
  let acceptEncoding: string | undefined;
  let requestId: string | undefined;
  for (let i = 0; i < raw.length; i += 2) {
    const name = raw[i]!;
    if (!NAME_LENGTHS.has(name.length)) continue;
    const lower = name.toLowerCase();
    if (lower === 'host') host ??= raw[i + 1];
    else if (lower === 'accept-encoding')
      acceptEncoding = acceptEncoding === undefined ? raw[i + 1] : `${acceptEncoding}, ${raw[i + 1]}`;
    else if (lower === 'x-request-id') requestId = requestId === undefined ? raw[i + 1] : `${requestId}, ${raw[i + 1]}`;
    else if (FALL_THROUGH_HEADERS.has(lower)) return undefined;
  }
  return { host, acceptEncoding, requestId };
}

export class PublicReplay {
  private readonly entries = new Map<string, Replay>();
  /** Bumped by clear(): an answer built from a cache read before the clear is not kept. */
  generation = 0;
  enabled = true;
  private access: ((fields: AccessLineFields) => void) | null = null;
  private readonly maxEntries: number;
  private readonly now: () => number;

  constructor(options: { maxEntries?: number; now?: () => number } = {}) {
    this.maxEntries = options.maxEntries ?? REPLAY_MAX_ENTRIES;
    this.now = options.now ?? (() => Date.now());
  }

  /** Writes the access lines (null: access lines are not written at the configured level). */
  setAccessLine(write: ((fields: AccessLineFields) => void) | null): void {
    this.access = write;
  }

  /** The key of a request that may be replayed, undefined for one that must go to Fastify. */
  keyOf(req: IncomingMessage): string | undefined {
    return this.lookup(req)?.key;
  }

  private lookup(req: IncomingMessage): { key: string; facts: RequestFacts } | undefined {
    if (req.method !== 'GET' || !req.url) return undefined;
    const facts = requestFacts(req.rawHeaders);
    if (!facts) return undefined;
    const coding = negotiateEncoding(facts.acceptEncoding) ?? '';
    const scheme = (req.socket as { encrypted?: boolean }).encrypted ? 'https' : 'http';
    return { key: `${coding} ${scheme} ${facts.host ?? ''} ${req.url}`, facts };
  }

  /** Answers `req` from a replayed answer; false when Fastify must answer it. */
  serve(req: IncomingMessage, res: ServerResponse): boolean {
    if (!this.enabled || this.entries.size === 0) return false;
    const found = this.lookup(req);
    if (found === undefined) return false;
    const { key, facts } = found;
    const hit = this.entries.get(key);
    if (!hit) return false;
    if (hit.expires <= this.now()) {
      this.entries.delete(key);
      return false;
    }
    const started = performance.now();
    // The request has no body (one with a body goes to Fastify): read, it needs none of the stream
    // work Node does to drain an unread request after its answer (resume, end, destroy: half of a
    // replayed answer's process.nextTick callbacks, docs/decisions/030).
    req.read();
    const id = requestIdFrom(facts.requestId);
    hit.head[1] = id;
    res.writeHead(hit.status, hit.head);
    res.end(hit.body);
    // The answer is with the socket (a small body is written at once): its access line now,
    // without a listener per request.
    this.access?.({
      reqId: id,
      method: 'GET',
      url: redactUrl(req.url!),
      host: facts.host,
      remoteAddress: req.socket.remoteAddress,
      remotePort: req.socket.remotePort,
      statusCode: hit.status,
      // In milliseconds to the microsecond (a shorter number to write than the full fraction).
      responseTime: Math.round((performance.now() - started) * 1000) / 1000,
    });
    return true;
  }

  /**
   * Called by a route after it took `body` from a cache whose entry expires at `expires`, with
   * the replay generation read before the cache was consulted.
   */
  mark(reply: FastifyReply, body: Buffer, expires: number, generation: number): void {
    if (!this.enabled || reply.request.method !== 'GET') return;
    (reply.raw as ServerResponse & { [MARK]?: Mark })[MARK] = { body, expires, generation };
  }

  /** After a marked answer went out: keeps it for replay (Fastify's onResponse). */
  capture(reply: FastifyReply): void {
    const mark = (reply.raw as ServerResponse & { [MARK]?: Mark })[MARK];
    if (!mark || mark.generation !== this.generation || !this.enabled) return;
    const status = reply.statusCode;
    if (status !== 200 && status !== 404) return;
    const key = this.keyOf(reply.request.raw);
    if (key === undefined || mark.expires <= this.now()) return;
    const headers = reply.getHeaders() as OutgoingHttpHeaders;
    // The body sent must be the marked one (an onSend hook could have replaced it).
    if (String(headers['content-length']) !== String(mark.body.length)) return;
    const head: Replay['head'] = ['x-request-id', ''];
    for (const [name, value] of Object.entries(headers))
      if (name !== 'x-request-id' && value !== undefined)
        head.push(name, typeof value === 'number' ? String(value) : value);
    this.entries.delete(key);
    this.entries.set(key, { status, head, body: mark.body, expires: mark.expires });
    if (this.entries.size > this.maxEntries) this.sweep();
  }

  /** Drops expired entries, then the oldest ones down to the bound. */
  private sweep(): void {
    const now = this.now();
    for (const [key, entry] of this.entries) if (entry.expires <= now) this.entries.delete(key);
    for (const key of this.entries.keys()) {
      if (this.entries.size <= this.maxEntries) break;
      this.entries.delete(key);
    }
  }

  clear(): void {
    this.generation++;
    this.entries.clear();
  }

  get size(): number {
    return this.entries.size;
  }
}

/**
 * Fastify's serverFactory: the HTTP/1.1 server Fastify would create (same options), whose
 * requests are offered to `replay` before Fastify's handler; those Fastify answers are counted by
 * `activity`.
 */
export function replayingServerFactory(
  replay: PublicReplay,
  activity: RequestActivity,
): NonNullable<FastifyServerOptions['serverFactory']> {
  return (handler, options) => {
    // Fastify's options with its defaults filled in (the ones its own server factory reads).
    const server = http.createServer((options.http ?? {}) as http.ServerOptions, (req, res) => {
      if (replay.serve(req, res)) return;
      activity.track(res);
      handler(req, res);
    });
    const number = (value: unknown) => (typeof value === 'number' ? value : undefined);
    const keepAliveTimeout = number(options.keepAliveTimeout);
    const requestTimeout = number(options.requestTimeout);
    const maxRequestsPerSocket = number(options.maxRequestsPerSocket);
    if (keepAliveTimeout !== undefined) server.keepAliveTimeout = keepAliveTimeout;
    if (requestTimeout !== undefined) server.requestTimeout = requestTimeout;
    server.setTimeout(number(options.connectionTimeout) ?? 0);
    if (maxRequestsPerSocket) server.maxRequestsPerSocket = maxRequestsPerSocket;
    return server;
  };
}

/**
 * Wires `replay` into the app: entries are dropped on every news-cache clear, marked answers are
 * kept after they went out, replay stops when the server closes.
 */
export default fp(
  async function publicReplay(app: FastifyInstance, { replay }: { replay: PublicReplay }) {
    app.decorate('publicReplay', replay);
    const { logger, infoEnabled, debugEnabled } = accessLogger(app);
    // At debug the request is logged as it arrives (telemetry/logger.ts): only Fastify does that.
    if (debugEnabled()) replay.enabled = false;
    if (infoEnabled()) {
      // pino's own line where the logger is not a plain pino logger (a test's stand-in).
      const write = accessLineWriter(logger);
      replay.setAccessLine(
        write ??
          ((f) =>
            logger.info(
              {
                reqId: f.reqId,
                req: {
                  method: f.method,
                  url: f.url,
                  host: f.host,
                  remoteAddress: f.remoteAddress,
                  remotePort: f.remotePort,
                },
                res: { statusCode: f.statusCode },
                responseTime: f.responseTime,
              },
              'request completed',
            )),
      );
    } else replay.setAccessLine(null);
    app.newsCache.onClear(() => replay.clear());
    app.addHook('onResponse', (_request, reply, done) => {
      replay.capture(reply);
      done();
    });
    app.addHook('preClose', (done) => {
      replay.enabled = false;
      replay.clear();
      done();
    });
  },
  { name: 'public-replay', dependencies: ['news'] },
);
