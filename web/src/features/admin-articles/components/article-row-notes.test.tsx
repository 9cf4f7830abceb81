// @vitest-environment happy-dom
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { adminArticle } from '@/testing/admin-article';
import { fakeApi, json } from '@/testing/fake-admin-api';
import { renderInAdmin } from '@/testing/render-in-admin';
import { ArticleList } from './article-row.tsx';

afterEach(cleanup);

describe("All Articles' open notes in a row's meta line", () => {
  it("links '2 open notes' to the story's Notes; nothing without open notes, in the Trash or on the dashboard's rows", () => {
    const { client } = fakeApi(() => json(200, {}));
    const row = (id: number, openNotes?: number, deletedAt: string | null = null) => ({
      ...adminArticle({ id, headline: `Story ${id}`, publishedAt: '2026-01-05T09:30:00.000Z', deletedAt }),
      openBy: [],
      readsLast7Days: 0,
      ...(openNotes === undefined ? {} : { openNotes }),
    });
    renderInAdmin(
      <ArticleList articles={[row(1, 2), row(2, 1), row(3, 0), row(4), row(5, 3, '2026-01-06T09:30:00.000Z')]} />,
      client,
    );
    const rows = screen.getAllByRole('listitem');
    const two = within(rows[0]!).getByRole('link', { name: '2 open notes on Story 1' });
    expect(two.textContent).toBe('2 open notes');
    expect(two.getAttribute('href')).toBe('/admin/articles/1#notes');
    expect(rows[0]!.querySelector('.admin-row__meta')?.textContent).toMatch(/ · 2 open notes$/);
    expect(within(rows[1]!).getByRole('link', { name: '1 open note on Story 2' }).textContent).toBe('1 open note');
    for (const r of rows.slice(2)) expect(r.querySelector('.admin-row__meta')?.textContent).not.toMatch(/note/);
  });
});
