import type { Locator, Page, Response } from 'playwright-core';
import { expect } from 'vitest';
import { CATEGORIES } from '../../common/categories.ts';
import { slugify } from '../../common/slug.ts';

import type { NewsList, PublicArticle } from '../../common/news-contract.ts';

export type { NewsList, PublicArticle };

/** The API's answer: the oracle for what a listing page must show. */
export async function fetchNews(baseUrl: string, category?: string): Promise<NewsList> {
  const url = new URL('/News', baseUrl);
  if (category) url.searchParams.set('category', category);
  url.searchParams.set('count', '15');
  const res = await fetch(url);
  if (!res.ok) throw new Error(`GET ${url.pathname}${url.search} answered ${res.status}`);
  return (await res.json()) as NewsList;
}

export function slugOf(a: Pick<PublicArticle, 'slug' | 'headline'>): string {
  return a.slug || slugify(a.headline);
}

export function articleHref(a: Pick<PublicArticle, 'slug' | 'headline'>): string {
  return `/article/${encodeURIComponent(slugOf(a))}`;
}

/** The distinct /article/... links on the page, sorted. */
export async function articleHrefs(page: Page): Promise<string[]> {
  const hrefs = await page
    .locator('a[href^="/article/"]')
    .evaluateAll((els) => els.map((e) => e.getAttribute('href') ?? ''));
  return [...new Set(hrefs)].sort();
}

export function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * Exact, case-insensitive name (CSS may uppercase the text; the accessible name stays as written),
 * with any run of whitespace matching any run (accessible names collapse repeated spaces).
 */
export function exactName(s: string): RegExp {
  const words = s.trim().split(/\s+/).map(escapeRegExp);
  return new RegExp(`^\\s*${words.join('\\s+')}\\s*$`, 'i');
}

/** The header's category navigation links (the first link named after each category). */
export function categoryLink(page: Page, name: string): Locator {
  return page.getByRole('link', { name: exactName(name) }).first();
}

/**
 * A reader's next visit after an editorial change: opens `url` in `page` until `read` (given the
 * navigation's answer) gives `expected`, within the project's poll timeout. Public pages are sent with
 * `stale-while-revalidate=1`, and Chromium's own cache honours it: for a second after this browser (or
 * the site's service worker, keeping the open story) fetched a page, its cache may answer with that copy
 * while it asks the server again, so the visit right after a change may show the page as it was.
 */
export async function openUntil<T>(
  page: Page,
  url: string,
  read: (response: Response | null) => T | Promise<T>,
  expected: T,
): Promise<void> {
  await expect.poll(async () => read(await page.goto(url))).toEqual(expected);
}

export { CATEGORIES };
