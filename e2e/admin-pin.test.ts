import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { startApp, type RunningApp } from './support/app.ts';
import { insertArticles } from './support/articles.ts';
import { axeViolations } from './support/axe.ts';
import { DESKTOP, useBrowser, type BrowserFixture } from './support/browser.ts';
import { openSignedIn } from './support/signed-in.ts';

// Pinning a story to the top (decision 064), in headless Chromium against the real app, on SQLite and on
// PostgreSQL (e2eOnPostgres in vitest.config.ts): an editor pins an older Politics story from its screen;
// readers then find it as the lead card of the home page and of Politics (the server's page, with and
// without JavaScript); All Articles marks it Pinned and its row unpins and pins it; the Dashboard lists it
// and unpins it; unpinned, it goes back to its place. The demo
// content's breaking stories are made ordinary first: a pinned story leads after the breaking ones, and
// this journey is about the pin.

const NARROW = { width: 390, height: 800 };
const OLD = 'Parish Council Votes To Pin Its Own Agenda';

/** The headlines of the first cards of a listing, as a reader's page shows them. */
async function cardHeadlines(page: Page, url: string, n = 2): Promise<string[]> {
  await page.goto(url);
  const cards = page.locator('main article.story-card h2');
  await cards.first().waitFor();
  return (await cards.allInnerTexts()).slice(0, n).map((t) => t.trim().toUpperCase());
}

/**
 * The lead card a reader finds once a change has reached them. The public pages allow a browser to show
 * its copy for up to a second while it asks again (`stale-while-revalidate`), so a reader who reloads at
 * once may still see the page as it was: this reloads until the change shows (within the poll's bound).
 */
const leadOnceChanged = (page: Page, url: string) => expect.poll(async () => (await cardHeadlines(page, url))[0]);

/** The same, with JavaScript off: the server's page alone. */
async function serverCardHeadlines(web: BrowserFixture, url: string): Promise<string[]> {
  return cardHeadlines(await web.newPage({ ...DESKTOP, javaScriptEnabled: false }), url);
}

