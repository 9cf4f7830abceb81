import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type RunningApp } from './support/app.ts';
import { insertArticles } from './support/articles.ts';
import { useBrowser } from './support/browser.ts';
import { guardNetwork } from './support/network.ts';
import { articleHref, articleHrefs, CATEGORIES, categoryLink, fetchNews, slugOf } from './support/public-site.ts';

const web = useBrowser();

// Every category page against the seeded demo content.
describe('category pages (demo content)', () => {
  let running: RunningApp;

  beforeAll(async () => {
    running = await startApp();
  });
  afterAll(async () => {
    await running?.close();
  });

  for (const category of CATEGORIES) {
    it(`/${category.path} lists only ${category.name} articles and marks ${category.name} as the active nav item`, async () => {
      const news = await fetchNews(running.baseUrl, category.path);
      const listed = [...news.breakingNews, ...news.allArticles];
      expect(listed.length).toBeGreaterThan(0);
      expect(listed.every((a) => a.category === category.name)).toBe(true);

      // Independent check against the database: these slugs are published articles of this category.
      const rows = await running.database.db
        .selectFrom('articles')
        .select(['slug', 'category_id', 'published_at'])
        .where('slug', 'in', listed.map(slugOf))
        .execute();
      expect(rows.length).toBeGreaterThanOrEqual(listed.length);
      expect(rows.every((r) => r.category_id === category.id && r.published_at !== null)).toBe(true);

      const context = await web.newContext();
      const net = await guardNetwork(context);
      const page = await context.newPage();
      const res = await page.goto(`${running.baseUrl}/${category.path}`);
      expect(res?.status()).toBe(200);
      const expected = [...new Set(listed.map(articleHref))].sort();
      await expect.poll(() => articleHrefs(page)).toEqual(expected);

      expect(await categoryLink(page, category.name).getAttribute('aria-current')).toBe('page');
      for (const other of CATEGORIES.filter((c) => c.id !== category.id)) {
        expect(await categoryLink(page, other.name).getAttribute('aria-current')).not.toBe('page');
      }
      expect(await page.title()).toContain(category.name);
      expect(net.external).toEqual([]);
    });
  }

  it('clicking a category in the header switches the listing', async () => {
    const page = await web.newPage();
    await page.goto(`${running.baseUrl}/`);
    await categoryLink(page, 'Sport').click();
    await page.waitForURL(`${running.baseUrl}/sport`);
    const news = await fetchNews(running.baseUrl, 'sport');
    const expected = [...new Set([...news.breakingNews, ...news.allArticles].map(articleHref))].sort();
    await expect.poll(() => articleHrefs(page)).toEqual(expected);
  });
});

// The empty states, on a database without the demo content.
describe('empty listings (no demo content)', () => {
  let running: RunningApp;

  beforeAll(async () => {
    running = await startApp({ seed: false });
  });
  afterAll(async () => {
    await running?.close();
  });

  it('home without any article shows NO TRASH FOUND and "No articles available at the moment."', async () => {
    const page = await web.newPage();
    await page.goto(`${running.baseUrl}/`);
    await page.getByText('NO TRASH FOUND', { exact: true }).waitFor();
    await page.getByText('No articles available at the moment.', { exact: true }).waitFor();
    expect(await articleHrefs(page)).toEqual([]);
  });

  it('a category with only drafts shows "No articles found in the Sport category." while another lists its published articles', async () => {
    await insertArticles(running.database, running.app, [
      { headline: 'Minister Denies Owning Minister', category: 'Politics' },
      { headline: 'Parliament Votes To Abolish Mondays', category: 'Politics', is_breaking: 1 },
      { headline: 'Draft: Striker Scores Own Goal On Purpose', category: 'Sport', published_at: null },
      { headline: 'Unpublished Politics Draft', category: 'Politics', published_at: null },
    ]);

    const page = await web.newPage();
    await page.goto(`${running.baseUrl}/sport`);
    await page.getByText('NO TRASH FOUND', { exact: true }).waitFor();
    await page.getByText('No articles found in the Sport category.', { exact: true }).waitFor();
    expect(await articleHrefs(page)).toEqual([]);

    await page.goto(`${running.baseUrl}/politics`);
    await expect
      .poll(() => articleHrefs(page))
      .toEqual(['/article/minister-denies-owning-minister', '/article/parliament-votes-to-abolish-mondays']);
    expect(await page.getByText('NO TRASH FOUND', { exact: true }).count()).toBe(0);
    expect(await page.getByText('Unpublished Politics Draft').count()).toBe(0);
  });
});
