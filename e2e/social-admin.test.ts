import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { startFakeFacebook, type FakeFacebook } from '../server/src/fakes/facebook.ts';
import { startFakeX, type FakeX } from '../server/src/fakes/x.ts';
import { fakeProviderEnv } from '../server/src/test-support/test-app.ts';
import { startApp, type RunningApp } from './support/app.ts';
import { MOBILE, useBrowser } from './support/browser.ts';
import { guardNetwork } from './support/network.ts';
import { EDITOR_ENV } from './support/sign-in.ts';
import { openSignedIn } from './support/signed-in.ts';

// The Social pages in headless Chromium against the real app and the local fake X and Facebook.
describe('Social pages', () => {
  let running: RunningApp;
  let x: FakeX;
  let fb: FakeFacebook;
  const web = useBrowser();

  beforeAll(async () => {
    x = await startFakeX();
    fb = await startFakeFacebook();
    running = await startApp({
      env: {
        ...EDITOR_ENV,
        ...fakeProviderEnv(x, fb),
      },
    });
    x.redirectUris.push(`${running.baseUrl}/`);
  });
  afterEach(() => {
    x.fail(null);
    fb.fail(null);
  });
  afterAll(async () => {
    await running?.close();
    await x?.close();
    await fb?.close();
  });

  async function signedIn(path: string, size = {}): Promise<Page> {
    const context = await web.newContext(size);
    const net = await guardNetwork(context);
    const page = await context.newPage();
    await openSignedIn(page, running, `${running.baseUrl}${path}`);
    expect(net.external).toEqual([]);
    return page;
  }

  async function authoriseX(page: Page, decision: 'Authorize app' | 'Cancel' = 'Authorize app') {
    const [popup] = await Promise.all([
      page.waitForEvent('popup'),
      page.getByRole('button', { name: 'Open X Login Popup' }).click(),
    ]);
    await popup.waitForURL(/\/i\/oauth2\/authorize/);
    const url = new URL(popup.url());
    expect(url.searchParams.get('response_type')).toBe('code');
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    expect(url.searchParams.get('scope')).toBe('tweet.write tweet.read users.read offline.access');
    expect(url.searchParams.get('redirect_uri')).toBe(`${running.baseUrl}/`);
    const closed = popup.waitForEvent('close');
    await popup.getByRole('button', { name: decision }).click();
    await closed;
  }

  it('X tab: the popup flow against the fake X, token result (masked), account card, Refresh', async () => {
    const page = await signedIn('/admin/social');
    const tab = page.getByRole('tab', { name: 'X / Twitter' });
    await expect.poll(() => tab.getAttribute('aria-selected')).toBe('true');
    await expect.poll(() => page.getByTestId('x-secret-present').textContent()).toBe('Yes');
    await expect.poll(() => page.getByTestId('x-client-id').textContent()).toBe(x.clientId);
    const raw = await page.getByTestId('x-raw-config').textContent();
    expect(raw).not.toContain(x.clientSecret);

    await authoriseX(page);
    const result = page.getByTestId('x-token-result');
    await result.waitFor();
    const resultText = (await result.textContent()) ?? '';
    expect(resultText).toContain('7200 seconds');
    expect(resultText).toContain('users.read');
    for (const t of x.issuedTokens) expect(resultText).not.toContain(t);
    await expect.poll(() => page.getByTestId('x-token-present').textContent()).toBe('Present');
    await expect.poll(() => page.getByTestId('x-token-expiry').textContent()).toMatch(/in 1(19|20) minutes/);

    const account = page.getByTestId('x-account');
    await account.waitFor();
    expect(await account.textContent()).toContain('@dailysmear');
    expect(await account.textContent()).toContain(x.user.id);
    const img = account.getByRole('img', { name: 'Profile picture of @dailysmear' });
    await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0)).toBe(true);

    const calls = x.stats.meCalls;
    await page.getByRole('button', { name: 'Refresh' }).click();
    await expect.poll(() => x.stats.meCalls).toBe(calls + 1);

    // Keyboard: arrow keys move between the tabs.
    await tab.focus();
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => page.getByRole('tab', { name: 'Facebook' }).getAttribute('aria-selected')).toBe('true');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Facebook');
  });

  it('X tab: Cancel on X shows the error parameter; account failures are shown', async () => {
    const page = await signedIn('/admin/social');
    await authoriseX(page, 'Cancel');
    await expect.poll(() => page.getByTestId('x-error').textContent()).toContain('access_denied');

    x.fail('rate-limit', ['me']);
    await page.getByRole('button', { name: 'Refresh' }).click();
    await expect
      .poll(() => page.getByRole('alert').filter({ hasText: 'Failed to fetch account info (429)' }).count())
      .toBe(1);
    expect(await page.getByText(/X refused the call because a rate limit was reached/).count()).toBe(1);
  });

  it('Facebook tab: blank token, exchange and store, delete, and a failed exchange', async () => {
    const page = await signedIn('/admin/social', MOBILE);
    await page.getByRole('tab', { name: 'Facebook' }).click();
    await expect.poll(() => page.getByTestId('fb-token-present').textContent()).toBe('No');
    const input = page.getByLabel('Paste short-lived page/user token');
    await input.fill('   ');
    await page.getByRole('button', { name: 'Exchange & Store' }).click();
    await expect.poll(() => page.getByTestId('fb-error').textContent()).toBe('Enter a short-term token');

    await input.fill(`  ${fb.issueShortLivedToken()} `);
    await page.getByRole('button', { name: 'Exchange & Store' }).click();
    await expect
      .poll(() => page.getByTestId('fb-message').textContent())
      .toBe('Long-term token stored (this page token does not expire)');
    expect(await input.inputValue()).toBe('');
    await expect.poll(() => page.getByTestId('fb-token-present').textContent()).toBe('Yes');
    expect(await page.getByTestId('fb-token-expiry').textContent()).toBe('Does not expire');
    // 360 px: nothing wider than the screen.
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);

    // Delete asks first (a dismissed question deletes nothing), then says 'Deleted'.
    page.once('dialog', (d) => void d.dismiss());
    await page.getByRole('button', { name: 'Delete' }).click();
    expect(await page.getByTestId('fb-token-present').textContent()).toBe('Yes');
    page.once('dialog', (d) => void d.accept());
    await page.getByRole('button', { name: 'Delete' }).click();
    await expect.poll(() => page.getByTestId('fb-message').textContent()).toBe('Deleted');
    await expect.poll(() => page.getByTestId('fb-token-present').textContent()).toBe('No');
    // With nothing stored, Delete says so and asks nothing.
    let asked = 0;
    const countQuestions = (d: { dismiss(): Promise<void> }) => {
      asked += 1;
      void d.dismiss();
    };
    page.on('dialog', countQuestions);
    await page.getByRole('button', { name: 'Delete' }).click();
    await expect
      .poll(() => page.getByTestId('fb-message').textContent())
      .toBe('Nothing to delete: no long-term token is stored.');
    page.off('dialog', countQuestions);
    expect(asked).toBe(0);

    await input.fill('EAAnot-valid');
    await page.getByRole('button', { name: 'Exchange & Store' }).click();
    await expect.poll(() => page.getByTestId('fb-error').textContent()).toContain('Exchange failed: 400');
    expect(await page.getByText(/error 190/).count()).toBe(1);
  });

  it('Test publish: validation, autofill, posts to X and Facebook, failures shown', async () => {
    const page = await signedIn('/admin/social/test');
    await page.getByRole('heading', { name: 'Test Publish' }).waitFor();
    expect(await page.getByLabel('Persona').inputValue()).toBe(running.config.siteName);

    await page.getByRole('button', { name: 'Publish Test Message' }).click();
    await expect.poll(() => page.getByTestId('publish-error').textContent()).toBe('Enter a message');

    await page.getByRole('button', { name: 'Autofill Message' }).click();
    await expect
      .poll(() => page.getByLabel('Link (optional)').inputValue())
      .toMatch(new RegExp(`^${running.baseUrl}/article/[a-z0-9-]+$`));
    const message = await page.getByLabel('Message').inputValue();
    expect(message.split('\n').length).toBe(2);

    // X (authorised by the first test in this file: the app keeps its tokens)
    await page.getByLabel('Platform').selectOption('x');
    await page.getByRole('button', { name: 'Publish Test Message' }).click();
    await expect.poll(() => page.getByTestId('publish-success').textContent()).toMatch(/^Published: \d+$/);
    const post = x.posts.at(-1)!;
    expect(post.text).toBe(`${message}\n${await page.getByLabel('Link (optional)').inputValue()}`);

    // the same text again: X's duplicate rule, shown as the response text
    await page.getByRole('button', { name: 'Publish Test Message' }).click();
    await expect.poll(() => page.getByTestId('publish-error').textContent()).toContain('duplicate content');

    x.fail('hang', ['tweets']);
    await page.getByLabel('Message').fill(`Hanging ${Date.now()}`);
    await page.getByRole('button', { name: 'Publish Test Message' }).click();
    await expect.poll(() => page.getByTestId('publish-error').textContent()).toContain('X did not answer within 1.5 s');
    x.fail(null);

    // Facebook: no token yet -> the server's explanation; then exchange and post.
    await page.getByLabel('Platform').selectOption('facebook');
    await page.getByRole('button', { name: 'Publish Test Message' }).click();
    await expect
      .poll(() => page.getByTestId('publish-error').textContent())
      .toContain('No Facebook page token is stored');
    await page.goto(`${running.baseUrl}/admin/social`);
    await page.getByRole('tab', { name: 'Facebook' }).click();
    await page.getByLabel('Paste short-lived page/user token').fill(fb.issueShortLivedToken());
    await page.getByRole('button', { name: 'Exchange & Store' }).click();
    await expect.poll(() => page.getByTestId('fb-message').textContent()).toContain('Long-term token stored');
    await page.goto(`${running.baseUrl}/admin/social/test`);
    await page.getByLabel('Platform').selectOption('facebook');
    await page.getByLabel('Message').fill('  Page post from the e2e test  ');
    await page.getByLabel('Link (optional)').fill('  ');
    await page.getByRole('button', { name: 'Publish Test Message' }).click();
    await expect
      .poll(() => page.getByTestId('publish-success').textContent())
      .toMatch(new RegExp(`^Published: ${fb.pageId}_\\d+$`));
    expect(fb.posts.at(-1)).toEqual({
      id: expect.any(String),
      message: 'Page post from the e2e test',
      link: undefined,
    });

    fb.fail('rate-limit');
    await page.getByLabel('Message').fill('Rate limited post');
    await page.getByRole('button', { name: 'Publish Test Message' }).click();
    await expect
      .poll(() => page.getByTestId('publish-error').textContent())
      .toContain('Facebook refused the call because a rate limit was reached (error 4)');
    fb.fail('expired');
    await page.getByRole('button', { name: 'Publish Test Message' }).click();
    await expect.poll(() => page.getByTestId('publish-error').textContent()).toContain('error 190');
    fb.fail(null);
    // error 190 means revoked: the stored token was removed, so the next post says so plainly.
    await page.getByRole('button', { name: 'Publish Test Message' }).click();
    await expect
      .poll(() => page.getByTestId('publish-error').textContent())
      .toContain('No Facebook page token is stored');
  });
});
