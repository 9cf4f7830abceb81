import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminArticle } from '../common/admin-contract.ts';
import { legacyTextToBody } from '../common/body/legacy.ts';
import type { AdminLiveEntry } from '../common/live-contract.ts';
import type { ArticleRow } from '../server/src/db/schema.ts';
import { offCentreSubject, uploadImage } from '../server/src/test-support/test-images.ts';
import { PICTURES_CACHE, STORIES_CACHE } from '../web/src/features/offline/worker/policy.ts';
import { startApp, type RunningApp } from './support/app.ts';
import { adminRequest } from './support/admin-request.ts';
import { insertArticles } from './support/articles.ts';
import { useBrowser } from './support/browser.ts';
import { exactName } from './support/public-site.ts';
import { EDITOR } from './support/sign-in.ts';

const web = useBrowser();
const contextOptions = { timezoneId: Intl.DateTimeFormat().resolvedOptions().timeZone, locale: 'en-GB' };

/** The addresses kept in one of the worker's caches on this device. */
const kept = (page: Page, cache: string) =>
  page.evaluate(async (name) => {
    const keys = await (await caches.open(name)).keys();
    return keys.map((r) => new URL(r.url).pathname);
  }, cache);
/** The stories the worker keeps (what the offline page will list). */
const keptStories = (page: Page) => kept(page, STORIES_CACHE);
/** The kept stories' pictures. */
const keptPictures = (page: Page) => kept(page, PICTURES_CACHE);
/** The HTML of a story's kept copy on this device ('' when none). */
const keptCopy = (page: Page, path: string) =>
  page.evaluate(async ({ name, path }) => (await (await caches.open(name)).match(path))?.text() ?? '', {
    name: STORIES_CACHE,
    path,
  });

