// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { LatestNote, NoteForYou } from '@common/notes-contract';
import { formatAdminDate } from '@/lib/admin-date';
import { LatestNotesPanel, NotesForYouPanel, type NotesForYouProps } from './latest-notes.tsx';

afterEach(cleanup);

const show = (notes: LatestNote[]) =>
  render(
    <MemoryRouter>
      <LatestNotesPanel notes={notes} />
    </MemoryRouter>,
  );

const note = (over: Partial<LatestNote>): LatestNote => ({
  id: 1,
  articleId: 7,
  headline: 'Pigeon Elected Mayor',
  excerpt: 'Picture rights cleared.',
  createdAt: '2026-03-12T14:05:00.000Z',
  createdBy: 'Fenella Grubb',
  replyTo: null,
  ...over,
});

describe("the Dashboard's 'Latest notes'", () => {
  it("says whom a reply answers after its author ('replying to'); a note of its own says nothing of the kind", () => {
    show([note({ id: 2, createdBy: 'Sam Editor', replyTo: 'Nora Notes', excerpt: 'On it.' }), note({ id: 1 })]);
    const items = within(screen.getByRole('region', { name: 'Latest notes' })).getAllByRole('listitem');
    expect(items[0]!.querySelector('.admin-latest-notes__meta')?.textContent).toMatch(
      /^Sam Editor replying to Nora Notes /,
    );
    expect(items[1]!.textContent).not.toContain('replying');
  });

  it('lists the notes in the order given, each with its headline linking to the story, its author, time and text', () => {
    show([
      note({ id: 9, articleId: 7, createdAt: '2026-03-12T14:05:00.000Z' }),
      note({
        id: 4,
        articleId: 3,
        headline: 'Phone Only Calls Mum',
        excerpt: `${'a'.repeat(100)}...`,
        createdAt: '2026-03-11T09:30:00.000Z',
        createdBy: 'Desmond Ratchett',
      }),
    ]);
    const panel = screen.getByRole('region', { name: 'Latest notes' });
    const items = within(panel).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(within(panel).getByRole('list').getAttribute('aria-label')).toBe('Latest notes, newest first');

    const first = within(items[0]!);
    expect(first.getByRole('link').textContent).toBe('Pigeon Elected Mayor');
    expect(first.getByRole('link').getAttribute('href')).toBe('/admin/articles/7#notes');
    expect(first.getByText('Fenella Grubb')).toBeTruthy();
    const time = items[0]!.querySelector('time')!;
    expect(time.textContent).toBe(formatAdminDate('2026-03-12T14:05:00.000Z'));
    expect(time.getAttribute('datetime')).toBe('2026-03-12T14:05:00.000Z');
    expect(first.getByText('Picture rights cleared.')).toBeTruthy();

    const second = within(items[1]!);
    expect(second.getByRole('link', { name: 'Phone Only Calls Mum' }).getAttribute('href')).toBe(
      '/admin/articles/3#notes',
    );
    expect(second.getByText('Desmond Ratchett')).toBeTruthy();
    expect(second.getByText(`${'a'.repeat(100)}...`)).toBeTruthy();
    // All Articles lists every story with open notes.
    expect(within(panel).getByRole('link', { name: 'See all stories with open notes' }).getAttribute('href')).toBe(
      '/admin/articles?page=1&pageSize=20&status=all&notes=open',
    );
  });

  it("says 'No notes yet.' when there are none", () => {
    show([]);
    const panel = screen.getByRole('region', { name: 'Latest notes' });
    expect(within(panel).getByText('No notes yet.')).toBeTruthy();
    expect(within(panel).queryByRole('list')).toBeNull();
    expect(within(panel).queryByRole('link')).toBeNull();
  });
});

describe("the Dashboard's 'Notes for you'", () => {
  const forYou = (over: Partial<NoteForYou>): NoteForYou => ({ ...note(over), unread: over.unread ?? false });
  const showForYou = (props: Partial<NotesForYouProps>, url = '/admin') => {
    const onMarkAllRead = vi.fn();
    render(
      <MemoryRouter initialEntries={[url]}>
        <NotesForYouPanel notes={[]} unread={0} onMarkAllRead={onMarkAllRead} marking={false} {...props} />
      </MemoryRouter>,
    );
    return onMarkAllRead;
  };

  it("marks each new note 'New', says how many are new and offers 'Mark all read', which keeps the focus in the panel", () => {
    const onMarkAllRead = showForYou({
      notes: [forYou({ id: 9, unread: true }), forYou({ id: 4, headline: 'Phone Only Calls Mum', unread: false })],
      unread: 7,
    });
    const panel = screen.getByRole('region', { name: 'Notes for you' });
    expect(panel.id).toBe('notes-for-you');
    const items = within(panel).getAllByRole('listitem');
    expect(within(items[0]!).getByText('New')).toBeTruthy();
    expect(within(items[1]!).queryByText('New')).toBeNull();
    expect(within(panel).getByText('7 new mentions: each stays new until you open its story.')).toBeTruthy();
    fireEvent.click(within(panel).getByRole('button', { name: 'Mark all read' }));
    expect(onMarkAllRead).toHaveBeenCalledTimes(1);
    expect(document.activeElement).toBe(within(panel).getByRole('heading', { name: 'Notes for you' }));
  });

  it("says '1 new mention', and 'Marking…' (not pressable) while it is under way", () => {
    showForYou({ notes: [forYou({ unread: true })], unread: 1, marking: true });
    expect(screen.getByText('1 new mention: each stays new until you open its story.')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Marking…' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('offers nothing to mark when none is new, and says so when no note mentions the editor', () => {
    showForYou({ notes: [forYou({ unread: false })], unread: 0 });
    expect(screen.queryByRole('button', { name: 'Mark all read' })).toBeNull();
    expect(screen.queryByText(/new mention/)).toBeNull();
    cleanup();
    showForYou({});
    expect(
      screen.getByText(
        'No note mentions you yet: a colleague mentions you by typing @ and your name in a note, and a reply to a note you wrote or answered comes here too.',
      ),
    ).toBeTruthy();
  });

  it('takes the focus on its heading when the Dashboard is opened at #notes-for-you', () => {
    showForYou({ notes: [forYou({ unread: true })], unread: 1 }, '/admin#notes-for-you');
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Notes for you' }));
  });
});
