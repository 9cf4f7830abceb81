// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import type { PinnedStory } from '@common/admin-contract';
import { afterEach, describe, expect, it } from 'vitest';
import type { PinnedStories } from '../api/get-pinned-stories.ts';
import { PinnedStoriesList } from './pinned-stories-panel.tsx';

afterEach(cleanup);

const show = (stories: PinnedStories | undefined, failed = false, action?: (s: PinnedStory) => ReactNode) =>
  render(
    <MemoryRouter>
      <PinnedStoriesList stories={stories} failed={failed} action={action} />
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
    expect(
      screen.getByText(
        'No story is pinned: the home page and the sections lead with their newest stories. Pin a published story from its screen or its row in All Articles.',
      ),
    ).toBeTruthy();
    expect(screen.queryByRole('list')).toBeNull();
    cleanup();
    show(undefined);
    expect(screen.getByText('Loading…')).toBeTruthy();
    cleanup();
    show(undefined, true);
    expect(screen.getByText('Could not load the pinned stories.')).toBeTruthy();
  });

  it('ends each story’s line with what the page offers for it (the Dashboard’s Unpin)', () => {
    const story = (id: number, headline: string): PinnedStory => ({
      id,
      headline,
      category: 'Politics',
      pinnedAt: '2026-12-03T17:05:00Z',
      pinnedBy: 'Pat',
      pinnedUntil: null,
    });
    show({ max: 3, pinned: [story(9, 'Goat Leads Nation'), story(4, 'Robot Wins Derby')] }, false, (s) => (
      <button type="button">{`Unpin ${s.id}`}</button>
    ));
    const items = [...document.querySelectorAll('ol > li')];
    expect(items.map((li) => li.lastElementChild?.textContent)).toEqual(['Unpin 9', 'Unpin 4']);
    expect(items[0]!.textContent).toMatch(
      /^Goat Leads Nation Politics · pinned by Pat, 3 Dec 2026, \d\d:\d\d Unpin 9$/,
    );
  });
});
