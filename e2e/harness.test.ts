import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type RunningApp } from './support/app.ts';
import { useBrowser } from './support/browser.ts';
import { guardNetwork } from './support/network.ts';

// The harness itself: a real app on a real port with its own database, and a real browser.
describe('e2e harness', () => {
  let running: RunningApp;
  const web = useBrowser();

  beforeAll(async () => {
    running = await startApp({ seed: false });
  });
  afterAll(async () => {
    await running?.close();
  });

  it('serves the app on 127.0.0.1 with PUBLIC_URL set to its real address and a database in a temp dir', async () => {
    expect(running.baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(running.config.publicUrl).toBe(running.baseUrl);
    expect(running.config.dataDir).toBe(running.dataDir);
    expect(fs.existsSync(path.join(running.dataDir, 'tabloid.db'))).toBe(true);
    const res = await fetch(`${running.baseUrl}/definitely-not-an-api-route-${Date.now()}`);
    // An unknown page is the front end's 404 page, not a crash or an API error.
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toContain('text/html');
    const rows = await running.database.db.selectFrom('categories').select('name').orderBy('id').execute();
    expect(rows.map((r) => r.name)).toEqual(['Politics', 'Technology', 'Sport', 'Business', 'US', 'UK']);
  });

  it('drives chromium against it and keeps external requests on the machine', async () => {
    const context = await web.newContext();
    const net = await guardNetwork(context);
    const page = await context.newPage();
    await page.goto(`${running.baseUrl}/`);
    expect(net.requests[0]).toBe(`${running.baseUrl}/`);
    // A navigation elsewhere is answered by the local stub, never sent.
    await page.goto('https://example.com/x');
    expect(await page.title()).toBe('blocked by the e2e tests');
    expect(net.external).toEqual(['https://example.com/x']);
  });

  it('close() stops the server and removes the data dir', async () => {
    const other = await startApp({ seed: false });
    await other.close();
    expect(fs.existsSync(other.dataDir)).toBe(false);
    await expect(fetch(`${other.baseUrl}/`)).rejects.toThrow();
  });
});
