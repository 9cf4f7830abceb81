// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import type { AdminMostReadStory } from '@common/most-read-contract';
import { MostReadList } from './most-read-panel.tsx';

afterEach(cleanup);

const show = (stories: AdminMostReadStory[] | undefined, failed = false) =>
  render(
    <MemoryRouter>
      <MostReadList stories={stories} failed={failed} />
    </MemoryRouter>,
  );

describe("the Dashboard's 'Most read (last 24 hours)'", () => {
  it('numbers the stories, each linking to its screen with its count', () => {
    show([
      { id: 7, headline: 'Pigeon Elected Mayor', reads: 1234 },
      { id: 3, headline: 'Phone Only Calls Mum', reads: 1 },
    ]);
    const panel = screen.getByRole('region', { name: 'Most read (last 24 hours)' });
    const items = [...panel.querySelectorAll('ol > li')].map((li) => li.textContent);
    expect(items).toEqual(['Pigeon Elected Mayor 1,234 reads', 'Phone Only Calls Mum 1 read']);
    expect(screen.getByRole('link', { name: 'Pigeon Elected Mayor' }).getAttribute('href')).toBe('/admin/articles/7');
    expect(screen.getByRole('link', { name: 'Phone Only Calls Mum' }).getAttribute('href')).toBe('/admin/articles/3');
  });

  it('says when nothing was read, while it loads, and when it failed', () => {
    show([]);
    expect(screen.getByText('No reads in the last 24 hours.')).toBeTruthy();
    expect(screen.queryByRole('list')).toBeNull();
    cleanup();
    show(undefined);
    expect(screen.getByText('Loading…')).toBeTruthy();
    cleanup();
    show(undefined, true);
    expect(screen.getByText('Could not load the most read stories.')).toBeTruthy();
  });
});
