// @vitest-environment happy-dom
import { cleanup, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import type { LatestNote } from '@common/notes-contract';
import { formatAdminDate } from '@/lib/admin-date';
import { LatestNotesPanel } from './latest-notes.tsx';

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
  ...over,
});

describe("the Dashboard's 'Latest notes'", () => {
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
  });

  it("says 'No notes yet.' when there are none", () => {
    show([]);
    const panel = screen.getByRole('region', { name: 'Latest notes' });
    expect(within(panel).getByText('No notes yet.')).toBeTruthy();
    expect(within(panel).queryByRole('list')).toBeNull();
  });
});
