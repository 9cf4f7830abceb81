import http from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { escapeHtml } from '../plugins/html-escape.ts';
import { errorCacheControl } from '../plugins/http-cache.ts';

/**
 * A small self-contained HTML error page for browsers whose page URL cannot be served at all
 * (bad percent-encoding, a URL longer than the server accepts): readers get a page with a way
 * home instead of a JSON body. Everything is inline (no script), so it needs nothing else.
 */
export function errorPageHtml(status: number, message: string): string {
  const title = `${status} ${http.STATUS_CODES[status] ?? 'Error'}`;
  return `<!doctype html>
<html lang="en-GB">
<head>
<meta charset="UTF-8" />
<meta name="viewport" content="width=device-width, initial-scale=1" />
<meta name="robots" content="noindex" />
<title>${escapeHtml(title)}</title>
<style>
body{margin:0;font-family:Arial,Helvetica,sans-serif;color:#111;background:#fff}
header{background:#d7000f;color:#fff;padding:16px}
header a{color:#fff;font:700 28px/1 Impact,'Arial Narrow',sans-serif;text-transform:uppercase;text-decoration:none}
main{max-width:40rem;margin:0 auto;padding:32px 16px}
h1{font:400 40px/1.1 Impact,'Arial Narrow',sans-serif;text-transform:uppercase;margin:0 0 16px}
main a{color:#d7000f;font-weight:700}
a:focus-visible{outline:3px solid #111;outline-offset:3px}
</style>
</head>
<body>
<header><a href="/">Home</a></header>
<main>
<h1>${escapeHtml(title)}</h1>
<p>${escapeHtml(message)}</p>
<p><a href="/">Back to the front page</a></p>
</main>
</body>
</html>
`;
}

/** True when the client asked for a page (a browser navigation) rather than data. */
export function wantsHtml(request: FastifyRequest): boolean {
  const accept = request.headers.accept;
  return typeof accept === 'string' && /\btext\/html\b/i.test(accept);
}

/** Answers an HTML error page (kept by a shared cache only when the URL alone decides it: errorCacheControl). */
export function sendErrorPage(reply: FastifyReply, status: number, message: string): FastifyReply {
  return reply
    .code(status)
    .header('content-type', 'text/html; charset=utf-8')
    .header('cache-control', errorCacheControl(reply.request.method, status))
    .header('x-content-type-options', 'nosniff')
    .send(errorPageHtml(status, message));
}

/**
 * Node's HTTP parser refuses a request before Fastify sees it (a URL or headers over the size
 * limit, a malformed request line): the answer is the HTML error page, then the socket closes.
 */
export function clientErrorHandler(error: Error & { code?: string }, socket: Socket): void {
  if (!socket.writable) {
    socket.destroy();
    return;
  }
  const tooLarge = error.code === 'HPE_HEADER_OVERFLOW';
  const status = tooLarge ? 431 : 400;
  const body = errorPageHtml(
    status,
    tooLarge ? 'The address of this page is too long for our server.' : 'The request could not be understood.',
  );
  socket.end(
    `HTTP/1.1 ${status} ${http.STATUS_CODES[status]}\r\nContent-Type: text/html; charset=utf-8\r\n` +
      `Content-Length: ${Buffer.byteLength(body)}\r\nCache-Control: no-store\r\nX-Content-Type-Options: nosniff\r\n` +
      `Connection: close\r\n\r\n${body}`,
  );
}
