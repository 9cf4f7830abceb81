import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  clock,
  percentile,
  SseResponseParser,
  startStreamWorkers,
  type SseMessage,
  type StreamFleet,
} from './bench-live-streams.ts';

// The live benchmark's load generator at a tiny scale, against a stand-in SSE server: its figures
// are only as good as its parsing and its bookkeeping of arrivals.
describe('bench:live load generator: SSE parsing', () => {
  const head = 'HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\nTransfer-Encoding: chunked\r\n\r\n';
  const chunk = (s: string) => `${Buffer.byteLength(s).toString(16)}\r\n${s}\r\n`;
  const body =
    chunk(': keep-alive\n\n') +
    chunk('id: 7\nevent: entry-added\ndata: {"entry":{"id":3,"text":"Prime Minister’s goose"}}\n\n') +
    chunk('id: 8\r\nevent: story-removed\r\ndata: {"id":4}\r\n\r\n');

  it('reads the status, the chunked body and the messages, whatever the bytes are split into', () => {
    const whole = Buffer.from(head + body, 'utf8');
    for (const cut of [1, 2, 3, 7, 13, whole.length]) {
      const got: SseMessage[] = [];
      const parser = new SseResponseParser((m) => got.push(m));
      for (let i = 0; i < whole.length; i += cut) parser.push(whole.subarray(i, i + cut));
      expect(parser.status).toBe(200);
      expect(parser.comments).toBe(1);
      expect(got).toEqual([
        { id: '7', event: 'entry-added', data: '{"entry":{"id":3,"text":"Prime Minister’s goose"}}' },
        { id: '8', event: 'story-removed', data: '{"id":4}' },
      ]);
    }
  });

  it('reads a refusal and a body that is not chunked', () => {
    const got: SseMessage[] = [];
    const parser = new SseResponseParser((m) => got.push(m));
    parser.push(Buffer.from('HTTP/1.1 503 Service Unavailable\r\nRetry-After: 5\r\n\r\n'));
    expect(parser.status).toBe(503);
    const plain = new SseResponseParser((m) => got.push(m));
    plain.push(Buffer.from('HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\n\r\nid: 1\nevent: x\ndata: {}\n\n'));
    expect(got).toEqual([{ id: '1', event: 'x', data: '{}' }]);
  });

  it('takes the nearest-rank percentile', () => {
    const xs = Array.from({ length: 100 }, (_, i) => i + 1);
    expect(percentile(xs, 50)).toBe(50);
    expect(percentile(xs, 99)).toBe(99);
    expect(percentile(xs, 100)).toBe(100);
    expect(percentile([], 99)).toBeNaN();
  });
});

describe('bench:live load generator: 20 streams in 2 worker processes', () => {
  const LIMIT = 20;
  const streams = new Set<http.ServerResponse>();
  const addresses = new Set<string>();
  /** Connections to cut before answering (a server too busy to accept them). */
  let resets = 0;
  let server: http.Server;
  let port: number;
  let fleet: StreamFleet;

  beforeAll(async () => {
    server = http.createServer((req, res) => {
      if (!req.url?.startsWith('/live/stream')) return res.writeHead(404).end();
      if (resets > 0) {
        resets -= 1;
        return req.socket.destroy();
      }
      if (streams.size >= LIMIT) {
        res.writeHead(503, { 'content-type': 'application/problem+json', 'retry-after': '5' });
        return res.end('{"status":503}');
      }
      res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-store' });
      res.write(': connected\n\n');
      addresses.add(String(req.headers['x-forwarded-for']));
      streams.add(res);
      res.on('close', () => streams.delete(res));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as { port: number }).port;
    fleet = await startStreamWorkers(2);
  }, 20_000);
  afterAll(async () => {
    await fleet?.stop();
    server?.closeAllConnections();
    await new Promise((r) => server?.close(r));
  });

  it('opens the streams gradually, counts refusals, and records every stream’s arrival of one event', async () => {
    const opened = await fleet.open({
      host: '127.0.0.1',
      port,
      path: '/live/stream',
      count: 24,
      batch: 6,
      tickMs: 20,
      timeoutMs: 5000,
      forwardedForOffset: 0,
    });
    expect(opened.opened).toBe(LIMIT);
    expect(opened.refused).toEqual({ '503': 4 });
    expect(streams.size).toBe(LIMIT);
    // Each stream as its own reader behind the load balancer.
    expect(addresses.size).toBe(LIMIT);
    expect([...addresses].every((a) => /^10\.0\.0\.\d+$/.test(a))).toBe(true);

    // Another event first (not the one asked for), then the one, split over two writes.
    for (const res of streams) res.write('id: 41\nevent: story-published\ndata: {"article":{"id":9}}\n\n');
    const since = clock();
    for (const res of streams) {
      res.write('id: 42\nevent: entry-added\ndata: {"entry":');
      res.write('{"id":5,"articleId":9}}\n\n');
    }
    const got = await fleet.arrivals({
      group: opened.group,
      match: { event: 'entry-added', field: ['entry', 'id'], value: 5 },
      since,
      waitMs: 5000,
    });
    expect(got.open).toBe(LIMIT);
    expect(got.arrivals).toHaveLength(LIMIT);
    expect(got.arrivals[0]).toBeGreaterThanOrEqual(0);
    expect(got.arrivals.at(-1)).toBeLessThan(5000);

    // An event nobody got: no arrivals, after the wait.
    const none = await fleet.arrivals({
      group: opened.group,
      match: { event: 'entry-added', field: ['entry', 'id'], value: 6 },
      since,
      waitMs: 100,
    });
    expect(none.arrivals).toEqual([]);

    const stats = await fleet.stats();
    expect(stats.reduce((s, w) => s + w.open, 0)).toBe(LIMIT);
    expect(stats.reduce((s, w) => s + w.messages, 0)).toBe(2 * LIMIT);

    // The server closing streams shows as closed ones.
    for (const res of [...streams].slice(0, 3)) res.end();
    await new Promise((r) => setTimeout(r, 200));
    const after = await fleet.stats();
    expect(after.reduce((s, w) => s + w.closed, 0)).toBe(3);
    await fleet.closeAll();
  }, 20_000);

  it('tries a connection cut before its answer again, as EventSource does', async () => {
    await new Promise((r) => setTimeout(r, 100));
    expect(streams.size).toBe(0);
    resets = 3;
    const opened = await fleet.open({
      host: '127.0.0.1',
      port,
      path: '/live/stream',
      count: 6,
      batch: 6,
      tickMs: 20,
      timeoutMs: 5000,
      retries: 2,
      retryMs: 50,
    });
    expect(opened).toMatchObject({ opened: 6, refused: {}, retried: 3 });
    await fleet.closeAll();
  }, 20_000);
});
