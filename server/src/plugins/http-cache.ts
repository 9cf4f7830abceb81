import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { encodedAs, etagFor, negotiateEncoding, type EncodedBody } from '../rendering/encoded-body.ts';

/**
 * What anyone may read (public pages, the news lists, feeds and sitemaps): a shared cache (the
 * shipped nginx, a CDN) keeps it for a second and may answer with the stale copy for one more
 * second while it fetches the next (docs/decisions/028-shared-cache.md). A browser revalidates it
 * (a 304 when nothing changed), except that for a second after it fetched a page its own cache may
 * answer with that copy while it asks again (Chrome honours stale-while-revalidate). An
 * unpublished story is gone through the cache within 2 s.
 */
export const SHARED_CACHE_CONTROL = 'public, max-age=0, s-maxage=1, stale-while-revalidate=1';
/** The public news API: the same as the pages. */
export const PUBLIC_API_CACHE_CONTROL = SHARED_CACHE_CONTROL;
/** Admin pages and API, writes, and every answer to a request with credentials: kept by nobody. */
export const PRIVATE_CACHE_CONTROL = 'private, no-store';

/**
 * The errors whose answer to a GET or HEAD follows from the URL alone: a bad query (400), nothing
 * there (404, 410), a path that only takes other methods (405), an address too long (414). Like a
 * page, it is the same for every reader until the content changes, so a shared cache keeps it as
 * it keeps pages. Kept, a burst of requests for one such URL costs the app one request a second;
 * not kept, the shipped nginx lets them reach the app one at a time (concurrent misses of a key
 * wait for the one fetch, and an answer it may not store hands the key to the next waiter only).
 * Every other error (401, 403, 429, any 5xx) depends on who asks or on the moment: kept by nobody.
 * With credentials the shared-cache plugin makes any answer private.
 */
const URL_DETERMINED_ERRORS = new Set([400, 404, 405, 410, 414]);

/** The Cache-Control of an error answer (a problem or an error page) with `status` to `method`. */
export function errorCacheControl(method: string, status: number): string {
  return (method === 'GET' || method === 'HEAD') && URL_DETERMINED_ERRORS.has(status)
    ? SHARED_CACHE_CONTROL
    : 'no-store';
}

/** How many validators' first-seen times are kept (oldest out first). */
export const VALIDATOR_TIMES_MAX = 10_000;

/**
 * When this process first sent each entity tag, in whole seconds: the `Last-Modified` of that
 * representation. A body's ETag changes only when its content does, so the time its current ETag
 * was first seen is when the content last changed, as far as this process knows; an ETag seen
 * again (the same content rebuilt after a cache expiry) keeps its time. After a restart, or on
 * another instance, the time is later: a client's If-Modified-Since then gets the body again,
 * never a wrong 304.
 */
export class ValidatorTimes {
  readonly #times = new Map<string, number>();
  readonly #max: number;
  readonly #now: () => number;

  constructor({ max = VALIDATOR_TIMES_MAX, now = Date.now }: { max?: number; now?: () => number } = {}) {
    this.#max = max;
    this.#now = now;
  }

  /** The first-seen time (ms since the epoch, whole seconds) of `etag`. */
  lastModified(etag: string): number {
    const known = this.#times.get(etag);
    if (known !== undefined) return known;
    const time = Math.floor(this.#now() / 1000) * 1000;
    this.#times.set(etag, time);
    if (this.#times.size > this.#max) this.#times.delete(this.#times.keys().next().value!);
    return time;
  }
}

/** The process's validator times (shared by every cached answer). */
export const validatorTimes = new ValidatorTimes();

/** A strong ETag computed from the exact bytes of the body. */
export function etagOf(body: string | Buffer): string {
  return `"${createHash('sha1').update(body).digest('base64url')}"`;
}

/**
 * RFC 9110 If-None-Match: weak comparison, a list of tags or `*`.
 * True when the client's copy is current (answer 304).
 */
export function ifNoneMatchHits(header: string | string[] | undefined, etag: string): boolean {
  if (!header) return false;
  const value = Array.isArray(header) ? header.join(',') : header;
  if (value.trim() === '*') return true;
  const opaque = etag.replace(/^W\//, '');
  for (const part of value.split(',')) {
    if (part.trim().replace(/^W\//, '') === opaque) return true;
  }
  return false;
}

/**
 * RFC 9110 If-Modified-Since: true when the representation last changed at or before the date
 * given (answer 304). A date that does not parse is ignored.
 */
export function ifModifiedSinceHits(header: string | undefined, lastModified: number): boolean {
  if (!header) return false;
  const since = Date.parse(header);
  return !Number.isNaN(since) && lastModified <= since;
}

/**
 * Sends a body with its validators (ETag, Last-Modified) and caching headers, or a bodiless 304
 * when the client's copy is current: If-None-Match when the request has it, else
 * If-Modified-Since (RFC 9110 13.2.2). `contentType` is only set on the 200. `lastModified`
 * defaults to the time this process first sent `etag` (ValidatorTimes).
 */
export function sendCached(
  request: FastifyRequest,
  reply: FastifyReply,
  body: string | Buffer,
  etag: string,
  {
    cacheControl,
    contentType,
    status = 200,
    lastModified = validatorTimes.lastModified(etag),
  }: { cacheControl: string; contentType: string; status?: number; lastModified?: number },
): FastifyReply {
  reply
    .header('cache-control', cacheControl)
    .header('etag', etag)
    .header('last-modified', new Date(lastModified).toUTCString())
    .header('x-content-type-options', 'nosniff');
  if (status === 200 && (request.method === 'GET' || request.method === 'HEAD')) {
    const ifNoneMatch = request.headers['if-none-match'];
    const current = ifNoneMatch
      ? ifNoneMatchHits(ifNoneMatch, etag)
      : ifModifiedSinceHits(request.headers['if-modified-since'], lastModified);
    if (current) return reply.code(304).send();
  }
  return reply.code(status).header('content-type', contentType).send(body);
}

/**
 * Like sendCached, for a body kept with its compressed forms (rendering/encoded-body.ts): the
 * coding follows Accept-Encoding (brotli, gzip or none) with `Vary: Accept-Encoding`, each coding
 * with its own ETag. The cached bodies get their forms when they are cached (off the event loop);
 * `compress` says whether a missing form may be made now instead (once, kept on `entry` and reused
 * by an identical body later); without it only the forms `entry` carries are used.
 */
export function sendEncoded(
  request: FastifyRequest,
  reply: FastifyReply,
  entry: EncodedBody,
  options: {
    cacheControl: string;
    contentType: string;
    status?: number;
    compress?: boolean;
  },
): FastifyReply {
  const wanted = negotiateEncoding(request.headers['accept-encoding']);
  const encoded = wanted && (entry[wanted] ?? (options.compress ? encodedAs(entry, wanted) : undefined));
  const coding = encoded ? wanted : null;
  const body = encoded || entry.body;
  reply.header('vary', 'accept-encoding');
  if (coding) reply.header('content-encoding', coding);
  // One Last-Modified for every coding of a body: the time its content was first sent.
  return sendCached(request, reply, body, etagFor(entry, coding), {
    ...options,
    lastModified: validatorTimes.lastModified(entry.etag),
  });
}
