import type { FastifyRequest } from 'fastify';

const HOST = /^[a-z0-9.-]+(:\d{1,5})?$|^\[[0-9a-f:.]+\](:\d{1,5})?$/i;

/**
 * The origin a request came to, for the absolute URLs of pages, feeds and sitemaps when PUBLIC_URL
 * is not set: a Host that is no plain host[:port] counts as localhost, so a forged one can neither
 * break a URL nor make a cache keep a copy per made-up address.
 */
export function requestOrigin(request: FastifyRequest): string {
  const host = request.host && HOST.test(request.host) ? request.host : 'localhost';
  const protocol = request.protocol === 'https' ? 'https' : 'http';
  return `${protocol}://${host}`;
}
