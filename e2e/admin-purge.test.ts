import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminArticle } from '../common/admin-contract.ts';
import { startFakeFacebook, type FakeFacebook } from '../server/src/fakes/facebook.ts';
import { startFakeX, type FakeX } from '../server/src/fakes/x.ts';
import { connectBothAccounts } from '../server/src/test-support/shares.ts';
import { fakeProviderEnv } from '../server/src/test-support/test-app.ts';
import { openAdminMenu } from './support/admin-menu.ts';
import { adminRequest } from './support/admin-request.ts';
import { recordWrites } from './support/network.ts';
import { startApp, type RunningApp } from './support/app.ts';
import { useBrowser } from './support/browser.ts';
import { exactName } from './support/public-site.ts';
import { EDITOR_ENV } from './support/sign-in.ts';
import { openSignedIn } from './support/signed-in.ts';

// Delete for good from the screen of an article in the Trash ('This article was deleted'), as an editor
// walks it in headless Chromium at 360 px against the real app with the fake X and Facebook connected:
// the Trash row's confirmation with its posts offer, then the Trash without it, and the dashboard's failed
// posts without its failed one (its share rows went with it). Runs on PostgreSQL too (project e2e-pg).

const web = useBrowser();
// The browser tests' poll bound (vitest.config.ts), also for waitForFunction.
const WAIT = { timeout: 15_000 };
const GONE = 'Walrus Annexes The Seaside Pier';
const KEPT = 'Walrus Apologises To The Pier';

describe('Delete for good on the screen of an article in the Trash', () => {
  let running: RunningApp;
  let x: FakeX;
  let fb: FakeFacebook;
  /** An editor's token minted for each request: one minted in beforeAll expires if the file outlasts its lifetime. */
  const authorization = () => running.bearer({ sub: '1', name: 'Erin Editor' });

  beforeAll(async () => {
    x = await startFakeX();
    fb = await startFakeFacebook();
    running = await startApp({
      seed: false,
      env: { ...EDITOR_ENV, ...fakeProviderEnv(x, fb), JOBS_POLL_MS: '50', SOCIAL_HTTP_TIMEOUT_MS: '10000' },
    });
    await connectBothAccounts({ config: running.config, database: running.database, x, fb });
  });
  afterAll(async () => {
    await running?.close();
    await x?.close();
    await fb?.close();
  });

  const create = (headline: string, share: boolean) =>
    adminRequest<AdminArticle>(running.baseUrl, authorization, 'POST', '/api/admin/articles', {
      headline,
      summary: 'The walrus, again.',
      content: 'Blubbery news.',
      category: 'UK',
      author: 'Clive Outrage',
      ...(share ? {} : { shareToX: false, shareToFacebook: false }),
    });

  it('asks as the Trash row does, deletes its Facebook post and the article, and lands on the Trash without it', async () => {
    // Published and shared: posted on Facebook, failed on X (as X refusing it would leave it).
    const gone = await create(GONE, true);
    await adminRequest(running.baseUrl, authorization, 'POST', `/api/admin/articles/${gone.id}/publish`);
    await expect.poll(() => fb.posts.filter((p) => p.message.includes(GONE)).length, { timeout: 20_000 }).toBe(1);
    await expect.poll(() => x.posts.filter((p) => p.text.includes(GONE)).length, { timeout: 20_000 }).toBe(1);
    await running.database.db
      .updateTable('social_shares')
      .set({ state: 'failed', post_id: null, post_url: null, reason: 'X refused the post.' })
      .where('article_id', '=', gone.id)
      .where('platform', '=', 'x')
      .execute();
    const kept = await create(KEPT, false);
    for (const a of [gone, kept]) {
      await adminRequest(running.baseUrl, authorization, 'DELETE', `/api/admin/articles/${a.id}`);
    }

    const page = await web.newPage({ width: 360, height: 740 });
    // The dashboard's failed posts name it while it is in the Trash.
    await openSignedIn(page, running, `${running.baseUrl}/admin`);
    const failed = page.getByRole('region', { name: 'Failed social posts (last 7 days)' });
    await failed.getByText(GONE).waitFor();

    // Opened by its address: the screen says it was deleted and offers Delete for good.
    await page.goto(`${running.baseUrl}/admin/articles/${gone.id}`);
    const title = page.getByRole('heading', { level: 1, name: 'This article was deleted' });
    await title.waitFor();
    await page.getByText(`“${GONE}” went to the trash on`).waitFor();
    const writes = recordWrites(page);
    // By the keyboard: Tab from the focused heading reaches it after Back, Open the trash and Restore
    // (once it knows whether the article has posts to offer).
    const purge = page.getByRole('button', { name: `Delete for good ${GONE}`, exact: true });
    await expect.poll(() => purge.isEnabled(), WAIT).toBe(true);
    await expect.poll(() => page.evaluate(() => document.activeElement?.id), WAIT).toBe('admin-deleted-title');
    for (let i = 0; i < 4; i++) await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe(
      `Delete for good ${GONE}`,
    );
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('alertdialog', { name: `Delete “${GONE}” for good?` });
    expect(await dialog.innerText()).toContain('It is removed now with its history and cannot be restored.');
    // Its post still on Facebook is offered, unticked; ticked, it goes first.
    const offer = dialog.getByLabel('Also delete its post on Facebook');
    expect(await offer.isChecked()).toBe(false);
    await offer.check();
    await dialog.getByRole('button', { name: 'Delete for good', exact: true }).click();

    // The Trash, in its place, with the toast and the focus on its title; the other one is still there.
    await page.getByText('Article deleted for good', { exact: true }).waitFor();
    const trash = page.getByRole('heading', { level: 1, name: 'Deleted Articles (1)' });
    await trash.waitFor();
    expect(new URL(page.url()).searchParams.get('status')).toBe('trash');
    await page.getByRole('link', { name: exactName(KEPT) }).waitFor();
    expect(await page.getByRole('link', { name: exactName(GONE) }).count()).toBe(0);
    await expect.poll(() => page.evaluate(() => document.activeElement?.id), WAIT).toBe('admin-list-title');
    expect(writes).toEqual([
      `DELETE /api/admin/articles/${gone.id}/shares/facebook`,
      `POST /api/admin/articles/${gone.id}/purge`,
    ]);
    expect(fb.deleted).toHaveLength(1);
    // Nothing wider than the screen at 360 px.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

    // Its failed post went with it: the dashboard no longer lists it.
    await openAdminMenu(page);
    await page.getByRole('link', { name: 'Back to Dashboard' }).click();
    await failed.getByText('No post failed in the last 7 days.').waitFor();
    // Its old address now says it was deleted for good, by whom; there is nothing to restore.
    await page.goto(`${running.baseUrl}/admin/articles/${gone.id}`);
    await page.getByRole('heading', { level: 1, name: 'This article was deleted for good' }).waitFor();
    await page
      .getByText(new RegExp(`^“${GONE}” was deleted for good by .+ on .+: it cannot be restored\\.$`))
      .waitFor();
    expect(await page.getByRole('button', { name: 'Restore' }).count()).toBe(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  });
});
