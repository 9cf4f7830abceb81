import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { AdminArticle } from '../common/admin-contract.ts';
import type { BodyDoc } from '../common/body/types.ts';
import { legacyTextToBody } from '../common/body/legacy.ts';
import type { AdminLiveEntry } from '../common/live-contract.ts';
import { startApp, type RunningApp } from './support/app.ts';
import { useBrowser } from './support/browser.ts';
import { EDITOR } from './support/sign-in.ts';
import { adminRequest } from './support/admin-request.ts';
import { axeViolations } from './support/axe.ts';

// Live updates as readers get them (docs/product.md, Live updates): two reader pages open while an
// editor (the admin API) publishes a breaking story and posts, corrects and deletes live entries.

const PHONE = { width: 390, height: 844 };
/** What "appears within 2 s" allows for each change. */
const WITHIN_MS = 2_000;

const web = useBrowser();
let running: RunningApp;
/** An editor's token minted for each request: one minted in beforeAll expires if the file outlasts its lifetime. */
const authorization = () => running.bearer({ sub: '1', name: 'Live Editor', preferred_username: EDITOR.username });

const api = <T>(method: string, path: string, payload?: unknown) =>
  adminRequest<T>(running.baseUrl, authorization, method, path, payload);

/** A one-paragraph body. */
const text = (t: string): BodyDoc => legacyTextToBody(t);

async function publishedStory(headline: string, extra: Record<string, unknown> = {}): Promise<AdminArticle> {
  const created = await api<AdminArticle>('POST', '/api/admin/articles', {
    headline,
    content: `${headline}: the details.`,
    category: 'Politics',
    author: 'Live Desk',
    ...extra,
  });
  return api<AdminArticle>('POST', `/api/admin/articles/${created.id}/publish`);
}

async function liveStory(headline: string): Promise<AdminArticle> {
  const story = await publishedStory(headline);
  return api<AdminArticle>('POST', `/api/admin/articles/${story.id}/live/start`);
}

const postEntry = (articleId: number, t: string, keyEvent = false) =>
  api<AdminLiveEntry>('POST', `/api/admin/articles/${articleId}/live/entries`, { body: text(t), keyEvent });

