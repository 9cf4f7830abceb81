import { EventEmitter } from 'node:events';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { RequestActivity } from './request-activity.ts';

let server: http.Server | undefined;
afterEach(
  () =>
    new Promise<void>((resolve) => {
      if (!server) return resolve();
      server.close(() => resolve());
      server.closeAllConnections();
    }),
);

describe('RequestActivity', () => {
  it('is busy while a request is answered and for quietMs after it, also when the client went away', async () => {
    let clock = 1_000;
    const activity = new RequestActivity(() => clock);
    expect(activity.busy(20)).toBe(false);
    let answer: (() => void) | undefined;
    let arrived: () => void;
    const arrival = new Promise<void>((r) => (arrived = r));
    server = http.createServer((_req, res) => {
      activity.track(res);
      answer = () => res.end('ok');
      arrived();
    });
    await new Promise<void>((r) => server!.listen(0, '127.0.0.1', r));
    const { port } = server.address() as AddressInfo;

    const pending = fetch(`http://127.0.0.1:${port}/`).then((r) => r.text());
    await arrival;
    expect(activity.inFlight).toBe(1);
    clock += 60_000;
    expect(activity.busy(20)).toBe(true);
    answer!();
    expect(await pending).toBe('ok');
    await expect.poll(() => activity.inFlight).toBe(0);
    expect(activity.busy(20)).toBe(true);
    clock += 19;
    expect(activity.busy(20)).toBe(true);
    clock += 1;
    expect(activity.busy(20)).toBe(false);

    // A client that hangs up before the answer: its response's close still ends the count.
    const aborted = new AbortController();
    const gone = fetch(`http://127.0.0.1:${port}/`, { signal: aborted.signal }).catch(() => 'aborted');
    await expect.poll(() => activity.inFlight).toBe(1);
    aborted.abort();
    expect(await gone).toBe('aborted');
    await expect.poll(() => activity.inFlight).toBe(0);
  });

  it('stops counting a released answer at once, and counts it only once when it closes later', () => {
    let clock = 1_000;
    const activity = new RequestActivity(() => clock);
    const res = new (class extends EventEmitter {})() as unknown as http.ServerResponse;
    activity.track(res);
    expect(activity.inFlight).toBe(1);
    activity.release(res);
    expect(activity.inFlight).toBe(0);
    activity.release(res);
    res.emit('close');
    expect(activity.inFlight).toBe(0);
    clock += 50;
    expect(activity.busy(20)).toBe(false);
  });
});
