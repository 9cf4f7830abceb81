import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { adminRequest } from './support/admin-request.ts';
import { startApp, type RunningApp } from './support/app.ts';
import { insertArticles } from './support/articles.ts';
import { axeViolations } from './support/axe.ts';
import { DESKTOP, useBrowser } from './support/browser.ts';
import { guardNetwork } from './support/network.ts';
import { openSignedIn } from './support/signed-in.ts';

// The Calendar (docs/product.md, Calendar; decision 054): an editor schedules an article, opens the
// Calendar from the header and finds it under its day as 'Scheduled', in the browser's time zone; on a
// phone the list of days shows it; the screen passes axe at 360 and 1280 px, light and dark, its month
// buttons on one row. Then
// (decision 055) the editor reschedules it with the dialog by keyboard and drags it to another day, and
// schedules a draft from the Drafts panel by keyboard; the panel lists the drafts changed last first (an
// older draft edited comes to the top), and a draft dragged onto a day is drawn there while its request runs.

const web = useBrowser();
const ZONE = 'Europe/Berlin';
const HEADLINE = 'Town Council Schedules Its Annual Surprise';
const PHONE = { width: 390, height: 800 };
const DRAFT = 'Mayor Drafts Apology, Awaits A Slot';
/**
 * The drag journeys' window: 1280 px wide and tall enough to show the whole month and the Drafts panel, as
 * an editor sees both while dragging. At 800 px the page scrolls between the press on the story and the drop
 * on the day, and Chromium then starts the drag from whatever the scroll brought under the pointer: which
 * depended on the month's layout, so on some days the draft above the one pressed was scheduled.
 */
const WHOLE_MONTH = { width: DESKTOP.width, height: 1400 } as const;

/** The local day (YYYY-MM-DD), its month (YYYY-MM) and list label ('Mon 30 Nov') of `at` in ZONE. */
function localDay(at: Date) {
  const part = (opts: Intl.DateTimeFormatOptions) =>
    new Intl.DateTimeFormat('en-GB', { timeZone: ZONE, ...opts }).format(at);
  const [day, month, year] = part({ day: '2-digit', month: '2-digit', year: 'numeric' }).split('/');
  const label = `${part({ weekday: 'short' })} ${Number(day)} ${part({ month: 'short' })}`;
  return { key: `${year}-${month}-${day}`, month: `${year}-${month}`, year, label };
}

/** `at` in ZONE as the newsroom words a time ('28 Nov 2026, 14:05'). */
const adminDate = (at: string) =>
  new Intl.DateTimeFormat('en-GB', {
    timeZone: ZONE,
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
  }).format(new Date(at));

