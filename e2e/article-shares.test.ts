import fs from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { xWeightedLength } from '../common/share-text.ts';
import { startFakeFacebook, type FakeFacebook } from '../server/src/fakes/facebook.ts';
import { startFakeX, type FakeX } from '../server/src/fakes/x.ts';
import { SHARE_JOB } from '../server/src/sharing/share-service.ts';
import { fakeProviderEnv } from '../server/src/test-support/test-app.ts';
import { startApp, type RunningApp } from './support/app.ts';
import { insertArticles } from './support/articles.ts';
import { DESKTOP, useBrowser } from './support/browser.ts';
import { guardNetwork } from './support/network.ts';
import { EDITOR_ENV } from './support/sign-in.ts';
import { openSignedIn } from './support/signed-in.ts';

// Sharing published articles to X and Facebook, in headless Chromium against the real app, its
// share workers and the local fake X and Facebook: connect both accounts on the Social page, publish
// with sharing on, watch the posts turn 'Posted' with their links; a failed post retried from the screen;
// a queued post withdrawn at once when its platform is turned off or the article unpublished; the share
// choice of an article in the Trash refused.
// With SHARES_SCREENSHOTS=1 the screens are also saved under test-results/shares/ (390 and 1280 px).
const SHOTS = process.env.SHARES_SCREENSHOTS === '1' ? path.resolve(import.meta.dirname, '../test-results/shares') : '';
const PHONE = { width: 390, height: 844 };
/** How long a poll waits for the screen to change: the browser tests' poll bound (vitest.config.ts). */
const WAIT = { timeout: 15_000 };

