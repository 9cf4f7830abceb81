import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeServer {
  /** http://127.0.0.1:PORT (no trailing slash). */
  baseUrl: string;
  close(): Promise<void>;
}

export type Handler = (
  req: http.IncomingMessage,
  res: http.ServerResponse,
  url: URL,
  body: string,
) => void | Promise<void>;

/** A plain node:http server on 127.0.0.1 (port 0 by default); hanging sockets are destroyed on close. */
export async function listen(handler: Handler, port = 0): Promise<FakeServer> {
  const sockets = new Set<import('node:net').Socket>();
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://127.0.0.1');
      Promise.resolve(handler(req, res, url, Buffer.concat(chunks).toString('utf8'))).catch((err) => {
        if (!res.headersSent) json(res, 500, { error: String(err) });
      });
    });
  });
  server.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const { port: actual } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${actual}`,
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}

export function json(
  res: http.ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', ...headers });
  res.end(JSON.stringify(body));
}

export function html(res: http.ServerResponse, status: number, body: string): void {
  res.writeHead(status, { 'content-type': 'text/html; charset=utf-8' });
  res.end(body);
}

export function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

export function randomToken(prefix: string, bytes = 24): string {
  return `${prefix}${Buffer.from(crypto.getRandomValues(new Uint8Array(bytes))).toString('base64url')}`;
}

/** Failure switches shared by both fakes. 'hang' accepts the request and never answers. */
export type FailureMode = 'rate-limit' | 'not-enrolled' | 'server-error' | 'hang' | 'expired' | null;
