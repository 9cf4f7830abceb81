import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test-support/test-app.ts';

// The app counts the requests it is answering (the share workers give way to them), from the
// first hook of every request to its response's close, through a real port.
let t: TestApp;
const seen: number[] = [];

beforeAll(async () => {
  t = await createTestApp({
    listen: true,
    setup: (app) => {
      app.get('/activity-probe', async () => {
        seen.push(app.requestActivity.inFlight);
        return { ok: true };
      });
    },
  });
});
afterAll(async () => t?.close());

describe('request activity', () => {
  it('counts a request while it is answered, and not after', async () => {
    const res = await fetch(`${t.baseUrl}/activity-probe`);
    expect(res.status).toBe(200);
    await res.arrayBuffer();
    expect(seen).toEqual([1]);
    // The count drops when the response closes (just after the client has the body).
    const deadline = Date.now() + 5_000;
    while (t.app.requestActivity.inFlight !== 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 5));
    expect(t.app.requestActivity.inFlight).toBe(0);
    expect(t.app.requestActivity.busy(60_000)).toBe(true);
    // A refused query and a 404 leave nothing counted behind.
    await (await fetch(`${t.baseUrl}/News?count=abc`)).arrayBuffer();
    await (await fetch(`${t.baseUrl}/api/nothing-here`)).arrayBuffer();
    const res2 = await fetch(`${t.baseUrl}/activity-probe`);
    await res2.arrayBuffer();
    expect(seen).toEqual([1, 1]);
  });
});
