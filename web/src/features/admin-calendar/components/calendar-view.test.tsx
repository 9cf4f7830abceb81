// @vitest-environment happy-dom
import { cleanup, screen, within } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { fakeApi, json, type Sent } from '@/testing/fake-admin-api';
import { renderInAdmin } from '@/testing/render-in-admin';
import type { CalendarStory } from '../api/get-calendar.ts';
import { CalendarView } from './calendar-view.tsx';

// The editor's time zone, fixed: Berlin is UTC+1 in December.
const zone = process.env.TZ;
beforeAll(() => {
  process.env.TZ = 'Europe/Berlin';
});
afterAll(() => {
  process.env.TZ = zone;
});
afterEach(cleanup);

const NOW = new Date('2026-12-10T09:00:00.000Z');

let nextId = 1;
const story = (fields: Partial<CalendarStory>): CalendarStory => ({
  id: nextId++,
  headline: 'A story',
  categoryId: 1,
  state: 'published',
  at: '2026-12-03T08:00:00.000Z',
  ...fields,
});

function show(month: string | null, articles: CalendarStory[]) {
  const { client, sent } = fakeApi(() => json(200, { articles }));
  renderInAdmin(<CalendarView month={month} now={NOW} />, client);
  return sent as Sent[];
}

const grid = () => screen.getByRole('table');
/** The grid's cell of a day of the month shown, by its date number. */
const cell = (date: number) =>
  within(grid())
    .getAllByRole('cell')
    .find((c) => !c.className.includes('--other') && c.querySelector('time')?.textContent === String(date))!;

describe('the Calendar', () => {
  it("asks for the grid's weeks, Monday to Sunday in the editor's time zone, as UTC", async () => {
    const sent = show('2026-12', []);
    await screen.findByText('Nothing published or scheduled in December 2026.');
    expect(sent.map((r) => r.url)).toEqual([
      '/api/admin/calendar?from=2026-11-29T23%3A00%3A00.000Z&to=2027-01-03T23%3A00%3A00.000Z',
    ]);
    expect(
      within(grid())
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun']);
    expect(within(grid()).getAllByRole('row')).toHaveLength(6);
    // Today is marked in words, and only today.
    expect(within(cell(10)).getByText('Today')).toBeTruthy();
    expect(cell(10).getAttribute('aria-current')).toBe('date');
    expect(within(cell(9)).queryByText('Today')).toBeNull();
  });

  it('shows each story under its local day with its time, headline link and state; the list only days with stories', async () => {
    const late = story({ headline: 'Late night story', at: '2026-12-01T23:30:00.000Z' });
    const planned = story({ headline: 'Planned piece', state: 'scheduled', at: '2026-12-15T13:05:00.000Z' });
    show('2026-12', [late, planned]);
    await screen.findAllByText('Late night story');
    // 23:30 UTC is 00:30 on Wednesday 2 December in Berlin.
    expect(within(cell(1)).queryByText('Late night story')).toBeNull();
    const item = within(cell(2)).getByText('Late night story').closest('li')!;
    expect(item.textContent).toBe('00:30 Late night story Published');
    expect(within(item).getByRole('link').getAttribute('href')).toBe(`/admin/articles/${late.id}`);
    expect(within(cell(15)).getByText('Planned piece').closest('li')!.textContent).toBe(
      '14:05 Planned piece Scheduled',
    );
    const list = screen.getByRole('list', { name: 'Days with stories' });
    expect(
      within(list)
        .getAllByRole('heading')
        .map((h) => h.textContent),
    ).toEqual(['Wed 2 Dec', 'Tue 15 Dec']);
    expect(screen.queryByText(/Nothing published or scheduled/)).toBeNull();
  });

  it("shows four stories of a busy day and '+N more' opening the rest", async () => {
    const stories = Array.from({ length: 6 }, (_, i) =>
      story({ headline: `Story ${i + 1}`, at: `2026-12-04T0${i + 1}:00:00.000Z` }),
    );
    show('2026-12', stories);
    await screen.findAllByText('Story 1');
    const day = cell(4);
    const more = within(day).getByText('+2 more');
    expect(more.tagName).toBe('SUMMARY');
    const details = more.closest('details')!;
    expect(
      within(details)
        .getAllByRole('link', { hidden: true })
        .map((a) => a.textContent),
    ).toEqual(['Story 5', 'Story 6']);
    const firstFour = Array.from(day.querySelectorAll(':scope > ul > li a')).map((a) => a.textContent);
    expect(firstFour).toEqual(['Story 1', 'Story 2', 'Story 3', 'Story 4']);
  });

  it('links the months around it, Today to the current month, and shows the current month for a malformed one', async () => {
    show('2026-12', []);
    await screen.findByText('December 2026');
    const href = (name: string) => screen.getByRole('link', { name }).getAttribute('href');
    expect(href('Previous month')).toBe('/admin/calendar?month=2026-11');
    expect(href('Today')).toBe('/admin/calendar?month=2026-12');
    expect(href('Next month')).toBe('/admin/calendar?month=2027-01');
    cleanup();

    show('2027-01', []);
    await screen.findByText('Nothing published or scheduled in January 2027.');
    expect(href('Previous month')).toBe('/admin/calendar?month=2026-12');
    expect(href('Next month')).toBe('/admin/calendar?month=2027-02');
    cleanup();

    for (const bad of ['2026-13', 'december', '2026-1', null]) {
      show(bad, []);
      await screen.findByText('December 2026');
      cleanup();
    }
  });

  it('leaves the days of other months out of the empty message and the list', async () => {
    show('2026-12', [story({ headline: 'January story', at: '2027-01-02T10:00:00.000Z' })]);
    await screen.findByText('Nothing published or scheduled in December 2026.');
    expect(within(grid()).getByText('January story')).toBeTruthy();
    expect(screen.queryByRole('list', { name: 'Days with stories' })).toBeNull();
  });
});