/** Counts layout shifts not caused by input, from the first paint (the buffered ones included). */
async function watchLayoutShifts(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const w = window as unknown as { __cls: number };
    w.__cls = 0;
    new PerformanceObserver((list) => {
      for (const e of list.getEntries() as unknown as { hadRecentInput: boolean; value: number }[]) {
        if (!e.hadRecentInput) w.__cls += e.value;
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
}
const layoutShift = (page: Page) => page.evaluate(() => (window as unknown as { __cls: number }).__cls);

/** Opens a page and waits until its live stream is open (the app hydrated it and connected). */
async function openLive(page: Page, path: string): Promise<void> {
  await page.goto(`${running.baseUrl}${path}`);
  await page.waitForFunction(() => document.documentElement.dataset.live === 'open');
}

/** Waits (at most 2 s) until `check` holds in the page. */
async function within(
  page: Page,
  check: (arg: never) => boolean,
  arg: string | number | null,
  what: string,
): Promise<void> {
  try {
    await page.waitForFunction(check as never, arg, { timeout: WITHIN_MS, polling: 50 });
  } catch {
    throw new Error(`not within ${WITHIN_MS} ms: ${what}`);
  }
}

const entryIds = (page: Page) =>
  page.locator('.live-entries > li').evaluateAll((els) => els.map((e) => Number(e.getAttribute('data-entry-id'))));

beforeAll(async () => {
  // React's development build: it reports every hydration mismatch, attributes included.
  running = await startApp({ build: 'development' });
});
afterAll(async () => {
  await running?.close();
});

describe('live updates on the public pages', () => {
  it('two readers see a breaking story and every entry change within 2 s, announced, without layout shift', async () => {
    const live = await liveStory('Goose Summit Live');
    const first = await postEntry(live.id, 'The geese arrive at the summit.', true);
    const second = await postEntry(live.id, 'A gander demands bread.');

    const pages: Page[] = [];
    for (const size of [{}, PHONE]) {
      const page = await web.newPage(size);
      await watchLayoutShifts(page);
      await openLive(page, `/article/${live.slug}`);
      // the reader looks at the live blog
      await page.locator('[data-testid="live-blog"]').evaluate((el) => el.scrollIntoView({ block: 'start' }));
      expect(await entryIds(page)).toEqual([second.id, first.id]);
      await expect(page.getByTestId('live-status').textContent()).resolves.toBe('Live');
      pages.push(page);
    }
    // one stream per page, with the article's entries
    expect([...running.app.liveHub.streams].filter((s) => s.articleId === live.id)).toHaveLength(2);

    // A breaking story: the strip of both pages, and the polite announcement.
    const breaking = await publishedStory('Swan Seizes Parliament', { isBreaking: true });
    for (const page of pages) {
      await within(
        page,
        (h) =>
          (document.querySelector('[data-testid="breaking-strip-text"]')?.textContent ?? '').startsWith(h) &&
          document.querySelector('[data-testid="breaking-announcement"]')?.textContent === `Breaking: ${h}`,
        breaking.headline,
        'the breaking strip',
      );
      expect(await page.getByTestId('breaking-announcement').getAttribute('aria-live')).toBe('polite');
    }

    // A new entry waits behind the button; the list does not move.
    const third = await postEntry(live.id, 'Bread is found.');
    for (const page of pages) {
      await within(
        page,
        () => document.querySelector('[data-testid="new-updates"]')?.textContent === '1 new update',
        null,
        'the new update button',
      );
      expect(await page.getByTestId('live-announcement').textContent()).toBe('1 new update');
      expect(await entryIds(page)).toEqual([second.id, first.id]);
    }

    // A correction replaces the entry's text in place.
    await api('PATCH', `/api/admin/articles/${live.id}/live/entries/${second.id}`, {
      body: text('A gander demands toast.'),
      version: second.version,
    });
    for (const page of pages) {
      await within(
        page,
        (id) => document.querySelector(`#entry-${id} .article-body`)?.textContent === 'A gander demands toast.',
        second.id,
        'the correction',
      );
    }

    // A deleted entry leaves a line in its place.
    await api('DELETE', `/api/admin/articles/${live.id}/live/entries/${first.id}`);
    for (const page of pages) {
      await within(
        page,
        (id) => document.querySelector(`#entry-${id}`)?.textContent === 'This update was removed.',
        first.id,
        'the removal line',
      );
      expect(await page.getByTestId('live-announcement').textContent()).toBe('An update was removed.');
    }

    // Nothing moved on its own meanwhile.
    for (const page of pages) expect(await layoutShift(page)).toBeLessThanOrEqual(0.01);

    // The story withdrawn: it leaves the strip.
    await api('POST', `/api/admin/articles/${breaking.id}/unpublish`);
    for (const page of pages) {
      await within(
        page,
        (h) => !(document.querySelector('[data-testid="breaking-strip-text"]')?.textContent ?? '').includes(h),
        breaking.headline,
        'the strip without the withdrawn story',
      );
    }

    // The reader asks for the new update: it goes on top, the removal line goes.
    for (const page of pages) {
      await page.getByRole('button', { name: '1 new update' }).click();
      expect(await entryIds(page)).toEqual([third.id, second.id]);
      expect(await layoutShift(page)).toBeLessThanOrEqual(0.01);
    }

    // Coverage ends: the pages say so, and their streams no longer carry the article.
    await api('POST', `/api/admin/articles/${live.id}/live/end`);
    for (const page of pages) {
      await within(
        page,
        () => /^Coverage ended /.test(document.querySelector('[data-testid="live-status"]')?.textContent ?? ''),
        null,
        'coverage ended',
      );
    }
    await expect.poll(() => [...running.app.liveHub.streams].filter((s) => s.articleId === live.id).length).toBe(0);
  });

  it('a reader who was offline gets the three entries posted meanwhile, once each, in order', async () => {
    const live = await liveStory('Heron Hearing Live');
    const opening = await postEntry(live.id, 'The hearing opens.');
    const context = await web.newContext(PHONE);
    const page = await context.newPage();
    await openLive(page, `/article/${live.slug}`);
    expect(await entryIds(page)).toEqual([opening.id]);

    await context.setOffline(true);
    // the network going away also ends the stream on the server's side
    for (const s of [...running.app.liveHub.streams]) if (s.articleId === live.id) s.res.destroy();
    await page.waitForFunction(() => document.documentElement.dataset.live !== 'open');
    const missed = [];
    for (const t of ['One heron objects.', 'Two herons object.', 'Three herons leave.']) {
      missed.push(await postEntry(live.id, t));
    }
    await context.setOffline(false);

    // EventSource reconnects by itself (with Last-Event-ID) and gets exactly what it missed.
    await page.getByRole('button', { name: '3 new updates' }).waitFor({ timeout: 15_000 });
    await page.getByRole('button', { name: '3 new updates' }).click();
    expect(await entryIds(page)).toEqual([missed[2]!.id, missed[1]!.id, missed[0]!.id, opening.id]);
    // Nothing comes in twice: the stream keeps its order, so an entry posted now arrives after anything
    // replayed, and it is then the one new update.
    const next = await postEntry(live.id, 'Four herons return.');
    await page.getByRole('button', { name: '1 new update', exact: true }).click();
    expect(await entryIds(page)).toEqual([next.id, missed[2]!.id, missed[1]!.id, missed[0]!.id, opening.id]);
  });

  it('without JavaScript the page lists the entries, with older ones a link away', async () => {
    const live = await liveStory('Duck Debate Live');
    const posted: AdminLiveEntry[] = [];
    for (let i = 1; i <= 22; i++) posted.push(await postEntry(live.id, `Duck point ${i}.`, i === 3));
    const newest = posted.slice().reverse();

    const page = await web.newPage({ ...PHONE, javaScriptEnabled: false });
    await page.goto(`${running.baseUrl}/article/${live.slug}`);
    expect(await entryIds(page)).toEqual(newest.slice(0, 20).map((e) => e.id));
    expect(await page.locator(`#entry-${newest[0]!.id} time`).getAttribute('datetime')).toBe(newest[0]!.postedAt);
    expect(await page.locator(`#entry-${newest[0]!.id} .live-entry__author`).textContent()).toBe('Live Editor');
    // the key event in the summary links to its entry
    expect(await page.locator('.live-key-events a').first().getAttribute('href')).toBe(`#entry-${posted[2]!.id}`);

    await page.getByRole('link', { name: 'Older updates' }).click();
    expect(new URL(page.url()).search).toMatch(/^\?before=\d+$/);
    expect(await entryIds(page)).toEqual(newest.slice(20).map((e) => e.id));
    await page.getByRole('link', { name: 'Back to the newest updates' }).click();
    expect(new URL(page.url()).pathname).toBe(`/article/${live.slug}`);
    expect(await entryIds(page)).toHaveLength(20);

    // The story's card says LIVE.
    await page.goto(`${running.baseUrl}/politics`);
    const card = page.locator('article', { has: page.locator(`a[href="/article/${live.slug}"]`) }).first();
    expect(await card.locator('.live-badge').textContent()).toBe('LIVE');
  });

  // A test per screen, each with its own time (axe on a live page takes several seconds on a loaded
  // 2-core machine; four pages in one test came past half its limit).
  describe('a live page', () => {
    let live: AdminArticle;
    let gone: AdminLiveEntry;
    beforeAll(async () => {
      live = await liveStory('Pelican Press Conference Live');
      await postEntry(live.id, 'The pelican takes questions.', true);
      gone = await postEntry(live.id, 'A fish is mentioned.');
    });

    for (const size of [PHONE, {}, { width: 360, height: 740 }]) {
      it(`has no axe violation at ${'width' in size ? `${size.width} px` : 'desktop width'}, fits the screen and hydrates cleanly`, async () => {
        const page = await web.newPage(size);
        const errors: string[] = [];
        page.on('console', (m) => {
          if (m.type() === 'error') errors.push(m.text());
        });
        await openLive(page, `/article/${live.slug}`);
        expect(await axeViolations(page)).toEqual([]);
        // no sideways scrolling, and the server's page hydrated as it was (no mismatch)
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
          page.viewportSize()!.width,
        );
        expect(errors).toEqual([]);
      });
    }

    it('has no axe violation with an update waiting and one removed, and the button shows its focus', async () => {
      const page = await web.newPage(PHONE);
      await openLive(page, `/article/${live.slug}`);
      await postEntry(live.id, 'The pelican leaves.');
      await api('DELETE', `/api/admin/articles/${live.id}/live/entries/${gone.id}`);
      await page.getByRole('button', { name: '1 new update' }).waitFor();
      await page.locator(`#entry-${gone.id}`, { hasText: 'This update was removed.' }).waitFor();
      expect(await axeViolations(page)).toEqual([]);
      // the button is reached by keyboard and shows its focus
      await page.getByRole('button', { name: '1 new update' }).focus();
      await page.keyboard.press('Shift+Tab');
      await page.keyboard.press('Tab');
      const outline = await page.evaluate(() => getComputedStyle(document.activeElement!).outlineStyle);
      expect(outline).toBe('solid');
    });
  });

  it('a new story on the home page: "N new stories" without moving the page, then the listing from the top', async () => {
    const page = await web.newPage(PHONE);
    await watchLayoutShifts(page);
    await openLive(page, '/');
    await page.evaluate(() => window.scrollTo(0, 600));
    const story = await publishedStory('Otter Opens Casino');
    await within(
      page,
      () => document.querySelector('[data-testid="new-stories"]')?.textContent === '1 new story',
      null,
      'the new stories button',
    );
    expect(await layoutShift(page)).toBeLessThanOrEqual(0.01);
    await page.keyboard.press('Tab');
    await page.getByRole('button', { name: '1 new story' }).focus();
    await page.keyboard.press('Enter');
    await page.locator(`a[href="/article/${story.slug}"]`).first().waitFor();
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    expect(await page.getByTestId('new-stories').count()).toBe(0);
  });
});
