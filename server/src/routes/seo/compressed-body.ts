import { brotliCompress, brotliCompressSync, constants, gzip, gzipSync } from 'node:zlib';
import { promisify } from 'node:util';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { etagOf, sendCached, validatorTimes } from '../../plugins/http-cache.ts';

/** A body compressed once when cached: identity, gzip and brotli bytes, each with its own ETag. */
export interface CompressedBody {
  identity: Buffer;
  gzip: Buffer;
  br: Buffer;
  etag: string;
}

export function compressBody(text: string): CompressedBody {
  const identity = Buffer.from(text, 'utf8');
  return {
    identity,
    gzip: gzipSync(identity, { level: 6 }),
    br: brotliCompressSync(identity, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } }),
    etag: etagOf(identity),
  };
}

const gzipAsync = promisify(gzip);
const brotliAsync = promisify(brotliCompress);

/** The same without blocking the event loop (sitemap files run to megabytes). */
export async function compressBodyAsync(text: string): Promise<CompressedBody> {
  const identity = Buffer.from(text, 'utf8');
  const [gz, br] = await Promise.all([
    gzipAsync(identity, { level: 6 }),
    brotliAsync(identity, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } }),
  ]);
  return { identity, gzip: gz, br, etag: etagOf(identity) };
}

/** The client's best encoding we have: br, then gzip, else identity (q=0 excludes one). */
export function pickEncoding(header: string | string[] | undefined): 'br' | 'gzip' | 'identity' {
  const value = (Array.isArray(header) ? header.join(',') : (header ?? '')).toLowerCase();
  const accepted = new Set<string>();
  for (const part of value.split(',')) {
    const [name, ...params] = part.trim().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    if (name && !(q && Number(q.slice(2)) === 0)) accepted.add(name.trim());
  }
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip')) return 'gzip';
  return 'identity';
}

/** Sends the cached body in the best accepted encoding, with Vary, ETag and 304 handling. */
export function sendCompressed(
  request: FastifyRequest,
  reply: FastifyReply,
  body: CompressedBody,
  { contentType, cacheControl }: { contentType: string; cacheControl: string },
): FastifyReply {
  const encoding = pickEncoding(request.headers['accept-encoding']);
  reply.header('vary', 'Accept-Encoding');
  // One Last-Modified for every coding: the time this body's content was first sent.
  const lastModified = validatorTimes.lastModified(body.etag);
  if (encoding === 'identity')
    return sendCached(request, reply, body.identity, body.etag, { contentType, cacheControl, lastModified });
  reply.header('content-encoding', encoding);
  const etag = body.etag.replace(/"$/, `-${encoding}"`);
  return sendCached(request, reply, body[encoding], etag, { contentType, cacheControl, lastModified });
}
