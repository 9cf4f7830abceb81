import { CATEGORIES } from '../../../common/categories.ts';
import { archiveNeighbours, olderThanFirstPage, archiveHref } from '../../../common/older-stories.ts';
import { NEWS_PAGE_SIZE } from '../../../common/site.ts';
import { authorFeedPath, listingApiPath, tagFeedPath } from '../../../common/byline.ts';
import type { AuthorPage, TagPage } from '../../../common/news-contract.ts';
import { CORRECTIONS_PATH, correctionsApiPath, type CorrectionsPage } from '../../../common/corrections-contract.ts';
import { clip, pageTitle } from '../plugins/page-meta.ts';
import {
  authorProfilePage,
  tagCollectionPage,
  breadcrumbList,
  newsArticle,
  newsMediaOrganization,
  webSite,
  type SiteInfo,
} from '../../../common/structured-data.ts';
import type { PageMeta, ResolvedPage } from '../plugins/page-meta.ts';
import { shareCardFor, SITE_CARD_PATH } from '../share-cards/share-card.ts';
import { IMAGE_CROPS, imageCropUrl, uploadedImageId, type ImageCropRatio } from '../../../common/images.ts';

/**
 * The head tags of a public page that depend on its data: `rel="next"`/`"prev"` between the pages of
 * older stories, the feeds (`rel="alternate"`), and the JSON-LD (schema.org) of the page, built from
 * the same API answers the page itself shows.
 */
export interface PageHeadData {
  /** GET /News?category=&count=15 (page 1 of a listing). */
  news(category?: string): Promise<unknown>;
  /** GET /News/archive?…, /News/author/{slug}?…, … : status and JSON. */
  api(url: string): Promise<{ status: number; body: unknown }>;
}

const FEED_TYPES = [
  ['rss.xml', 'application/rss+xml'],
  ['atom.xml', 'application/atom+xml'],
  ['feed.json', 'application/feed+json'],
] as const;

/** `rel="alternate"` links to a feed in each format (RSS, Atom, JSON Feed). */
function feedLinks(base: string, title: string): NonNullable<PageMeta['links']> {
  return FEED_TYPES.map(([file, type]) => ({ rel: 'alternate', type, href: `${base}/${file}`, title }));
}

export interface PageHeadExtras extends Pick<PageMeta, 'links' | 'jsonLd'> {
  /**
   * The page has nothing to show: an older-stories page without stories (or with a cursor that is
   * not ours), a search page number past the results. It is answered as the site's not-found page.
   */
  notFound?: boolean;
  /** Title and description known only from the page's data (author and tag pages). */
  meta?: Pick<PageMeta, 'title' | 'description'>;
}

