import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startNginxFront, type NginxFront } from '../test-support/nginx-front.ts';
import { createTestApp, type TestApp } from '../test-support/test-app.ts';
import { newPreviewToken } from './preview-token.ts';

// A preview link through the shipped nginx (deploy/nginx.conf templated to this instance) when the
// instance behind it is gone: nginx answers 502 itself and writes why to its error log, a line that
// ends with the request line and the upstream URL. For /preview/ it writes nothing (decision 042), as
// it writes no access line; a request elsewhere still gets its error line, which shows the failure.

let t: TestApp | undefined;
let nginx: NginxFront;

beforeAll(async () => {
  t = await createTestApp({ listen: true, env: { TRUST_PROXY: '127.0.0.1' } });
  nginx = await startNginxFront(`127.0.0.1:${t.port!}`, { accessLog: true });
}, 60_000);
afterAll(async () => {
  await nginx?.stop();
  await t?.close();
});

/** Stops the instance behind nginx (once). */
async function stopInstance() {
  const running = t;
  t = undefined;
  await running?.close();
}

const get = async (url: string) => {
  const res = await fetch(`${nginx.baseUrl}${url}`, { redirect: 'manual' });
  await res.arrayBuffer();
  return res;
};

describe('a preview link through nginx when the instance is down', () => {
  it("leaves the token out of nginx's error log, which still names other failed requests", async () => {
    const token = newPreviewToken();
    // Passed through to the instance while it runs (an unknown link: the app's 404, private).
    const up = await get(`/preview/${token}`);
    expect(up.status).toBe(404);
    expect(up.headers.get('cache-control')).toBe('private, no-store');

    await stopInstance();
    const down = await get(`/preview/${token}`);
    expect(down.status).toBe(502);
    // A request elsewhere after it: nginx logs its failure with its request line. One worker writes
    // both requests' lines in order, so once this one is read, the preview's would have been too.
    const control = `/News?after-the-preview=${Date.now()}`;
    expect((await get(control)).status).toBe(502);
    await expect.poll(() => nginx.output(), { timeout: 10_000 }).toContain(`"GET ${control} HTTP/1.1"`);
    expect(nginx.output()).toMatch(/\[error\].*connect\(\) failed/);

    expect(nginx.output()).not.toContain(token);
    expect(fs.readFileSync(path.join(nginx.dir, 'access.log'), 'utf8')).not.toContain(token);
  });
});
