// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { fakeApi, json, problem, type Sent } from '@/testing/fake-admin-api';
import { recordToasts } from '@/testing/record-toasts';
import { renderInAdmin } from '@/testing/render-in-admin';
import { formatAdminDate } from '@/lib/admin-date';
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

/** The Drafts panel's request (All Articles' own, drafts only, by their last change). */
const DRAFTS_URL = '/api/admin/articles?page=1&pageSize=10&status=draft&sort=updated';
/** A draft as the list answers it; changed last on 9 December unless said. */
type Draft = { id: number; headline: string; updatedAt?: string };
const draftPage = (drafts: Draft[]) =>
  json(200, {
    articles: drafts.map((d) => ({ categoryId: 1, updatedAt: '2026-12-09T12:00:00.000Z', ...d })),
    currentPage: 1,
    pageSize: 10,
    totalCount: drafts.length,
    totalPages: 1,
  });

function show(month: string | null, articles: CalendarStory[]) {
  const { client, sent } = fakeApi((req) => (req.url === DRAFTS_URL ? draftPage([]) : json(200, { articles })));
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
    expect(sent.map((r) => r.url).filter((u) => u !== DRAFTS_URL)).toEqual([
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
      '14:05 Planned piece Scheduled Reschedule',
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

describe('rescheduling (decision 055)', () => {
  const toasts = recordToasts();
  const PLANNED = '2026-12-15T13:05:00.000Z';

  /** The calendar with `articles`; the article read and the schedule request answered by `answer`. */
  function showWith(articles: CalendarStory[], answer: (req: Sent) => Response | undefined) {
    const { client, sent } = fakeApi((req) => {
      const found = answer(req);
      if (found) return found;
      if (req.url.startsWith('/api/admin/calendar')) return json(200, { articles });
      if (req.url === DRAFTS_URL) return draftPage([]);
      return problem(500, 'Internal Server Error');
    });
    renderInAdmin(<CalendarView month="2026-12" now={NOW} />, client);
    return sent;
  }
  /** The server as it is when nobody else changed the story: it is scheduled at `at`, and moves (the calendar's next answer too). */
  const server =
    (s: CalendarStory, refuse?: Response) =>
    (req: Sent): Response | undefined => {
      if (req.method === 'GET' && req.url === `/api/admin/articles/${s.id}`) {
        return json(200, { id: s.id, status: 'scheduled', publishAt: s.at, publishedAt: null, version: 3 });
      }
      if (req.method === 'POST' && req.url === `/api/admin/articles/${s.id}/schedule`) {
        if (refuse) return refuse;
        s.at = (req.body as { publishAt: string }).publishAt;
        return json(200, { id: s.id, status: 'scheduled', publishAt: s.at });
      }
      return undefined;
    };
  const calendarLoads = (sent: Sent[]) => sent.filter((r) => r.url.startsWith('/api/admin/calendar')).length;
  const writes = (sent: Sent[]) => sent.filter((r) => !r.url.startsWith('/api/admin/calendar') && r.url !== DRAFTS_URL);

  it("gives a scheduled story a 'Reschedule' button in the grid and the list, and a published one none", async () => {
    const planned = story({ headline: 'Planned piece', state: 'scheduled', at: PLANNED });
    const out = story({ headline: 'Old news', state: 'published', at: '2026-12-02T08:00:00.000Z' });
    showWith([out, planned], () => undefined);
    await screen.findAllByText('Planned piece');
    expect(screen.getAllByRole('button', { name: 'Reschedule “Planned piece”' })).toHaveLength(2);
    expect(screen.queryByRole('button', { name: /Old news/ })).toBeNull();
    // Only the scheduled story is dragged, and only in the grid.
    expect(within(cell(15)).getByText('Planned piece').closest('li')!.getAttribute('draggable')).toBe('true');
    expect(within(cell(2)).getByText('Old news').closest('li')!.hasAttribute('draggable')).toBe(false);
    const list = screen.getByRole('list', { name: 'Days with stories' });
    expect(within(list).getByText('Planned piece').closest('li')!.hasAttribute('draggable')).toBe(false);
  });

  it('moves a story dragged onto another day there at the same time of day, highlighting the day under it', async () => {
    const planned = story({ headline: 'Planned piece', state: 'scheduled', at: PLANNED });
    const sent = showWith([planned], server(planned));
    await screen.findAllByText('Planned piece');
    const card = within(cell(15)).getByText('Planned piece').closest('li')!;
    fireEvent.dragStart(card);
    fireEvent.dragEnter(cell(17));
    fireEvent.dragOver(cell(17));
    expect(cell(17).className).toContain('admin-calendar__day--drop');
    expect(cell(16).className).not.toContain('admin-calendar__day--drop');
    fireEvent.drop(cell(17));
    expect(cell(17).className).not.toContain('admin-calendar__day--drop');
    await waitFor(() => expect(toasts).toEqual([{ title: 'Rescheduled to Thu 17 Dec, 14:05' }]));
    // The schedule request names the version read (If-Match), so a change in between is refused.
    expect(writes(sent).map((r) => [r.method, r.url, r.body, r.headers['If-Match']])).toEqual([
      ['GET', `/api/admin/articles/${planned.id}`, undefined, undefined],
      ['POST', `/api/admin/articles/${planned.id}/schedule`, { publishAt: '2026-12-17T13:05:00.000Z' }, '"3"'],
    ]);
    // The calendar loads its range again, and shows the story on its new day.
    expect(calendarLoads(sent)).toBe(2);
    expect(within(cell(17)).getByText('Planned piece')).toBeTruthy();
    expect(within(cell(15)).queryByText('Planned piece')).toBeNull();
  });

  it('refuses a drop on a day whose time has passed, and sends nothing', async () => {
    const planned = story({ headline: 'Planned piece', state: 'scheduled', at: PLANNED });
    const sent = showWith([planned], server(planned));
    await screen.findAllByText('Planned piece');
    fireEvent.dragStart(within(cell(15)).getByText('Planned piece').closest('li')!);
    fireEvent.dragOver(cell(9));
    fireEvent.drop(cell(9));
    expect(toasts).toEqual([
      {
        title: 'Cannot reschedule to Wed 9 Dec, 14:05: that time has passed.',
        description: '“Planned piece” stays at Tue 15 Dec, 14:05.',
        variant: 'destructive',
      },
    ]);
    expect(writes(sent)).toEqual([]);
    // Today later than now is not past: 14:05 on the 10th (now 10:00 in Berlin) moves.
    fireEvent.dragStart(within(cell(15)).getByText('Planned piece').closest('li')!);
    fireEvent.dragOver(cell(10));
    fireEvent.drop(cell(10));
    await waitFor(() => expect(toasts.at(-1)).toEqual({ title: 'Rescheduled to Thu 10 Dec, 14:05' }));
  });

  it('shows a refused drag in an error toast with the reason, and loads the calendar again', async () => {
    const planned = story({ headline: 'Planned piece', state: 'scheduled', at: PLANNED });
    const sent = showWith([planned], (req) =>
      req.url === `/api/admin/articles/${planned.id}`
        ? problem(404, 'Not Found', `Article ${planned.id} was deleted (it is in the trash).`, { deleted: true })
        : undefined,
    );
    await screen.findAllByText('Planned piece');
    fireEvent.dragStart(within(cell(15)).getByText('Planned piece').closest('li')!);
    fireEvent.dragOver(cell(18));
    fireEvent.drop(cell(18));
    await waitFor(() =>
      expect(toasts).toEqual([
        {
          title: 'Could not reschedule “Planned piece”',
          description: 'The article is in the trash: restore it first.',
          variant: 'destructive',
        },
      ]),
    );
    expect(writes(sent).map((r) => r.method)).toEqual(['GET']);
    await waitFor(() => expect(calendarLoads(sent)).toBe(2));
  });

  it('reschedules by keyboard with the dialog, prefilled with the time in the editor’s zone', async () => {
    const user = userEvent.setup();
    const planned = story({ headline: 'Planned piece', state: 'scheduled', at: PLANNED });
    const sent = showWith([planned], server(planned));
    await screen.findAllByText('Planned piece');
    within(cell(15)).getByRole('button', { name: 'Reschedule “Planned piece”' }).focus();
    await user.keyboard('{Enter}');
    const dialog = await screen.findByRole('dialog', { name: 'Reschedule “Planned piece”' });
    expect(dialog.textContent).toContain(
      'Scheduled for Tue 15 Dec, 14:05. The new time is in your time zone (Europe/Berlin).',
    );
    const date = within(dialog).getByLabelText('Date') as HTMLInputElement;
    const time = within(dialog).getByLabelText('Time') as HTMLInputElement;
    expect(document.activeElement).toBe(date);
    expect([date.value, time.value]).toEqual(['2026-12-15', '14:05']);
    fireEvent.change(date, { target: { value: '2026-12-21' } });
    fireEvent.change(time, { target: { value: '09:30' } });
    await user.keyboard('{Enter}');
    await waitFor(() => expect(toasts).toEqual([{ title: 'Rescheduled to Mon 21 Dec, 09:30' }]));
    expect(writes(sent).at(-1)).toMatchObject({ method: 'POST', body: { publishAt: '2026-12-21T08:30:00.000Z' } });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    // The focus is on the story's button where it now is.
    expect(document.activeElement).toBe(within(cell(21)).getByRole('button', { name: 'Reschedule “Planned piece”' }));
  });

  it('checks the fields, and shows the server’s refusal in the dialog, loading the calendar again', async () => {
    const planned = story({ headline: 'Planned piece', state: 'scheduled', at: PLANNED });
    const sent = showWith([planned], server(planned, problem(400, 'Bad Request', 'publishAt must be in the future')));
    await screen.findAllByText('Planned piece');
    fireEvent.click(within(cell(15)).getByRole('button', { name: 'Reschedule “Planned piece”' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reschedule “Planned piece”' });
    const date = within(dialog).getByLabelText('Date');
    const confirm = within(dialog).getByRole('button', { name: 'Reschedule' });
    fireEvent.change(date, { target: { value: '' } });
    fireEvent.click(confirm);
    expect(within(dialog).getByRole('alert').textContent).toBe('Enter a date and a time.');
    fireEvent.change(date, { target: { value: '2026-12-09' } });
    fireEvent.click(confirm);
    expect(within(dialog).getByRole('alert').textContent).toBe('Choose a time in the future.');
    expect(writes(sent)).toEqual([]);
    fireEvent.change(date, { target: { value: '2026-12-20' } });
    fireEvent.click(confirm);
    await waitFor(() => expect(within(dialog).getByRole('alert').textContent).toBe('publishAt must be in the future'));
    expect(date.getAttribute('aria-invalid')).toBe('true');
    expect(toasts).toEqual([]);
    await waitFor(() => expect(calendarLoads(sent)).toBe(2));
    // Cancel closes it; nothing moved.
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('refuses a story that changed since the calendar loaded, saying why', async () => {
    const planned = story({ headline: 'Planned piece', state: 'scheduled', at: PLANNED });
    const cases: [object, string][] = [
      [{ publishAt: null, publishedAt: '2026-12-10T08:00:00.000Z' }, 'The article is already published.'],
      [{ publishAt: null, publishedAt: null }, 'The article is not scheduled any more.'],
      [
        { publishAt: '2026-12-16T10:00:00.000Z', publishedAt: null },
        'The article was rescheduled meanwhile: the calendar now shows its time.',
      ],
    ];
    for (const [now, text] of cases) {
      const sent = showWith([planned], (req) =>
        req.url === `/api/admin/articles/${planned.id}` ? json(200, { id: planned.id, version: 4, ...now }) : undefined,
      );
      await screen.findAllByText('Planned piece');
      fireEvent.click(within(cell(15)).getByRole('button', { name: 'Reschedule “Planned piece”' }));
      const dialog = await screen.findByRole('dialog');
      fireEvent.change(within(dialog).getByLabelText('Date'), { target: { value: '2026-12-20' } });
      fireEvent.click(within(dialog).getByRole('button', { name: 'Reschedule' }));
      await waitFor(() => expect(within(dialog).getByRole('alert').textContent).toBe(text));
      expect(writes(sent).map((r) => r.method)).toEqual(['GET']);
      cleanup();
    }
  });

  it('refuses a story changed between the read and the write (the server’s 412), and loads the calendar again', async () => {
    const planned = story({ headline: 'Planned piece', state: 'scheduled', at: PLANNED });
    const sent = showWith(
      [planned],
      server(
        planned,
        problem(412, 'Precondition Failed', 'The article was changed by Rex Rival at 2026-12-10T08:59:00.000Z.', {
          currentVersion: 4,
        }),
      ),
    );
    await screen.findAllByText('Planned piece');
    fireEvent.click(within(cell(15)).getByRole('button', { name: 'Reschedule “Planned piece”' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('Date'), { target: { value: '2026-12-20' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reschedule' }));
    await waitFor(() =>
      expect(within(dialog).getByRole('alert').textContent).toBe(
        'The article was changed meanwhile: the calendar now shows it as it is.',
      ),
    );
    expect(writes(sent).map((r) => [r.method, r.headers['If-Match']])).toEqual([
      ['GET', undefined],
      ['POST', '"3"'],
    ]);
    expect(toasts).toEqual([]);
    await waitFor(() => expect(calendarLoads(sent)).toBe(2));
  });
});

describe('the Drafts panel (decision 055)', () => {
  const toasts = recordToasts();

  /**
   * The calendar (empty at first) with the drafts; the server as it is when nobody else changed them: a
   * draft reads as one, and scheduled it leaves the panel for the calendar. `refuse`: the schedule's answer;
   * `until`: the schedule request is answered once it settles (the request runs until then).
   */
  function showDrafts(drafts: Draft[], refuse?: () => Response, until?: Promise<unknown>) {
    const scheduled: CalendarStory[] = [];
    const { client, sent } = fakeApi(async (req) => {
      if (req.url.startsWith('/api/admin/calendar')) return json(200, { articles: scheduled });
      if (req.url === DRAFTS_URL) return draftPage(drafts.filter((d) => !scheduled.some((s) => s.id === d.id)));
      const draft = drafts.find((d) => req.url.startsWith(`/api/admin/articles/${d.id}`));
      if (draft && req.method === 'GET') {
        return json(200, { id: draft.id, status: 'draft', publishAt: null, publishedAt: null, version: 2 });
      }
      if (draft && req.method === 'POST') {
        await until;
        if (refuse) return refuse();
        const at = (req.body as { publishAt: string }).publishAt;
        scheduled.push(story({ id: draft.id, headline: draft.headline, state: 'scheduled', at }));
        return json(200, { id: draft.id, status: 'scheduled', publishAt: at });
      }
      return problem(500, 'Internal Server Error');
    });
    renderInAdmin(<CalendarView month="2026-12" now={NOW} />, client);
    return sent;
  }
  const panel = () => screen.getByRole('region', { name: 'Drafts' });
  const calls = (sent: Sent[]) =>
    sent
      .filter((r) => r.url.startsWith('/api/admin/articles/'))
      .map((r) => [r.method, r.url, r.body, r.headers['If-Match']]);
  const loads = (sent: Sent[]) => [
    sent.filter((r) => r.url.startsWith('/api/admin/calendar')).length,
    sent.filter((r) => r.url === DRAFTS_URL).length,
  ];

  it("lists the drafts changed last first, each with its last change, a link and a 'Schedule' button; 'No drafts.' when none", async () => {
    // The server's order by last change (sort=updated): the draft edited an hour ago before the newer one.
    const sent = showDrafts([
      { id: 40, headline: 'Older draft, edited', updatedAt: '2026-12-10T08:00:00.000Z' },
      { id: 41, headline: 'Fresh draft', updatedAt: '2026-12-09T12:00:00.000Z' },
    ]);
    await within(await screen.findByRole('region', { name: 'Drafts' })).findByText('Fresh draft');
    expect(sent.filter((r) => r.url.startsWith('/api/admin/articles?')).map((r) => r.url)).toEqual([DRAFTS_URL]);
    const items = within(panel()).getAllByRole('listitem');
    // Worded as All Articles words a time (in the editor's time zone).
    expect(items.map((li) => li.textContent)).toEqual([
      `Older draft, edited Edited ${formatAdminDate('2026-12-10T08:00:00.000Z')} Schedule`,
      `Fresh draft Edited ${formatAdminDate('2026-12-09T12:00:00.000Z')} Schedule`,
    ]);
    expect(items[1]!.textContent).toContain('Edited 9 Dec 2026, ');
    expect(items[1]!.querySelector('time')!.getAttribute('datetime')).toBe('2026-12-09T12:00:00.000Z');
    expect(within(items[1]!).getByRole('link').getAttribute('href')).toBe('/admin/articles/41');
    expect(within(items[1]!).getByRole('button').getAttribute('aria-label')).toBe('Schedule “Fresh draft”');
    expect(items[1]!.getAttribute('draggable')).toBe('true');
    // All Articles has no view of drafts alone: the link says what it lists.
    expect(within(panel()).getByRole('link', { name: 'See all unpublished' }).getAttribute('href')).toBe(
      '/admin/articles?page=1&pageSize=20&status=unpublished',
    );
    cleanup();

    showDrafts([]);
    expect(await within(await screen.findByRole('region', { name: 'Drafts' })).findByText('No drafts.')).toBeTruthy();
  });

  it('draws a draft dropped on a day there at once, out of the panel, while the request runs', async () => {
    let answer!: () => void;
    const sent = showDrafts(
      [
        { id: 41, headline: 'Fresh draft' },
        { id: 40, headline: 'Other draft' },
      ],
      undefined,
      new Promise<void>((resolve) => (answer = resolve)),
    );
    const card = (
      await within(await screen.findByRole('region', { name: 'Drafts' })).findByText('Fresh draft')
    ).closest('li')!;
    fireEvent.dragStart(card);
    fireEvent.dragOver(cell(17));
    fireEvent.drop(cell(17));
    // The request runs (the schedule sent, not answered): the draft is on its day at 09:00, scheduled.
    await waitFor(() => expect(calls(sent).map((c) => c[0])).toEqual(['GET', 'POST']));
    expect(within(cell(17)).getByText('Fresh draft').closest('li')!.textContent).toBe(
      '09:00 Fresh draft Scheduled Reschedule',
    );
    expect(within(panel()).queryByRole('link', { name: 'Fresh draft' })).toBeNull();
    expect(within(panel()).getByRole('link', { name: 'Other draft' })).toBeTruthy();
    expect(toasts).toEqual([]);
    answer();
    await waitFor(() => expect(toasts).toEqual([{ title: 'Scheduled for Thu 17 Dec, 09:00' }]));
    // Loaded again: the server's story on the day, the panel without the draft.
    await waitFor(() => expect(loads(sent)).toEqual([2, 2]));
    expect(within(cell(17)).getAllByText('Fresh draft')).toHaveLength(1);
    expect(within(panel()).queryByRole('link', { name: 'Fresh draft' })).toBeNull();
  });

  it('puts a refused draft back in the panel and off the day, with the same Schedule button', async () => {
    let answer!: () => void;
    const refusal = 'imageAlt is required to publish or schedule an article with an image';
    showDrafts(
      [{ id: 41, headline: 'Fresh draft' }],
      () => problem(400, 'Bad Request', refusal),
      new Promise<void>((resolve) => (answer = resolve)),
    );
    const button = await within(await screen.findByRole('region', { name: 'Drafts' })).findByRole('button', {
      name: 'Schedule “Fresh draft”',
    });
    button.focus();
    fireEvent.click(button);
    const dialog = await screen.findByRole('dialog', { name: 'Schedule “Fresh draft”' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Schedule' }));
    // While it runs: drawn on tomorrow at 09:00, and the panel has none.
    await waitFor(() => expect(within(cell(11)).getByText('Fresh draft')).toBeTruthy());
    expect(within(panel()).getByText('No drafts.')).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Scheduling…' })).toBeTruthy();
    answer();
    await waitFor(() => expect(within(dialog).getByRole('alert').textContent).toBe(refusal));
    await waitFor(() => expect(within(cell(11)).queryByText('Fresh draft')).toBeNull());
    expect(within(panel()).getByRole('link', { name: 'Fresh draft' })).toBeTruthy();
    expect(within(panel()).queryByText('No drafts.')).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    // The same button (hidden, not removed, while the request ran): the dialog's closing can give it the focus back.
    expect(button.isConnected).toBe(true);
  });

  it('schedules a draft by keyboard with the dialog, prefilled with tomorrow at 09:00, and shows it on its day', async () => {
    const user = userEvent.setup();
    const sent = showDrafts([{ id: 41, headline: 'Fresh draft' }]);
    (
      await within(await screen.findByRole('region', { name: 'Drafts' })).findByRole('button', {
        name: 'Schedule “Fresh draft”',
      })
    ).focus();
    await user.keyboard('{Enter}');
    const dialog = await screen.findByRole('dialog', { name: 'Schedule “Fresh draft”' });
    expect(dialog.textContent).toContain('The time is in your time zone (Europe/Berlin).');
    expect(dialog.textContent).not.toContain('Scheduled for');
    const date = within(dialog).getByLabelText('Date') as HTMLInputElement;
    expect(document.activeElement).toBe(date);
    expect([date.value, (within(dialog).getByLabelText('Time') as HTMLInputElement).value]).toEqual([
      '2026-12-11',
      '09:00',
    ]);
    expect(within(dialog).getByRole('button', { name: 'Schedule' })).toBeTruthy();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(toasts).toEqual([{ title: 'Scheduled for Fri 11 Dec, 09:00' }]));
    // The draft is read as a draft, then scheduled with the version read.
    expect(calls(sent)).toEqual([
      ['GET', '/api/admin/articles/41', undefined, undefined],
      ['POST', '/api/admin/articles/41/schedule', { publishAt: '2026-12-11T08:00:00.000Z' }, '"2"'],
    ]);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    // The calendar and the panel load again: the story is on its day, the panel empty.
    expect(loads(sent)).toEqual([2, 2]);
    expect(within(cell(11)).getByText('Fresh draft').closest('li')!.textContent).toBe(
      '09:00 Fresh draft Scheduled Reschedule',
    );
    expect(within(panel()).getByText('No drafts.')).toBeTruthy();
    expect(document.activeElement).toBe(within(cell(11)).getByRole('button', { name: 'Reschedule “Fresh draft”' }));
  });

  it('schedules a draft dragged onto a day at 09:00, and refuses a day whose 09:00 has passed', async () => {
    const sent = showDrafts([{ id: 41, headline: 'Fresh draft' }]);
    const card = (
      await within(await screen.findByRole('region', { name: 'Drafts' })).findByText('Fresh draft')
    ).closest('li')!;
    // Today's 09:00 (now 10:00 in Berlin) has passed: nothing is sent.
    fireEvent.dragStart(card);
    fireEvent.dragOver(cell(10));
    expect(cell(10).className).toContain('admin-calendar__day--drop');
    fireEvent.drop(cell(10));
    expect(toasts).toEqual([
      {
        title: 'Cannot schedule for Thu 10 Dec, 09:00: that time has passed.',
        description: '“Fresh draft” stays a draft.',
        variant: 'destructive',
      },
    ]);
    expect(calls(sent)).toEqual([]);
    fireEvent.dragStart(card);
    fireEvent.dragOver(cell(17));
    fireEvent.drop(cell(17));
    await waitFor(() => expect(toasts.at(-1)).toEqual({ title: 'Scheduled for Thu 17 Dec, 09:00' }));
    expect(calls(sent).at(-1)).toEqual([
      'POST',
      '/api/admin/articles/41/schedule',
      { publishAt: '2026-12-17T08:00:00.000Z' },
      '"2"',
    ]);
    await waitFor(() => expect(within(cell(17)).getByText('Fresh draft')).toBeTruthy());
  });

  it('shows the server’s refusal in the dialog and in a drag’s error toast', async () => {
    const refusal = 'imageAlt is required to publish or schedule an article with an image';
    const sent = showDrafts([{ id: 41, headline: 'Fresh draft' }], () => problem(400, 'Bad Request', refusal));
    fireEvent.click(
      await within(await screen.findByRole('region', { name: 'Drafts' })).findByRole('button', {
        name: 'Schedule “Fresh draft”',
      }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Schedule “Fresh draft”' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Schedule' }));
    await waitFor(() => expect(within(dialog).getByRole('alert').textContent).toBe(refusal));
    expect(toasts).toEqual([]);
    await waitFor(() => expect(loads(sent)).toEqual([2, 2]));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    fireEvent.dragStart(within(panel()).getByText('Fresh draft').closest('li')!);
    fireEvent.dragOver(cell(18));
    fireEvent.drop(cell(18));
    await waitFor(() =>
      expect(toasts).toEqual([
        { title: 'Could not schedule “Fresh draft”', description: refusal, variant: 'destructive' },
      ]),
    );
    expect(within(panel()).getByText('Fresh draft')).toBeTruthy();
  });

  it('refuses a draft scheduled by someone else since the panel loaded', async () => {
    const { client, sent } = fakeApi((req) => {
      if (req.url.startsWith('/api/admin/calendar')) return json(200, { articles: [] });
      if (req.url === DRAFTS_URL) return draftPage([{ id: 41, headline: 'Fresh draft' }]);
      if (req.url === '/api/admin/articles/41') {
        return json(200, {
          id: 41,
          status: 'scheduled',
          publishAt: '2026-12-12T08:00:00.000Z',
          publishedAt: null,
          version: 3,
        });
      }
      return problem(500, 'Internal Server Error');
    });
    renderInAdmin(<CalendarView month="2026-12" now={NOW} />, client);
    fireEvent.click(
      await within(await screen.findByRole('region', { name: 'Drafts' })).findByRole('button', {
        name: 'Schedule “Fresh draft”',
      }),
    );
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Schedule' }));
    await waitFor(() =>
      expect(within(dialog).getByRole('alert').textContent).toBe(
        'The article was scheduled meanwhile: the calendar now shows its time.',
      ),
    );
    expect(calls(sent as Sent[]).map((c) => c[0])).toEqual(['GET']);
  });
});