export async function pageHeadExtras(
  page: ResolvedPage,
  site: { origin: string; siteName: string; sameAs?: string[] },
  data: PageHeadData,
  query: URLSearchParams = new URLSearchParams(),
): Promise<PageHeadExtras> {
  const links: NonNullable<PageMeta['links']> = [];
  const jsonLd: object[] = [];
  const info: SiteInfo = { origin: site.origin, name: site.siteName, logoUrl: SITE_CARD_PATH, sameAs: site.sameAs };
  if (page.status !== 200 || page.kind === 'admin') return {};

  if (page.kind === 'search') {
    // Page 1 always exists (with or without results); a later page exists only with results.
    const pageParam = query.get('page');
    const q = (query.get('q') ?? '').trim();
    if (pageParam !== null && pageParam !== '1') {
      if (!q || !/^[1-9][0-9]{0,5}$/.test(pageParam)) return { notFound: true };
      const res = await data.api(`/News/search?${new URLSearchParams({ q, page: pageParam }).toString()}`);
      const results = (res.body as { results?: unknown[] } | null)?.results;
      if (res.status !== 200 || !results?.length) return { notFound: true };
    }
  }

  let meta: PageHeadExtras['meta'];
  if ((page.kind === 'author' || page.kind === 'tag') && page.listing) {
    const { slug, position } = page.listing;
    const res = await data.api(listingApiPath(page.kind, slug, position));
    const body = res.body as AuthorPage | TagPage | null;
    // An unknown record; a cursor with no stories behind it, or one that is not ours (400): no page.
    if (res.status !== 200 || !body || (position && !body.articles?.length)) return { notFound: true };
    const base = `/${page.kind}/${slug}`;
    const paged = position ? `, page ${position.page}` : '';
    if ('author' in body) {
      const a = body.author;
      meta = {
        title: pageTitle(site.siteName, `${a.name}${paged}`),
        description: clip(a.bio || `Stories by ${a.name} in ${site.siteName}.`),
      };
      links.push({
        rel: 'alternate',
        type: 'application/rss+xml',
        href: authorFeedPath(a.slug),
        title: `${site.siteName}: ${a.name}`,
      });
      jsonLd.push(authorProfilePage(info, a));
    } else {
      const t = body.tag;
      meta = {
        title: pageTitle(site.siteName, `${t.name}${paged}`),
        description: `Stories about ${t.name} from ${site.siteName}.`,
      };
      links.push({
        rel: 'alternate',
        type: 'application/rss+xml',
        href: tagFeedPath(t.slug),
        title: `${site.siteName}: ${t.name}`,
      });
      jsonLd.push(tagCollectionPage(info, t));
    }
    const { next, prev } = archiveNeighbours(base, position, body);
    if (prev) links.push({ rel: 'prev', href: prev });
    if (next) links.push({ rel: 'next', href: next });
  }

  if (page.kind === 'corrections') {
    const position = page.corrections;
    const res = await data.api(correctionsApiPath(position));
    const body = res.body as CorrectionsPage | null;
    // A later page with no corrections behind its cursor, or a cursor that is not ours (400): no page.
    if (res.status !== 200 || !body || (position && !body.corrections?.length)) return { notFound: true };
    const { next, prev } = archiveNeighbours(CORRECTIONS_PATH, position, body);
    if (prev) links.push({ rel: 'prev', href: prev });
    if (next) links.push({ rel: 'next', href: next });
  }

  links.push(...feedLinks('/feeds', `${site.siteName}: all stories`));
  const category = page.category;
  if (category) links.push(...feedLinks(`/feeds/${category.path}`, `${site.siteName}: ${category.name}`));

  if (page.kind === 'home' || page.kind === 'category') {
    const basePath = category ? `/${category.path}` : '/';
    if (page.archive) {
      const params = new URLSearchParams({ count: String(NEWS_PAGE_SIZE) });
      if (category) params.set('category', category.name);
      if (page.archive.before) params.set('before', page.archive.before);
      if (page.archive.after) params.set('after', page.archive.after);
      const res = await data.api(`/News/archive?${params.toString()}`);
      const body = res.body as { older: string | null; newer: string | null; articles?: unknown[] } | null;
      // No older stories here (or a cursor that is not ours): no page.
      if (res.status !== 200 || !body?.articles?.length) return { notFound: true };
      const { next, prev } = archiveNeighbours(basePath, page.archive, body);
      if (prev) links.push({ rel: 'prev', href: prev });
      if (next) links.push({ rel: 'next', href: next });
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

  if (page.kind === 'about') jsonLd.push(newsMediaOrganization(info));

  const article = page.article;
  if (page.kind === 'article' && article) {
    const card = shareCardFor(article);
    const uploaded = uploadedImageId(article.imageUrl);
    const photo = uploaded
      ? {
          urls: (Object.keys(IMAGE_CROPS) as ImageCropRatio[]).map((ratio) =>
            imageCropUrl(uploaded, ratio, article.imageFocalX ?? 0.5, article.imageFocalY ?? 0.5),
          ),
          caption: article.imageCaption ?? '',
          credit: article.imageCredit ?? '',
        }
      : undefined;
    jsonLd.push(newsArticle(info, article, { image: card, modifiedAt: article.modifiedAt ?? undefined, photo }));
    const section = CATEGORY_BY_NAME.get(article.category);
    jsonLd.push(
      breadcrumbList(info, [
        { name: site.siteName, path: '/' },
        ...(section ? [{ name: section.name, path: `/${section.path}` }] : []),
        { name: article.headline },
      ]),
    );
    if (section) links.push(...feedLinks(`/feeds/${section.path}`, `${site.siteName}: ${section.name}`));
  }
  return { links, jsonLd, ...(meta ? { meta } : {}) };
}

const CATEGORY_BY_NAME = new Map<string, (typeof CATEGORIES)[number]>(CATEGORIES.map((c) => [c.name, c]));
