import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';

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