describe('Pin to the top', () => {
  let running: RunningApp;
  const web = useBrowser();
  let old: { id: number; headline: string };

  beforeAll(async () => {
    running = await startApp();
    await running.database.db.updateTable('articles').set({ is_breaking: 0 }).execute();
    // Three days old: every demo story of the last days comes before it until it is pinned.
    [old] = await insertArticles(running.database, running.app, [
      { headline: OLD, category: 'Politics', published_at: new Date(Date.now() - 3 * 86_400_000).toISOString() },
    ]);
  });
  afterAll(async () => running?.close());

  it('an editor pins an older story: it leads the home page and Politics until it is unpinned', async () => {
    const base = running.baseUrl;
    const reader = await web.newPage({ ...DESKTOP });
    const [homeLead] = await cardHeadlines(reader, `${base}/`);
    expect(homeLead).not.toBe(OLD.toUpperCase());

    const page = await web.newPage({ ...NARROW });
    await openSignedIn(page, running, `${base}/admin/articles/${old.id}`);
    await page.getByRole('heading', { level: 1, name: OLD }).waitFor();
    const pin = page.getByRole('button', { name: 'Pin to the top' });
    // What it does is said beside it, and read with it.
    expect(await pin.getAttribute('aria-describedby')).toBe(`admin-pin-${old.id}`);
    expect(await page.locator(`#admin-pin-${old.id}`).innerText()).toBe(
      'Leads the home page and Politics, after any breaking story. At most 3 stories are pinned at once.',
    );
    await pin.focus();
    await page.keyboard.press('Enter');
    await page.getByRole('button', { name: 'Unpin' }).waitFor();
    expect(await page.locator(`#admin-pin-${old.id}`).innerText()).toMatch(
      /^Pinned by .+, \d{1,2} \w{3} \d{4}, \d\d:\d\d: it leads the home page and Politics, after any breaking story\.$/,
    );
    expect(await page.locator('.admin-detail__badges .admin-badge--pinned').innerText()).toBe('Pinned');
    expect(await axeViolations(page)).toEqual([]);
    // Nothing wider than the phone's screen.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(NARROW.width);

    // Readers: the lead card of the home page and of Politics, with JavaScript and without.
    await leadOnceChanged(reader, `${base}/`).toBe(OLD.toUpperCase());
    expect((await cardHeadlines(reader, `${base}/politics`))[0]).toBe(OLD.toUpperCase());
    expect((await serverCardHeadlines(web, `${base}/`))[0]).toBe(OLD.toUpperCase());
    expect(await cardHeadlines(reader, `${base}/sport`, 20)).not.toContain(OLD.toUpperCase());

    // All Articles marks it, and its row's Unpin and Pin (by keyboard) take it off the top and back.
    await page.goto(`${base}/admin/articles?status=published&search=${encodeURIComponent('Pin Its Own')}`);
    const row = page.locator('.admin-row', { hasText: OLD });
    await row.waitFor();
    expect(await row.locator('.admin-badge--pinned').innerText()).toBe('Pinned');
    await row.getByRole('button', { name: `Unpin ${OLD}`, exact: true }).click();
    await row.getByRole('button', { name: `Pin ${OLD}`, exact: true }).focus();
    expect(await row.locator('.admin-badge--pinned').count()).toBe(0);
    await leadOnceChanged(reader, `${base}/`).toBe(homeLead);
    await page.keyboard.press('Enter');
    await row.getByRole('button', { name: `Unpin ${OLD}`, exact: true }).waitFor();
    expect(await row.locator('.admin-badge--pinned').innerText()).toBe('Pinned');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(NARROW.width);
    await leadOnceChanged(reader, `${base}/`).toBe(OLD.toUpperCase());

    // The Dashboard lists it under 'Pinned to the top', a link to its screen, and unpins it there.
    await page.goto(`${base}/admin`);
    const panel = page.getByRole('region', { name: 'Pinned to the top' });
    await panel.getByRole('link', { name: OLD }).waitFor();
    expect(await panel.getByRole('link', { name: OLD }).getAttribute('href')).toBe(`/admin/articles/${old.id}`);
    expect(await panel.locator('p').first().innerText()).toMatch(/^1 of 3 pinned\./);
    expect(await axeViolations(page)).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(NARROW.width);
    await panel.getByRole('button', { name: `Unpin ${OLD}`, exact: true }).click();
    await panel.getByText(/^No story is pinned/).waitFor();

    // Unpinned, it goes back to its place.
    await leadOnceChanged(reader, `${base}/`).toBe(homeLead);
  });

  it('a pin for 3 hours says until when, its end can be moved, and it ends by itself at the scheduler’s step', async () => {
    const base = running.baseUrl;
    const page = await web.newPage({ ...NARROW });
    await openSignedIn(page, running, `${base}/admin/articles/${old.id}`);
    await page.getByRole('heading', { level: 1, name: OLD }).waitFor();
    const keep = page.getByLabel('Keep it pinned');
    expect(await keep.locator('option:checked').innerText()).toBe('until unpinned');
    await keep.selectOption({ label: 'for 3 hours' });
    await page.getByRole('button', { name: 'Pin to the top' }).click();
    await page.getByRole('button', { name: 'Unpin' }).waitFor();
    expect(await page.locator(`#admin-pin-${old.id}`).innerText()).toMatch(
      /^Pinned by .+: it leads the home page and Politics, after any breaking story, until \d{1,2} \w{3} \d{4}, \d\d:\d\d\.$/,
    );
    expect(await keep.locator('option:checked').innerText()).toMatch(/^as it is, until /);
    expect(await axeViolations(page)).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(NARROW.width);

    await page.goto(`${base}/admin`);
    const panel = page.getByRole('region', { name: 'Pinned to the top' });
    await panel.getByRole('link', { name: OLD }).waitFor();
    expect(await panel.locator('li', { hasText: OLD }).innerText()).toMatch(
      /, until \d{1,2} \w{3} \d{4}, \d\d:\d\d\s+Unpin$/,
    );
    const reader = await web.newPage({ ...DESKTOP });
    expect((await cardHeadlines(reader, `${base}/`))[0]).toBe(OLD.toUpperCase());

    // The editor moves the end to a day from now, by keyboard, on the story's screen.
    await panel.getByRole('link', { name: OLD }).click();
    const moved = page.getByLabel('Keep it pinned');
    await moved.waitFor();
    await moved.selectOption({ label: 'for 1 day from now' });
    await page.getByRole('button', { name: 'Change' }).focus();
    await page.keyboard.press('Enter');
    await page.getByText('Pin changed').waitFor();
    await moved.locator('option:checked', { hasText: /^as it is, until / }).waitFor({ state: 'attached' });
    // Four hours on, the scheduler's step leaves it pinned; a day on, it unpins it: readers no longer find
    // it first, the newsroom sees it unpinned.
    expect((await running.app.scheduler.tick(new Date(Date.now() + 4 * 3_600_000))).unpinned).toEqual([]);
    expect((await cardHeadlines(reader, `${base}/`))[0]).toBe(OLD.toUpperCase());
    const tick = await running.app.scheduler.tick(new Date(Date.now() + 25 * 3_600_000));
    expect(tick.unpinned).toEqual([old.id]);
    await leadOnceChanged(reader, `${base}/`).not.toBe(OLD.toUpperCase());
    await page.goto(`${base}/admin/articles/${old.id}`);
    await page.getByRole('button', { name: 'Pin to the top' }).waitFor();
    expect(await page.locator('.admin-detail__badges .admin-badge--pinned').count()).toBe(0);
  });
});
