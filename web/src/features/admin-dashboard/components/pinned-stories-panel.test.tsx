// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import type { PinnedStories } from '../api/get-pinned-stories.ts';
import { PinnedStoriesList } from './pinned-stories-panel.tsx';

afterEach(cleanup);

const show = (stories: PinnedStories | undefined, failed = false) =>
  render(
    <MemoryRouter>
      <PinnedStoriesList stories={stories} failed={failed} />
    </MemoryRouter>,
  );

describe("the Dashboard's 'Pinned to the top'", () => {
  it('lists the pinned stories newest pin first, each to its screen, with its section, who pinned it and until when', () => {
    show({
      max: 3,
      pinned: [
        {
          id: 9,
          headline: 'Goat Leads Nation',
          category: 'Politics',
          pinnedAt: '2026-12-03T17:05:00Z',
          pinnedBy: 'Pat',
          pinnedUntil: '2026-12-04T05:05:00Z',
        },
        {
          id: 4,
          headline: 'Robot Wins Derby',
          category: 'Sport',
          pinnedAt: '2026-12-02T08:00:00Z',
          pinnedBy: null,
          pinnedUntil: null,
        },
      ],
    });
    const panel = screen.getByRole('region', { name: 'Pinned to the top' });
    expect(panel.querySelector('p')?.textContent).toBe(
      '2 of 3 pinned. They lead the home page and their sections, after any breaking story, the newest pin first.',
    );
    const items = [...panel.querySelectorAll('ol > li')].map((li) => li.textContent);
    expect(items).toEqual([
      expect.stringMatching(
        /^Goat Leads Nation Politics · pinned by Pat, 3 Dec 2026, \d\d:\d\d, until 4 Dec 2026, \d\d:\d\d$/,
      ),
      expect.stringMatching(/^Robot Wins Derby Sport · pinned by an editor, 2 Dec 2026, \d\d:\d\d$/),
    ]);
    expect(screen.getByRole('link', { name: 'Goat Leads Nation' }).getAttribute('href')).toBe('/admin/articles/9');
  });

  it('says when none is pinned, while it loads, and when it failed', () => {
    show({ max: 3, pinned: [] });
    expect(screen.getByText(/^No story is pinned: the home page and the sections lead with their newest/)).toBeTruthy();
    expect(screen.queryByRole('list')).toBeNull();
    cleanup();
    show(undefined);
    expect(screen.getByText('Loading…')).toBeTruthy();
    cleanup();
    show(undefined, true);
    expect(screen.getByText('Could not load the pinned stories.')).toBeTruthy();
  });
});
