import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { startApp, type RunningApp } from './support/app.ts';
import { insertArticles } from './support/articles.ts';
import { adminArticles } from './support/admin-data.ts';
import { MOBILE, useBrowser } from './support/browser.ts';
import { adminChunks, fileOf } from './support/chunks.ts';
import { guardNetwork } from './support/network.ts';
import { closeUnanswered, EDITOR, EDITOR_ENV, signIn, signOut } from './support/sign-in.ts';

const web = useBrowser();

async function cardValue(page: Page, label: string): Promise<string> {
  const card = page.locator('.admin-card', { hasText: label });
  return (await card.locator('.admin-card__value').innerText()).trim();
}

describe('admin sign-in and dashboard', () => {
  let running: RunningApp;

  beforeAll(async () => {
    running = await startApp({ seed: false, env: EDITOR_ENV });
    await insertArticles(running.database, running.app, adminArticles());
  });
  afterAll(async () => {
    await running?.close();
  });

  it('shows the login gate, signs in through the real popup, shows the dashboard, and signs out by popup', async () => {
    const context = await web.newContext();
    const net = await guardNetwork(context);
    const page = await context.newPage();

    await page.goto(`${running.baseUrl}/admin`);
    await page.getByRole('heading', { name: 'Admin Login Required' }).waitFor();
    await page.getByText('Please sign in to access the admin dashboard.').waitFor();
    // Nothing of the admin API is asked for before sign-in.
    expect(net.requests.some((u) => u.includes('/api/admin/'))).toBe(false);

    const dashboardResponse = page.waitForResponse(
      (r) => r.url().endsWith('/api/admin/dashboard') && r.request().method() === 'GET',
    );
    await signIn(page, `${running.baseUrl}/admin`);
    const response = await dashboardResponse;
    expect(response.status()).toBe(200);
    expect(await response.request().headerValue('authorization')).toMatch(/^Bearer [\w-]+\.[\w-]+\.[\w-]+$/);
    expect(await response.request().headerValue('content-type')).toBe('application/json');
    const data = (await response.json()) as { totalArticles: number; articlesLastWeek: number; activeUsers: number };

    // Header: the editor's name or username and the admin buttons.
    await page.getByRole('banner').getByText(EDITOR.username).first().waitFor();
    for (const name of ['Social Auth', 'Test Publish', 'Sign Out'])
      await page
        .getByRole('banner')
        .getByRole(name === 'Sign Out' ? 'button' : 'link', { name })
        .waitFor();
    expect(await page.getByRole('link', { name: 'Back to Dashboard' }).count()).toBe(0);

    // The three cards show the API's numbers; the data is the test's 62 articles.
    await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
    expect(data.totalArticles).toBe(62);
    expect(data.articlesLastWeek).toBeLessThan(62);
    expect(data.activeUsers).toBeGreaterThanOrEqual(1);
    expect(await cardValue(page, 'Total Articles')).toBe('62');
    expect(await cardValue(page, 'Articles This Week')).toBe(String(data.articlesLastWeek));
    expect(await cardValue(page, 'Active Users')).toBe(String(data.activeUsers));
    await page.getByRole('heading', { name: 'Recent Articles (Last 10)' }).waitFor();
    expect(await page.locator('.admin-row').count()).toBe(10);

    // Data loads once after sign-in (StrictMode must not double it).
    expect(net.requests.filter((u) => u.endsWith('/api/admin/dashboard'))).toHaveLength(1);
    // The session lives in sessionStorage, not localStorage.
    const stored = await page.evaluate(() => ({
      session: Object.keys(sessionStorage).filter((k) => k.startsWith('oidc.user:')),
      local: Object.keys(localStorage).filter((k) => k.startsWith('oidc.')),
    }));
    expect(stored.session).toHaveLength(1);
    expect(stored.local).toEqual([]);
    // The admin area is its own bundle: /admin loads admin chunks (the public pages' tests check they never do).
    const admin = adminChunks(running.config.webDistDir);
    expect(
      net
        .scripts()
        .map(fileOf)
        .filter((f) => admin.has(f)).length,
    ).toBeGreaterThan(0);

    // A reload keeps the session (sessionStorage) and shows the dashboard without a new sign-in.
    await page.reload();
    await page.getByRole('heading', { name: 'Dashboard' }).waitFor();

    // View All Articles goes to the list with the default query.
    await page.getByRole('link', { name: 'View All Articles' }).click();
    await page.waitForURL(`${running.baseUrl}/admin/articles?page=1&pageSize=20&status=all`);
    await page.getByRole('heading', { name: 'All Articles (62)' }).waitFor();
    await page.getByRole('link', { name: 'Back to Dashboard' }).click();
    await page.getByRole('heading', { name: 'Dashboard' }).waitFor();

    await signOut(page);
    expect(await page.evaluate(() => Object.keys(sessionStorage).filter((k) => k.startsWith('oidc.user:')))).toEqual(
      [],
    );
    await page.reload();
    await page.getByRole('heading', { name: 'Admin Login Required' }).waitFor();
    expect(net.external).toEqual([]);
  });

  it('renews an expired access token silently (refresh token or hidden iframe) before calling the API', async () => {
    const context = await web.newContext();
    const net = await guardNetwork(context);
    const page = await context.newPage();
    await signIn(page, `${running.baseUrl}/admin`);
    await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
    const first = await page.evaluate(() => {
      const key = Object.keys(sessionStorage).find((k) => k.startsWith('oidc.user:'))!;
      const user = JSON.parse(sessionStorage.getItem(key)!);
      user.expires_at = Math.floor(Date.now() / 1000) - 60;
      sessionStorage.setItem(key, JSON.stringify(user));
      return user.access_token as string;
    });
    const before = net.requests.length;
    const listResponse = page.waitForResponse((r) => r.url().includes('/api/admin/articles?'));
    await page.getByRole('link', { name: 'View All Articles' }).click();
    const res = await listResponse;
    expect(res.status()).toBe(200);
    const used = (await res.request().headerValue('authorization'))?.replace(/^Bearer /, '');
    expect(used).toBeTruthy();
    expect(used).not.toBe(first);
    // The renewal went to the provider without a popup: its token endpoint (refresh token) or the silent page (iframe).
    const renewal = net.requests
      .slice(before)
      .filter(
        (u) => u.startsWith(`${running.baseUrl}/oidc/token`) || u.startsWith(`${running.baseUrl}/admin/auth/silent?`),
      );
    expect(renewal.length).toBeGreaterThan(0);
    expect(context.pages()).toHaveLength(1);
    await page.getByRole('heading', { name: 'All Articles (62)' }).waitFor();

    // Without a refresh token the renewal goes through the hidden iframe and /admin/auth/silent.
    const second = await page.evaluate(() => {
      const key = Object.keys(sessionStorage).find((k) => k.startsWith('oidc.user:'))!;
      const user = JSON.parse(sessionStorage.getItem(key)!);
      user.expires_at = Math.floor(Date.now() / 1000) - 60;
      delete user.refresh_token;
      sessionStorage.setItem(key, JSON.stringify(user));
      return user.access_token as string;
    });
    const mark = net.requests.length;
    const pageResponse = page.waitForResponse(
      (r) => r.url().includes('/api/admin/articles?') && r.url().includes('pageSize=50'),
    );
    await page.getByLabel('Rows per page').selectOption('50');
    const res2 = await pageResponse;
    expect(res2.status()).toBe(200);
    expect((await res2.request().headerValue('authorization'))?.replace(/^Bearer /, '')).not.toBe(second);
    expect(net.requests.slice(mark).some((u) => u.startsWith(`${running.baseUrl}/admin/auth/silent?`))).toBe(true);
    expect(context.pages()).toHaveLength(1);
  });

  it('explains a sign-in popup closed by the editor and lets them try again', async () => {
    const page = await web.newPage();
    await page.goto(`${running.baseUrl}/admin`);
    const button = page.getByRole('button', { name: 'Sign In with Microsoft' });
    const [popup] = await Promise.all([page.waitForEvent('popup'), button.click()]);
    await page.getByRole('button', { name: 'Signing in...' }).waitFor();
    await closeUnanswered(popup, 'sign-in');
    await page.getByRole('alert').filter({ hasText: 'closed before signing in finished' }).waitFor();
    expect(await button.isEnabled()).toBe(true);
    await signIn(page, `${running.baseUrl}/admin`);
    await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
  });

  it('shows the error screen with Retry and Sign Out when the API fails', async () => {
    const context = await web.newContext();
    const page = await context.newPage();
    await signIn(page, `${running.baseUrl}/admin`);
    await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
    // The API answers 401 for the next dashboard call (an expired session on the server side).
    let fail = true;
    await context.route('**/api/admin/dashboard', (route) =>
      fail
        ? route.fulfill({
            status: 401,
            contentType: 'application/problem+json',
            body: '{"type":"about:blank","title":"Unauthorized","status":401,"detail":"The access token has expired."}',
          })
        : route.continue(),
    );
    await page.reload();
    await page.getByRole('heading', { name: 'Error' }).waitFor();
    await page.getByText('Authentication required. Please log in again.').waitFor();
    await page.getByText('401 Unauthorized: The access token has expired.').waitFor();
    fail = false;
    await page.getByRole('button', { name: 'Retry' }).click();
    await page.getByRole('heading', { name: 'Dashboard' }).waitFor();

    // A list that keeps failing is asked for four times (three retries, 1, 2 and 4 s apart) before the
    // screen gives up. The page's clock is moved on past each wait rather than waited out.
    let failures = 0;
    await context.route('**/api/admin/articles?*', (route) => {
      failures += 1;
      return route.fulfill({ status: 500, body: '' });
    });
    await page.clock.install();
    await page.goto(`${running.baseUrl}/admin/articles?page=1&pageSize=20&status=all`);
    const failed = page.getByText('Failed to load articles');
    for (let asked = 1; asked <= 4 && !(await failed.isVisible()); asked++) {
      await expect.poll(() => failures).toBeGreaterThanOrEqual(asked);
      await page.clock.fastForward(4_000);
    }
    await failed.waitFor();
    expect(failures).toBe(4);
    await page.getByText(/^500/).waitFor();
    await page.getByRole('button', { name: 'Sign Out' }).last().waitFor();
  });

  it('fits a 375 px screen: login gate, dashboard and list without sideways scrolling', async () => {
    const page = await web.newPage({ width: MOBILE.width, height: MOBILE.height });
    const overflow = () =>
      page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    await page.goto(`${running.baseUrl}/admin`);
    await page.getByRole('heading', { name: 'Admin Login Required' }).waitFor();
    expect(await overflow()).toBeLessThanOrEqual(0);
    await signIn(page, `${running.baseUrl}/admin`);
    await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
    expect(await overflow()).toBeLessThanOrEqual(0);
    // The summary's cards two to a row: Total Articles beside Articles This Week, Active Users under them.
    const cards = page.getByRole('list', { name: 'Summary' }).getByRole('listitem');
    await cards.nth(2).waitFor();
    const [total, week, users] = [
      (await cards.nth(0).boundingBox())!,
      (await cards.nth(1).boundingBox())!,
      (await cards.nth(2).boundingBox())!,
    ];
    expect(week.y).toBe(total.y);
    expect(week.x).toBeGreaterThan(total.x + total.width);
    expect(users.y).toBeGreaterThanOrEqual(total.y + total.height);
    await page.goto(`${running.baseUrl}/admin/articles?page=1&pageSize=10&status=all`);
    await page.getByRole('heading', { name: 'All Articles (62)' }).waitFor();
    expect(await overflow()).toBeLessThanOrEqual(0);
    // Keyboard: the first Tab reaches the skip link, which is visible when focused.
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Skip to content');
  });
});
