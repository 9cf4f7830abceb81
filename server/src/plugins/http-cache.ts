import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { encodedAs, etagFor, negotiateEncoding, type EncodedBody } from '../rendering/encoded-body.ts';

/** Short public caching for the public API: browsers and CDNs may reuse a list for 30 s. */
export const PUBLIC_API_CACHE_CONTROL = 'public, max-age=30, stale-while-revalidate=60';

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
 * Sends a body with its ETag and caching headers, or a bodiless 304 when If-None-Match matches.
 * `contentType` is only set on the 200.
 */
export function sendCached(
  request: FastifyRequest,
  reply: FastifyReply,
  body: string | Buffer,
  etag: string,
  { cacheControl, contentType, status = 200 }: { cacheControl: string; contentType: string; status?: number },
): FastifyReply {
  reply.header('cache-control', cacheControl).header('etag', etag).header('x-content-type-options', 'nosniff');
  if (status === 200 && ifNoneMatchHits(request.headers['if-none-match'], etag)) {
    return reply.code(304).send();
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
  return sendCached(request, reply, body, etagFor(entry, coding), options);
}
