import { CATEGORIES } from '../../../common/categories.ts';
import { archiveNeighbours, olderThanFirstPage, archiveHref } from '../../../common/older-stories.ts';
import { NEWS_PAGE_SIZE } from '../../../common/site.ts';
import {
  breadcrumbList,
  newsArticle,
  newsMediaOrganization,
  webSite,
  type SiteInfo,
} from '../../../common/structured-data.ts';
import type { PageMeta, ResolvedPage } from '../plugins/page-meta.ts';
import { shareCardFor, SITE_CARD_PATH } from '../share-cards/share-card.ts';

/**
 * The head tags of a public page that depend on its data: `rel="next"`/`"prev"` between the pages of
 * older stories, the feeds (`rel="alternate"`), and the JSON-LD (schema.org) of the page, built from
 * the same API answers the page itself shows.
 */
export interface PageHeadData {
  /** GET /News?category=&count=15 (page 1 of a listing). */
  news(category?: string): Promise<unknown>;
  /** GET /News/archive?… : status and JSON. */
  api(url: string): Promise<{ status: number; body: unknown }>;
}

const RSS = 'application/rss+xml';

export async function pageHeadExtras(
  page: ResolvedPage,
  site: { origin: string; siteName: string },
  data: PageHeadData,
): Promise<Pick<PageMeta, 'links' | 'jsonLd'>> {
  const links: NonNullable<PageMeta['links']> = [];
  const jsonLd: object[] = [];
  const info: SiteInfo = { origin: site.origin, name: site.siteName, logoUrl: SITE_CARD_PATH };
  if (page.status !== 200 || page.kind === 'admin') return {};

  links.push({ rel: 'alternate', type: RSS, href: '/feeds/rss.xml', title: `${site.siteName}: all stories` });
  const category = page.category;
  if (category) {
    links.push({
      rel: 'alternate',
      type: RSS,
      href: `/feeds/${category.path}/rss.xml`,
      title: `${site.siteName}: ${category.name}`,
    });
  }

  if (page.kind === 'home' || page.kind === 'category') {
    const basePath = category ? `/${category.path}` : '/';
    if (page.archive) {
      const params = new URLSearchParams({ count: String(NEWS_PAGE_SIZE) });
      if (category) params.set('category', category.name);
      if (page.archive.before) params.set('before', page.archive.before);
      if (page.archive.after) params.set('after', page.archive.after);
      const res = await data.api(`/News/archive?${params.toString()}`);
      if (res.status === 200) {
        const body = res.body as { older: string | null; newer: string | null };
        const { next, prev } = archiveNeighbours(basePath, page.archive, body);
        if (prev) links.push({ rel: 'prev', href: prev });
        if (next) links.push({ rel: 'next', href: next });
      }
    } else {
      const list = (await data.news(category?.name)) as Parameters<typeof olderThanFirstPage>[0] | null;
      const older = list ? olderThanFirstPage(list, NEWS_PAGE_SIZE) : null;
      if (older) links.push({ rel: 'next', href: archiveHref(basePath, { page: 2, before: older }) });
    }
    if (page.kind === 'home' && !page.archive) jsonLd.push(webSite(info), newsMediaOrganization(info));
    if (category) {
      jsonLd.push(breadcrumbList(info, [{ name: site.siteName, path: '/' }, { name: category.name }]));
    }
  }

  const article = page.article;
  if (page.kind === 'article' && article) {
    const card = shareCardFor(article);
    jsonLd.push(newsArticle(info, article, { image: card }));
    const section = CATEGORY_BY_NAME.get(article.category);
    jsonLd.push(
      breadcrumbList(info, [
        { name: site.siteName, path: '/' },
        ...(section ? [{ name: section.name, path: `/${section.path}` }] : []),
        { name: article.headline },
      ]),
    );
    if (section) {
      links.push({
        rel: 'alternate',
        type: RSS,
        href: `/feeds/${section.path}/rss.xml`,
        title: `${site.siteName}: ${section.name}`,
      });
    }
  }
  return { links, jsonLd };
}

const CATEGORY_BY_NAME = new Map<string, (typeof CATEGORIES)[number]>(CATEGORIES.map((c) => [c.name, c]));
