import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type RunningApp } from './support/app.ts';
import { useBrowser } from './support/browser.ts';
import { guardNetwork } from './support/network.ts';
import { EDITOR_ENV, signIn, signOut } from './support/sign-in.ts';

// A name that is neither localhost nor a loopback address, mapped to 127.0.0.1 for this browser only:
// what an editor gets who opens the server at its network address or a host name. Plain http there is
// not a secure context (no crypto.subtle), unlike http://localhost or http://127.0.0.1.
const HOST = 'newsroom.test';

describe('admin sign-in without PUBLIC_URL at any address', () => {
  const web = useBrowser({ args: [`--host-resolver-rules=MAP ${HOST} 127.0.0.1`] });
  let running: RunningApp;

  beforeAll(async () => {
    running = await startApp({ seed: false, env: { ...EDITOR_ENV, PUBLIC_URL: '' } });
  });
  afterAll(async () => {
    await running?.close();
  });

  it('signs in through the real popup at a host name that is not localhost, reaches the dashboard, signs out', async () => {
    const origin = `http://${HOST}:${running.port}`;
    const context = await web.newContext();
    const net = await guardNetwork(context, { localHosts: [HOST] });
    const page = await context.newPage();
    await page.goto(`${origin}/admin`);
    expect(page.url()).toBe(`${origin}/admin`);
    expect(await page.evaluate(() => window.isSecureContext)).toBe(false);

    const dashboard = page.waitForResponse((r) => r.url() === `${origin}/api/admin/dashboard`);
    await signIn(page, `${origin}/admin`);
    expect((await dashboard).status()).toBe(200);
    await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
    expect(await page.getByRole('alert').count()).toBe(0);

    // Everything stayed at the address the editor opened: no request went to localhost.
    const hosts = new Set(net.requests.map((u) => new URL(u).host));
    expect([...hosts]).toEqual([`${HOST}:${running.port}`]);
    expect(net.requests.some((u) => u.startsWith(`${origin}/oidc/token`))).toBe(true);

    // An expired session without a refresh token renews through the hidden iframe at this address too.
    await page.evaluate(() => {
      const key = Object.keys(sessionStorage).find((k) => k.startsWith('oidc.user:'))!;
      const user = JSON.parse(sessionStorage.getItem(key)!);
      user.expires_at = Math.floor(Date.now() / 1000) - 60;
      delete user.refresh_token;
      sessionStorage.setItem(key, JSON.stringify(user));
    });
    const mark = net.requests.length;
    const renewed = page.waitForResponse((r) => r.url() === `${origin}/api/admin/dashboard`);
    await page.reload();
    expect((await renewed).status()).toBe(200);
    expect(net.requests.slice(mark).some((u) => u.startsWith(`${origin}/admin/auth/silent?`))).toBe(true);
    expect(context.pages()).toHaveLength(1);

    await signOut(page);
    expect(net.external).toEqual([]);
    expect(new Set(net.requests.map((u) => new URL(u).host))).toEqual(new Set([`${HOST}:${running.port}`]));
  });

  it('signs in at http://127.0.0.1 without being moved to localhost', async () => {
    const context = await web.newContext();
    const page = await context.newPage();
    const dashboard = page.waitForResponse((r) => r.url() === `${running.baseUrl}/api/admin/dashboard`);
    await signIn(page, `${running.baseUrl}/admin`);
    expect(page.url()).toBe(`${running.baseUrl}/admin`);
    expect((await dashboard).status()).toBe(200);
    await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
  });
});