// Offline reading (decision 056): the public pages' service worker, in real chromium, offline and back.
describe('reading offline', () => {
  let running: RunningApp;
  let read: ArticleRow;
  let unread: ArticleRow;
  /** The story's picture as its page offers it (srcset), and the width kept for reading offline. */
  let picture: { url: string; kept: string };

  beforeAll(async () => {
    running = await startApp({ seed: false });
    const uploaded = await uploadImage(
      running.app,
      await running.bearer(),
      await offCentreSubject(1600, 900, 1200, 300, 120),
    );
    picture = { url: uploaded.url, kept: `/images/${uploaded.id}-960.webp` };
    [read, unread] = await insertArticles(running.database, running.app, [
      {
        headline: 'Commuter Reads Whole Newspaper In Tunnel, Demands Longer Tunnels',
        summary: 'Rail operator considers it.',
        content: 'The tunnel was 40 seconds long.\n\nHe read every word, twice.',
        author: 'Rex Tattle',
        category: 'UK',
        image_url: picture.url,
      },
      {
        headline: 'Signal Found Hiding Behind Station Sandwich Shop',
        summary: 'It had been there all along.',
        content: 'Staff were surprised.',
        author: 'Priya Scoop',
        category: 'UK',
      },
    ]);
  });
  afterAll(async () => {
    await running?.close();
  });

  it('the newsroom registers no worker; a story read once opens again offline with a notice, other pages show the offline page; online, the network answers again', async () => {
    const context = await web.newContext(contextOptions);
    const page = await context.newPage();
    const storyUrl = `${running.baseUrl}/article/${read.slug}`;

    // The newsroom never registers the worker.
    await page.goto(`${running.baseUrl}/admin`);
    await page
      .getByRole('button', { name: /sign in/i })
      .first()
      .waitFor();
    expect(await page.evaluate(async () => (await navigator.serviceWorker.getRegistrations()).length)).toBe(0);

    // A reader lands on a story (a shared link): the page registers the worker once it has loaded and
    // the app has started; once active, the worker controls the page and keeps the story, which came
    // before it, with its picture at the width a phone loads (never the page's other pictures).
    expect((await page.goto(storyUrl))?.status()).toBe(200);
    await page.getByRole('heading', { level: 1, name: exactName(read.headline) }).waitFor();
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 20_000 });
    await expect.poll(() => keptStories(page)).toEqual([`/article/${read.slug}`]);
    await expect.poll(() => keptPictures(page)).toEqual([picture.kept]);
    await expect(page.locator('#offline-copy-notice').count()).resolves.toBe(0);

    // The train enters a tunnel while the reader is on the home page, which the app runs. A story never
    // read: its link is followed by the browser, not the app's router, and the worker answers the offline
    // page, listing the story kept.
    await page.goto(`${running.baseUrl}/`);
    await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
    // Nothing of the story in the browser's own cache: offline, its picture can only come from the worker.
    await (await context.newCDPSession(page)).send('Network.clearBrowserCache');
    await context.setOffline(true);
    await page
      .getByRole('link', { name: exactName(unread.headline) })
      .first()
      .click();
    await page.waitForURL(`${running.baseUrl}/article/${unread.slug}`);
    await page.getByRole('heading', { level: 1, name: "You're offline" }).waitFor();
    await page.getByRole('heading', { name: 'Stories you have read on this device are still here:' }).waitFor();
    const link = page.getByRole('link', { name: exactName(read.headline) });
    expect(await link.getAttribute('href')).toBe(`/article/${read.slug}`);
    await page.getByText(/^Saved \d{1,2} \w+ \d{4} at \d\d:\d\d$/).waitFor();

    // Its link: the story from the device, under the notice, styled, without the app's script; a reload too.
    await link.click();
    await page.waitForURL(storyUrl);
    const notice = page.getByRole('status').filter({ hasText: "You're offline: this is the copy saved on" });
    for (const how of ['link', 'reload']) {
      if (how === 'reload') await page.reload();
      await page.getByRole('heading', { level: 1, name: exactName(read.headline) }).waitFor();
      await notice.waitFor();
      expect(await notice.textContent()).toMatch(
        /^You're offline: this is the copy saved on \d{1,2} \w+ \d{4} at \d\d:\d\d\.$/,
      );
      await page.getByText('He read every word, twice.').waitFor();
      // The public stylesheet came from the worker too: the masthead is red.
      const masthead = await page.locator('.site-masthead').evaluate((el) => getComputedStyle(el).backgroundColor);
      expect(masthead).toBe('rgb(215, 0, 15)');
      expect(await page.locator('script[src], link[rel="modulepreload"]').count()).toBe(0);
      // The story's picture, from the device: the width kept, loaded.
      const hero = page.locator('article img').first();
      await expect
        .poll(() => hero.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
        .toBe(true);
      expect(await hero.evaluate((img: HTMLImageElement) => new URL(img.currentSrc).pathname)).toBe(picture.kept);
      // No blank space where the share dialog's button (it needs the app) would be: the plain share links.
      expect(await page.getByRole('button', { name: 'Share on Social' }).count()).toBe(0);
      await page.getByRole('link', { name: 'Share on Facebook' }).waitFor();
    }
    // At 390 px the header's MENU (a link, as on the pages sent without script: the app's button needs
    // the app) opens the category bar, whose sections lead to the offline page.
    const wide = page.viewportSize()!;
    await page.setViewportSize({ width: 390, height: 844 });
    const sections = page.getByRole('navigation', { name: 'Main' });
    expect(await sections.isVisible()).toBe(false);
    await page.getByRole('link', { name: 'MENU', exact: true }).click();
    await sections.getByRole('link', { name: 'Politics', exact: true }).waitFor();
    await notice.waitFor();
    await sections.getByRole('link', { name: 'Politics', exact: true }).click();
    await page.waitForURL(`${running.baseUrl}/politics`);
    await page.getByRole('heading', { level: 1, name: "You're offline" }).waitFor();
    await page.setViewportSize(wide);

    // Back online, the network answers: the story unpublished meanwhile is gone, and so is its copy.
    await context.setOffline(false);
    await adminRequest(running.baseUrl, () => running.bearer(), 'POST', `/api/admin/articles/${read.id}/unpublish`);
    expect((await page.goto(storyUrl))?.status()).toBe(404);
    await page.getByRole('heading', { level: 1, name: 'Article not found' }).waitFor();
    expect(await page.locator('#offline-copy-notice').count()).toBe(0);
    await expect.poll(() => keptStories(page)).toEqual([]);
    await expect.poll(() => keptPictures(page)).toEqual([]);
    // The offline page (opened online, it lists what is kept) has nothing left to offer.
    await page.goto(`${running.baseUrl}/offline`);
    await page.getByText('Nothing saved yet: stories you open are kept here for reading offline.').waitFor();
    expect(await page.getByRole('link', { name: exactName(read.headline) }).count()).toBe(0);

    // The newsroom, with the worker in place: the worker leaves it alone (from the network, never kept).
    const admin = await page.goto(`${running.baseUrl}/admin`);
    expect(admin?.status()).toBe(200);
    expect(await admin?.headerValue('cache-control')).toBe('private, no-store');
  });

  it('a live blog’s copy keeps the entries that arrived while it was open (at once, then when the page goes away), and offline says it is paused', async () => {
    const authorization = () => running.bearer({ sub: '1', name: 'Live Editor', preferred_username: EDITOR.username });
    const api = <T>(method: string, path: string, payload?: unknown) =>
      adminRequest<T>(running.baseUrl, authorization, method, path, payload);
    const created = await api<AdminArticle>('POST', '/api/admin/articles', {
      headline: 'Goose Summit Live',
      content: 'Geese gather at the summit.',
      category: 'UK',
      author: 'Live Desk',
    });
    await api('POST', `/api/admin/articles/${created.id}/publish`);
    const live = await api<AdminArticle>('POST', `/api/admin/articles/${created.id}/live/start`);
    const postEntry = (text: string) =>
      api<AdminLiveEntry>('POST', `/api/admin/articles/${live.id}/live/entries`, { body: legacyTextToBody(text) });
    const path = `/article/${live.slug}`;

    // A reader opens the live blog before its first entry: the worker keeps it as it is, with none.
    const context = await web.newContext(contextOptions);
    const page = await context.newPage();
    await page.goto(`${running.baseUrl}${path}`);
    await page.getByText('No updates yet.').waitFor();
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 20_000 });
    await page.waitForFunction(() => document.documentElement.dataset.live === 'open');
    await expect.poll(() => keptCopy(page, path)).toContain('No updates yet.');

    // The first entry arrives through the stream: the page asks the worker at once to keep the story
    // again, and the copy has it.
    await postEntry('The geese reach the summit.');
    await page.getByRole('button', { name: '1 new update' }).click();
    await page.getByText('The geese reach the summit.').waitFor();
    await expect.poll(() => keptCopy(page, path)).toContain('The geese reach the summit.');
    expect(await keptCopy(page, path)).not.toContain('No updates yet.');

    // A second within the minute is not asked for yet (at most once a minute while entries keep coming) ...
    await postEntry('A gander demands bread.');
    await page.getByRole('button', { name: '1 new update' }).click();
    await page.getByText('A gander demands bread.').waitFor();
    expect(await keptCopy(page, path)).not.toContain('A gander demands bread.');
    // ... but as soon as the reader leaves the page.
    await page.goto(`${running.baseUrl}/`);
    await expect.poll(() => keptCopy(page, path)).toContain('A gander demands bread.');

    // Offline, the story's copy lists both entries, and its status says it is paused, not live.
    // (Nothing of the story in the browser's own cache: its page, fetched by the worker a moment ago,
    // would answer the worker's fetch for a second, stale-while-revalidate, network or not.)
    await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
    await (await context.newCDPSession(page)).send('Network.clearBrowserCache');
    await context.setOffline(true);
    await page
      .getByRole('link', { name: exactName(live.headline) })
      .first()
      .click();
    await page.waitForURL(`${running.baseUrl}${path}`);
    await page.getByRole('status').filter({ hasText: "You're offline: this is the copy saved on" }).waitFor();
    await page.getByRole('heading', { name: 'Live updates' }).waitFor();
    const entries = page.locator('.live-entries > li .live-entry__body');
    expect(await entries.allTextContents()).toEqual(['A gander demands bread.', 'The geese reach the summit.']);
    expect(await page.getByTestId('live-status').textContent()).toBe('Paused offline');
    expect(await page.locator('.live-status__dot').count()).toBe(0);
    expect(await page.getByText('Live', { exact: true }).count()).toBe(0);
    await context.close();
  });
});
