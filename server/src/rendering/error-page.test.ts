import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test-support/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ listen: true });
});
afterAll(async () => {
  await t?.close();
});

/** Sends bytes as they are and reads the whole answer (the server closes the socket). */
function raw(request: string): Promise<{ status: number; head: string }> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(t.port!, '127.0.0.1');
    let data = '';
    socket.setEncoding('latin1');
    socket.on('data', (chunk: string) => (data += chunk));
    socket.on('error', reject);
    socket.on('end', () => {
      const head = data.split('\r\n\r\n')[0]!;
      resolve({ status: Number(head.split(' ')[1]), head: head.toLowerCase() });
    });
    socket.write(request);
  });
}

describe('requests Node refuses before routing', () => {
  it('431 for oversized headers: an HTML page with nosniff, never cached', async () => {
    const res = await raw(`GET / HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`);
    expect(res.status).toBe(431);
    expect(res.head).toContain('content-type: text/html; charset=utf-8');
    expect(res.head).toContain('x-content-type-options: nosniff');
    expect(res.head).toContain('cache-control: no-store');
  });

  it('400 for a malformed request: the same headers', async () => {
    const res = await raw('GET / HTTP/1.1\r\nHost: x\r\nBad Header Line\r\n\r\n');
    expect(res.status).toBe(400);
    expect(res.head).toContain('x-content-type-options: nosniff');
  });
});