describe('Sharing articles to X and Facebook', () => {
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
        // Workers look often and retry fast, so a failure settles in well under a second.
        JOBS_POLL_MS: '50',
        SHARE_RETRY_BASE_MS: '50',
        SHARE_MAX_ATTEMPTS: '2',
      },
    });
    x.redirectUris.push(`${running.baseUrl}/`);
    if (SHOTS) await fs.mkdir(SHOTS, { recursive: true });
  });
  afterAll(async () => {
    await running?.close();
    await x?.close();
    await fb?.close();
  });

  async function signedIn(pathname: string, size: { width: number; height: number } = DESKTOP): Promise<Page> {
    const context = await web.newContext(size);
    const net = await guardNetwork(context);
    const page = await context.newPage();
    await openSignedIn(page, running, `${running.baseUrl}${pathname}`);
    expect(net.external).toEqual([]);
    return page;
  }

  /** `fullPage: false` for long screens (the lists): their first screenful. */
  async function shot(page: Page, name: string, fullPage = true) {
    if (!SHOTS) return;
    // The toasts are left out of the pictures (they cover what the picture is of).
    await page.addStyleTag({ content: '[data-sonner-toaster] { display: none !important; }' });
    for (const size of [PHONE, DESKTOP]) {
      await page.setViewportSize(size);
      await page.screenshot({ path: path.join(SHOTS, `${name}-${size.width}.png`), fullPage });
    }
    await page.setViewportSize(DESKTOP);
  }

  async function draft(headline: string) {
    const [row] = await insertArticles(running.database, running.app, [{ headline, published_at: null }]);
    return row!;
  }

  const share = (page: Page, platform: 'x' | 'facebook') => page.getByTestId(`share-${platform}`).first();

  it('connects both accounts on the Social page, and the sharing defaults say so', async () => {
    const page = await signedIn('/admin/social');
    await expect.poll(() => page.getByTestId('default-x-connected').textContent(), WAIT).toBe('X is not connected.');

    const [popup] = await Promise.all([
      page.waitForEvent('popup'),
      page.getByRole('button', { name: 'Open X Login Popup' }).click(),
    ]);
    await popup.waitForURL(/\/i\/oauth2\/authorize/);
    const closed = popup.waitForEvent('close');
    await popup.getByRole('button', { name: 'Authorize app' }).click();
    await closed;
    await expect.poll(() => page.getByTestId('x-token-present').textContent(), WAIT).toBe('Present');

    await page.getByRole('tab', { name: 'Facebook' }).click();
    await page.getByLabel('Paste short-lived page/user token').fill(fb.issueShortLivedToken());
    await page.getByRole('button', { name: 'Exchange & Store' }).click();
    await expect.poll(() => page.getByTestId('fb-token-present').textContent(), WAIT).toBe('Yes');

    await expect.poll(() => page.getByTestId('default-x-connected').textContent(), WAIT).toBe('X is connected.');
    await expect
      .poll(() => page.getByTestId('default-facebook-connected').textContent(), WAIT)
      .toBe('Facebook is connected.');
    expect(await page.getByLabel('Post to X').inputValue()).toBe('auto');
    // Keyboard: the default is a labelled select reached with Tab, with a visible focus ring.
    await page.getByLabel('Post to X').focus();
    const outline = await page.evaluate(() => getComputedStyle(document.activeElement!).outlineStyle);
    expect(outline).toBe('solid');
    await shot(page, 'social-defaults');
  });

  /** Publish on the article's screen, its dialog's share choice as it comes; waits for the published screen. */
  async function publishAsChosen(page: Page) {
    await page.getByRole('button', { name: 'Publish', exact: true }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Publish this article?' });
    await dialog.getByLabel('Post to X').waitFor();
    await dialog.getByRole('button', { name: 'Publish' }).click();
    await page.getByRole('button', { name: 'Unpublish', exact: true }).waitFor();
  }

  it('publishing with sharing on posts to both, and the status turns Posted with links to the posts', async () => {
    const article = await draft('Goat Elected Mayor Of Small Town');
    const page = await signedIn(`/admin/articles/${article.id}?edit=1`);

    // The edit form: a message, the live X counter and the previews.
    const message = page.getByLabel('Message for the posts');
    await message.fill('Goats everywhere are celebrating');
    const link = `${running.baseUrl}/article/${article.slug}`;
    // X counts a link as 23 characters; the test server's address (an IP, no domain) is counted as text.
    const length = xWeightedLength(`Goats everywhere are celebrating ${link}`);
    await expect
      .poll(() => page.getByTestId('x-counter').textContent(), WAIT)
      .toMatch(new RegExp(`^X: ${length} / 280`));
    expect(await page.getByTestId('x-preview').textContent()).toContain(`Goats everywhere are celebrating ${link}`);
    await shot(page, 'edit-form');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.waitForURL((u) => !u.search.includes('edit=1'));

    // Publish asks with the choice and the previews (the saved message is there).
    await page.getByRole('button', { name: 'Publish', exact: true }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Publish this article?' });
    await dialog.waitFor();
    await expect.poll(() => dialog.getByLabel('Post to X').isChecked(), WAIT).toBe(true);
    expect(await dialog.getByLabel('Post to Facebook').isChecked()).toBe(true);
    expect(await dialog.getByTestId('x-preview').textContent()).toContain(`Goats everywhere are celebrating ${link}`);
    await shot(page, 'publish-dialog');
    await dialog.getByRole('button', { name: 'Publish' }).click();
    await page.getByRole('button', { name: 'Unpublish', exact: true }).waitFor();

    await expect.poll(() => share(page, 'x').getAttribute('data-state'), { timeout: 15_000 }).toBe('posted');
    await expect.poll(() => share(page, 'facebook').getAttribute('data-state'), { timeout: 15_000 }).toBe('posted');
    const xPost = x.posts.find((p) => p.text.includes(link))!;
    expect(xPost.text).toBe(`Goats everywhere are celebrating ${link}`);
    expect(x.posts.filter((p) => p.text.includes(link))).toHaveLength(1);
    const fbPost = fb.posts.find((p) => p.link === link)!;
    expect(fbPost.message).toBe('Goats everywhere are celebrating');
    expect(
      await share(page, 'x')
        .getByRole('link', { name: /View post on X/ })
        .getAttribute('href'),
    ).toBe(`https://x.com/i/web/status/${xPost.id}`);
    expect(
      await share(page, 'facebook')
        .getByRole('link', { name: /View post on Facebook/ })
        .getAttribute('href'),
    ).toBe(`https://www.facebook.com/${fbPost.id}`);
    await shot(page, 'detail-posted');

    // The list shows the same states on the article's row.
    await page.goto(`${running.baseUrl}/admin/articles?page=1&pageSize=20&status=all`);
    const row = page.getByRole('list', { name: `Social posts of ${article.headline}` });
    await row.getByRole('link', { name: /View post on X/ }).waitFor();
    await row.getByRole('link', { name: /View post on Facebook/ }).waitFor();
    await shot(page, 'list', false);

    // Unpublishing offers to delete the posts too: ticked, both go.
    await page.goto(`${running.baseUrl}/admin/articles/${article.id}`);
    await page.getByRole('button', { name: 'Unpublish', exact: true }).click();
    const ask = page.getByRole('alertdialog', { name: 'Unpublish this article?' });
    await ask.getByLabel('Also delete its posts on X and Facebook').check();
    await ask.getByRole('button', { name: 'Unpublish' }).click();
    await page.getByRole('button', { name: 'Publish', exact: true }).waitFor();
    expect(x.deleted).toContain(xPost.id);
    expect(fb.deleted).toContain(fbPost.id);
    await expect.poll(() => share(page, 'x').getAttribute('data-state'), WAIT).toBe('deleted');
  });

  it('a failed post shows its reason on the detail and the dashboard, and Retry from the screen posts it', async () => {
    const article = await draft('Council Bans Gravity On Tuesdays');
    x.fail('server-error', ['tweets']);
    try {
      const page = await signedIn(`/admin/articles/${article.id}`);
      await publishAsChosen(page);
      await expect.poll(() => share(page, 'x').getAttribute('data-state'), { timeout: 15_000 }).toBe('failed');
      expect(await share(page, 'x').textContent()).toMatch(/After 2 tries: .*503/);
      await expect.poll(() => share(page, 'facebook').getAttribute('data-state'), { timeout: 15_000 }).toBe('posted');
      await shot(page, 'detail-failed');
      // 390 px: the statuses, reasons and buttons wrap; nothing is wider than the screen.
      await page.setViewportSize(PHONE);
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      await page.setViewportSize(DESKTOP);

      await page.goto(`${running.baseUrl}/admin`);
      const failed = page.getByTestId('failed-share').filter({ hasText: article.headline });
      await failed.waitFor();
      expect(await failed.textContent()).toContain('X: Failed');
      await shot(page, 'dashboard', false);

      x.fail(null);
      await failed.getByRole('link', { name: article.headline }).click();
      const retry = share(page, 'x').getByRole('button', { name: 'Retry the X post' });
      // Keyboard: Retry is reached by focus and pressed with Enter.
      await retry.focus();
      await page.keyboard.press('Enter');
      await expect.poll(() => share(page, 'x').getAttribute('data-state'), { timeout: 15_000 }).toBe('posted');
      const link = `${running.baseUrl}/article/${article.slug}`;
      expect(x.posts.filter((p) => p.text.includes(link))).toHaveLength(1);
      expect(fb.posts.filter((p) => p.link === link)).toHaveLength(1);
    } finally {
      x.fail(null);
    }
  });

  it('a post still queued is withdrawn the moment its platform is turned off or the article unpublished, with why', async () => {
    const article = await draft('Weasel Wins The Lottery Twice');
    const link = `${running.baseUrl}/article/${article.slug}`;
    // The share workers are held: no job takes its turn while the editor works, the posts wait queued.
    await running.app.jobs.stop();
    try {
      const page = await signedIn(`/admin/articles/${article.id}`);
      await publishAsChosen(page);
      await expect.poll(() => share(page, 'x').getAttribute('data-state'), WAIT).toBe('queued');
      expect(await share(page, 'facebook').getAttribute('data-state')).toBe('queued');

      // The edit form: 'Post to Facebook' unticked and saved, its queued post is withdrawn.
      await page.goto(`${running.baseUrl}/admin/articles/${article.id}?edit=1`);
      await page.getByLabel('Post to Facebook').uncheck();
      await page.getByRole('button', { name: 'Save changes' }).click();
      await page.waitForURL((u) => !u.search.includes('edit=1'));
      await expect.poll(() => share(page, 'facebook').getAttribute('data-state'), WAIT).toBe('withdrawn');
      expect(await share(page, 'facebook').textContent()).toContain(
        'Post to Facebook was turned off before it was posted.',
      );
      expect(await share(page, 'x').getAttribute('data-state')).toBe('queued');

      // Unpublished: the X post says so at once, without waiting for its turn.
      await page.getByRole('button', { name: 'Unpublish', exact: true }).click();
      await page.getByRole('button', { name: 'Publish', exact: true }).waitFor();
      await expect.poll(() => share(page, 'x').getAttribute('data-state'), WAIT).toBe('withdrawn');
      expect(await share(page, 'x').textContent()).toContain('The article was unpublished before it was posted.');
      // Their jobs were cancelled with them: none waits for this article.
      const waiting = (await running.app.jobs.list(SHARE_JOB)).filter(
        (j) => j.payload.articleId === article.id && (j.state === 'ready' || j.state === 'running'),
      );
      expect(waiting).toEqual([]);
      await shot(page, 'detail-withdrawn');
    } finally {
      running.app.jobs.start();
    }
    // The workers run again: nothing is sent.
    await expect.poll(() => running.app.jobs.pending(), { timeout: 15_000 }).toBe(0);
    expect(x.posts.filter((p) => p.text.includes(link))).toHaveLength(0);
    expect(fb.posts.filter((p) => p.link === link)).toHaveLength(0);
  });

  it('the share choice of an article moved to the Trash meanwhile is refused as every write of it: the screen says it was deleted', async () => {
    const article = await draft('Stoat Elected Pope By Mistake');
    const page = await signedIn(`/admin/articles/${article.id}`);
    await page.getByRole('button', { name: 'Publish', exact: true }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Publish this article?' });
    await dialog.getByLabel('Post to X').uncheck();
    // Another editor moves it to the Trash while the dialog is open.
    const trashed = await fetch(`${running.baseUrl}/api/admin/articles/${article.id}`, {
      method: 'DELETE',
      headers: { authorization: await running.bearer() },
    });
    expect(trashed.status).toBe(204);
    await dialog.getByRole('button', { name: 'Publish' }).click();
    await page.getByRole('heading', { level: 1, name: 'This article was deleted' }).waitFor();
    // Neither the choice nor the publication went through.
    const row = await running.database.db
      .selectFrom('articles')
      .select(['share_to_x', 'published_at'])
      .where('id', '=', article.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ share_to_x: null, published_at: null });
  });
});
