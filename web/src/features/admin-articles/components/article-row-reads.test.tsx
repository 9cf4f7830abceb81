// @vitest-environment happy-dom
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { adminArticle } from '@/testing/admin-article';
import { fakeApi, json } from '@/testing/fake-admin-api';
import { renderInAdmin } from '@/testing/render-in-admin';
import { ArticleList } from './article-row.tsx';

afterEach(cleanup);

describe("All Articles' reads in a row's meta line", () => {
  it("says '1,234 reads in 7 days', '1 read in 7 days', and nothing without reads or on the dashboard's rows", () => {
    const { client } = fakeApi(() => json(200, {}));
    const row = (id: number, readsLast7Days?: number) => ({
      ...adminArticle({ id, headline: `Story ${id}`, publishedAt: '2026-01-05T09:30:00.000Z' }),
      openBy: [],
      ...(readsLast7Days === undefined ? {} : { readsLast7Days }),
    });
    renderInAdmin(<ArticleList articles={[row(1, 1234), row(2, 1), row(3, 0), row(4)]} />, client);
    const metas = screen.getAllByRole('listitem').map((li) => li.querySelector('.admin-row__meta')?.textContent);
    expect(metas[0]).toMatch(/^Wire · Politics · Ed Itor · .+ · 1,234 reads in 7 days$/);
    expect(metas[1]).toMatch(/ · 1 read in 7 days$/);
    for (const meta of metas.slice(2)) {
      expect(meta).toMatch(/^Wire · Politics · Ed Itor · /);
      expect(meta).not.toMatch(/read/);
    }
  });
});