/** `at` in ZONE as 24-hour 'HH:mm'. */
const localTime = (at: Date) =>
  new Intl.DateTimeFormat('en-GB', { timeZone: ZONE, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(at);

/** The local day `days` after the day of `at` (noon, so a change of clocks does not matter). */
function dayAfter(at: Date, days: number) {
  const { key } = localDay(at);
  return localDay(new Date(Date.parse(`${key}T12:00:00Z`) + days * 86_400_000));
}

/** The Calendar as opened from the header, moved on a month when the story falls in the next one. */
async function openCalendar(page: Page, month: string) {
  await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Calendar' }).click();
  await page.getByRole('heading', { level: 1, name: 'Calendar' }).waitFor();
  if (!page.url().endsWith(`month=${month}`)) {
    const shown = await page.locator('.admin-calendar__nav a', { hasText: 'Today' }).getAttribute('href');
    if (!shown?.endsWith(month)) await page.getByRole('link', { name: 'Next month' }).click();
  }
}

describe('the Calendar', () => {
  let running: RunningApp;
  let id: number;
  let at: Date;

  beforeAll(async () => {
    running = await startApp({ seed: false });
    const authorization = await running.bearer({ sub: 'calendar-fixture', name: 'Calendar Fixture' });
    const [draft, published] = await insertArticles(running.database, running.app, [
      { headline: HEADLINE, published_at: null },
      { headline: 'Already Out This Morning' },
      { headline: DRAFT, published_at: null },
    ]);
    id = draft!.id;
    expect(published).toBeTruthy();
    at = new Date(Date.now() + 30 * 60_000);
    at.setSeconds(0, 0);
    await adminRequest(running.baseUrl, authorization, 'POST', `/api/admin/articles/${id}/schedule`, {
      publishAt: at.toISOString(),
    });
  });
  afterAll(async () => {
    await running?.close();
  });

  it("shows the scheduled article under its day from the header's Calendar, and leads to its screen", async () => {
    const context = await web.newContext({ ...DESKTOP, timezoneId: ZONE });
    await guardNetwork(context);
    const page = await context.newPage();
    await openSignedIn(page, running, `${running.baseUrl}/admin`);
    const day = localDay(at);
    await openCalendar(page, day.month);
    expect(new URL(page.url()).pathname).toBe('/admin/calendar');
    const cell = page.locator('table td', { has: page.locator(`time[datetime="${day.key}"]`) });
    const story = cell.locator('li', { hasText: HEADLINE });
    await story.waitFor();
    const time = localTime(at);
    expect((await story.innerText()).replace(/\s+/g, ' ').trim()).toBe(`${time} ${HEADLINE} Scheduled Reschedule`);
    // The link is reached by keyboard, and opens the article's screen.
    await story.getByRole('link', { name: HEADLINE }).focus();
    await page.keyboard.press('Enter');
    await page.waitForURL(`**/admin/articles/${id}`);
    await page.getByRole('heading', { name: HEADLINE }).first().waitFor();
    await context.close();
  });

  it('at 390 px lists the day with the story, and no grid', async () => {
    const context = await web.newContext({ ...PHONE, timezoneId: ZONE });
    await guardNetwork(context);
    const page = await context.newPage();
    const day = localDay(at);
    await openSignedIn(page, running, `${running.baseUrl}/admin/calendar?month=${day.month}`);
    const list = page.getByRole('list', { name: 'Days with stories' });
    const entry = list.locator(':scope > li', { has: page.getByRole('heading', { name: day.label }) });
    await entry.getByRole('link', { name: HEADLINE }).waitFor();
    expect(await entry.getByText('Scheduled').isVisible()).toBe(true);
    expect(await page.locator('table').isVisible()).toBe(false);
    expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(
      0,
    );
    await context.close();
  });

  for (const colorScheme of ['light', 'dark'] as const) {
    it(`has no axe violation at 360 and 1280 px, its month buttons on one row (${colorScheme})`, async () => {
      const found: string[] = [];
      for (const size of [{ width: 360, height: 740 }, DESKTOP]) {
        const context = await web.newContext({ ...size, colorScheme, timezoneId: ZONE });
        await guardNetwork(context);
        const page = await context.newPage();
        await openSignedIn(page, running, `${running.baseUrl}/admin/calendar?month=${localDay(at).month}`);
        await page.getByRole('link', { name: HEADLINE }).first().waitFor({ state: 'attached' });
        expect(await page.evaluate(() => document.documentElement.dataset.adminTheme)).toBe(colorScheme);
        found.push(...(await axeViolations(page)).map((v) => `at ${size.width} px: ${v}`));
        // The three month buttons share one row (they wrapped to two at 360 px).
        const tops = await page
          .getByRole('navigation', { name: 'Months' })
          .getByRole('link')
          .evaluateAll((links) => links.map((a) => Math.round(a.getBoundingClientRect().top)));
        if (tops.length !== 3 || new Set(tops).size !== 1) found.push(`at ${size.width} px: month buttons at ${tops}`);
        await context.close();
      }
      expect(found).toEqual([]);
    });
  }

  it('reschedules the story with the dialog by keyboard, then by dragging it to another day, at 1280 px', async () => {
    const context = await web.newContext({ ...WHOLE_MONTH, timezoneId: ZONE });
    await guardNetwork(context);
    const page = await context.newPage();
    await openSignedIn(page, running, `${running.baseUrl}/admin/calendar?month=${localDay(at).month}`);
    const time = localTime(at);
    const thisYear = localDay(new Date()).year;
    const when = (day: ReturnType<typeof localDay>) =>
      `${day.label}${day.year === thisYear ? '' : ` ${day.year}`}, ${time}`;
    const cellOf = (key: string) => page.locator('table td', { has: page.locator(`time[datetime="${key}"]`) });
    /** The story under the day `key`, the month moved on when the grid does not show that day. */
    const storyOn = async (day: ReturnType<typeof localDay>) => {
      if ((await cellOf(day.key).count()) === 0) {
        await page.goto(`${running.baseUrl}/admin/calendar?month=${day.month}`);
      }
      return cellOf(day.key).locator('li', { hasText: HEADLINE });
    };

    // The dialog, by keyboard: two days later, at the same time.
    const button = page.getByRole('button', { name: `Reschedule “${HEADLINE}”` });
    await button.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: `Reschedule “${HEADLINE}”` });
    const date = dialog.getByLabel('Date');
    expect(await date.evaluate((el) => el === document.activeElement)).toBe(true);
    expect([await date.inputValue(), await dialog.getByLabel('Time').inputValue()]).toEqual([localDay(at).key, time]);
    expect(await axeViolations(page)).toEqual([]);
    const later = dayAfter(at, 2);
    await date.fill(later.key);
    await page.keyboard.press('Enter');
    await page.getByText(`Rescheduled to ${when(later)}`).waitFor();
    await dialog.waitFor({ state: 'hidden' });
    await (await storyOn(later)).waitFor();

    // A drag onto a neighbouring day of the grid (the day after, or the day before when the grid ends there).
    const next = dayAfter(at, 3);
    const target = (await cellOf(next.key).count()) > 0 ? next : dayAfter(at, 1);
    await (await storyOn(later)).dragTo(cellOf(target.key));
    await page.getByText(`Rescheduled to ${when(target)}`).waitFor();
    const moved = cellOf(target.key).locator('li', { hasText: HEADLINE });
    await moved.waitFor();
    expect((await moved.innerText()).replace(/\s+/g, ' ').trim()).toBe(`${time} ${HEADLINE} Scheduled Reschedule`);
    expect(await cellOf(later.key).locator('li', { hasText: HEADLINE }).count()).toBe(0);
    await context.close();
  });

  it('schedules a draft from the Drafts panel by keyboard, for tomorrow at 09:00, and shows it on its day', async () => {
    const context = await web.newContext({ ...DESKTOP, timezoneId: ZONE });
    await guardNetwork(context);
    const page = await context.newPage();
    await openSignedIn(page, running, `${running.baseUrl}/admin/calendar`);
    const panel = page.getByRole('region', { name: 'Drafts' });
    const button = panel.getByRole('button', { name: `Schedule “${DRAFT}”` });
    await button.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: `Schedule “${DRAFT}”` });
    const tomorrow = dayAfter(new Date(), 1);
    expect([await dialog.getByLabel('Date').inputValue(), await dialog.getByLabel('Time').inputValue()]).toEqual([
      tomorrow.key,
      '09:00',
    ]);
    await page.keyboard.press('Enter');
    const year = tomorrow.year === localDay(new Date()).year ? '' : ` ${tomorrow.year}`;
    await page.getByText(`Scheduled for ${tomorrow.label}${year}, 09:00`).waitFor();
    await panel.getByText('No drafts.').waitFor();
    if (!page.url().endsWith(tomorrow.month)) {
      await page.goto(`${running.baseUrl}/admin/calendar?month=${tomorrow.month}`);
    }
    const story = page
      .locator('table td', { has: page.locator(`time[datetime="${tomorrow.key}"]`) })
      .locator('li', { hasText: DRAFT });
    await story.waitFor();
    expect((await story.innerText()).replace(/\s+/g, ' ').trim()).toBe(`09:00 ${DRAFT} Scheduled Reschedule`);
    await context.close();
  });
  it('lists the drafts changed last first, and draws a draft dragged onto a day there while its request runs', async () => {
    const OLDER = 'Harbour Master Draft Gets A Second Look';
    const NEWER = 'Bakery Strike Draft Nobody Touched Since';
    const MORNING = 'Morning Slot Draft About The Fog';
    // One clock reading for the rows and the assertion, so a minute turning between them changes nothing.
    const now = Date.now();
    const hoursAgo = (h: number) => new Date(now - h * 3_600_000).toISOString();
    await insertArticles(running.database, running.app, [
      { headline: OLDER, published_at: null, created_at: hoursAgo(72), updated_at: hoursAgo(72) },
      { headline: NEWER, published_at: null, created_at: hoursAgo(24), updated_at: hoursAgo(24) },
      { headline: MORNING, published_at: null, created_at: hoursAgo(48), updated_at: hoursAgo(48) },
    ]);
    const context = await web.newContext({ ...WHOLE_MONTH, timezoneId: ZONE });
    await guardNetwork(context);
    const page = await context.newPage();
    const tomorrow = dayAfter(new Date(), 1);
    await openSignedIn(page, running, `${running.baseUrl}/admin/calendar?month=${tomorrow.month}`);
    const panel = page.getByRole('region', { name: 'Drafts' });
    const order = () => panel.getByRole('listitem').getByRole('link').allInnerTexts();
    await panel.getByRole('link', { name: NEWER }).waitFor();
    expect(await order()).toEqual([NEWER, MORNING, OLDER]);
    const olderItem = panel.getByRole('listitem').filter({ hasText: OLDER });
    expect(await olderItem.getByText(/^Edited /).innerText()).toBe(`Edited ${adminDate(hoursAgo(72))}`);

    // The editor edits the oldest draft on its screen and comes back: it is first, edited just now.
    await panel.getByRole('link', { name: OLDER }).click();
    await page.getByRole('button', { name: 'Edit', exact: true }).click();
    await page.getByLabel('Summary').fill('The harbour master has second thoughts.');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.getByRole('button', { name: 'Edit', exact: true }).waitFor();
    await page.goBack();
    await expect.poll(order).toEqual([OLDER, NEWER, MORNING]);
    const edited = (await olderItem.locator('time').getAttribute('datetime'))!;
    expect(Date.now() - Date.parse(edited)).toBeLessThan(5 * 60_000);

    // A draft dragged onto tomorrow: drawn there at 09:00 and gone from the panel while the request is held.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let sent!: () => void;
    const scheduleSent = new Promise<void>((resolve) => (sent = resolve));
    await page.route('**/api/admin/articles/*/schedule', async (route) => {
      sent();
      await held;
      await route.continue();
    });
    const cell = page.locator('table td', { has: page.locator(`time[datetime="${tomorrow.key}"]`) });
    await panel.getByRole('listitem').filter({ hasText: MORNING }).dragTo(cell);
    await scheduleSent;
    const drawn = cell.locator('li', { hasText: MORNING });
    await drawn.waitFor();
    expect((await drawn.innerText()).replace(/\s+/g, ' ').trim()).toBe(`09:00 ${MORNING} Scheduled Reschedule`);
    expect(await panel.getByRole('link', { name: MORNING }).count()).toBe(0);
    const year = tomorrow.year === localDay(new Date()).year ? '' : ` ${tomorrow.year}`;
    const done = page.getByText(`Scheduled for ${tomorrow.label}${year}, 09:00`);
    expect(await done.count()).toBe(0);
    release();
    await done.waitFor();
    await page.unroute('**/api/admin/articles/*/schedule');
    // Loaded again: what the server holds, the same.
    await drawn.waitFor();
    expect(await cell.locator('li', { hasText: MORNING }).count()).toBe(1);
    expect(await order()).toEqual([OLDER, NEWER]);
    await context.close();
  });
});
