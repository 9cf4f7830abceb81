import { CATEGORIES, type Category } from '../../../common/categories.ts';
import { archiveHref, archivePosition, type ArchivePosition } from '../../../common/older-stories.ts';
import { MAX_SLUG_LENGTH, TAGLINE } from '../../../common/site.ts';
import type { PublicArticle } from '../repositories/news-repository.ts';
import { shareCardFor, siteShareCard } from '../share-cards/share-card.ts';
import { jsonLdScript } from '../../../common/structured-data.ts';
import { authorPath } from '../../../common/byline.ts';
import { CORRECTIONS_PATH } from '../../../common/corrections-contract.ts';
import { escapeHtml } from './html-escape.ts';

import { articleDescription } from '../../../common/search-social.ts';
import { characterCount, firstCharacters } from '../../../common/text-length.ts';
import { PRIVATE_CACHE_CONTROL, SHARED_CACHE_CONTROL } from './http-cache.ts';

/**
 * What the server knows about each page route before the SPA runs: status, caching and the
 * meta tags (title, description, canonical, Open Graph, Twitter card) that link previews use.
 * Titles follow the web's format: '{part} | {site}', home '{site} | Savage News & Scandals'.
 */
export interface PageMeta {
  title: string;
  /** og:title and twitter:title; defaults to title. */
  ogTitle?: string;
  description: string;
  /** Path of the canonical URL (the origin is added when rendering). */
  path: string;
  ogType: 'website' | 'article' | 'profile';
  /** article:author (author page URLs) and article:tag (tag names) of an article page. */
  articleAuthors?: string[];
  articleTags?: string[];
  /** Absolute or site-relative image URL. */
  image?: string;
  imageAlt?: string;
  /** The image's size and type (og:image:width/height/type), when known. */
  imageWidth?: number;
  imageHeight?: number;
  imageType?: string;
  /** More <link> elements (rel=next/prev, feeds); hrefs absolute or site-relative. */
  links?: { rel: string; href: string; type?: string; title?: string }[];
  /** JSON-LD objects, each embedded as its own <script type="application/ld+json">. */
  jsonLd?: object[];
  publishedTime?: string;
  /** The last change readers are told about (article:modified_time), when there is one. */
  modifiedTime?: string;
  section?: string;
  /**
   * Robots rule: 'noindex' (not-found and admin pages), 'noindex, follow' (search results: thin
   * pages whose links still lead to the stories). Indexable pages get 'max-image-preview:large':
   * each has a share card 1200 px wide, so previews (Google Discover) may show it large.
   */
  robots?: 'noindex' | 'noindex, follow';
}

export type PageKind =
  | 'home'
  | 'category'
  | 'article'
  | 'about'
  | 'contact'
  | 'privacy'
  | 'search'
  | 'author'
  | 'tag'
  | 'corrections'
  | 'admin'
  | 'not-found'
  | 'article-not-found';

export interface ResolvedPage {
  kind: PageKind;
  status: 200 | 404;
  cacheControl: string;
  meta: PageMeta;
  /** The article of an article page. */
  article?: PublicArticle;
  /** The section of a category page. */
  category?: Category;
  /** Pages 2, 3, … of home and the sections (older stories). */
  archive?: ArchivePosition;
  /** An author or tag page: the slug, and the page and cursor from its address (none: page 1). */
  listing?: { slug: string; position?: ArchivePosition };
  /** Pages 2, 3, … of /corrections: the page number and cursor from its address. */
  corrections?: ArchivePosition;
}

/** Public pages: kept briefly by a shared cache, revalidated by browsers (plugins/http-cache.ts). */
export const PAGE_CACHE_CONTROL = SHARED_CACHE_CONTROL;
/** The newsroom's pages: kept by nobody. */
export const ADMIN_CACHE_CONTROL = PRIVATE_CACHE_CONTROL;

const SLUG = new RegExp(`^[a-z0-9-]{1,${MAX_SLUG_LENGTH}}$`);
/** Search engines show about this many characters of a description; longer ones are cut at a word. */
export const DESCRIPTION_MAX = 160;

export function pageTitle(siteName: string, part?: string): string {
  return part ? `${part} | ${siteName}` : `${siteName} | ${TAGLINE}`;
}

/**
 * The text on one line, at most `max` characters (common/text-length.ts, as the newsroom's counters count
 * them): cut at the last word that fits, with an ellipsis, never inside a character.
 */
export function clip(text: string, max = DESCRIPTION_MAX): string {
  const t = text.replace(/\s+/g, ' ').trim();
  if (characterCount(t) <= max) return t;
  const room = firstCharacters(t, max - 1);
  const atWord = room.lastIndexOf(' ');
  const cut = atWord >= 0 && characterCount(room.slice(0, atWord)) >= max / 2 ? room.slice(0, atWord) : room;
  return `${cut.replace(/[\s,;:.–—-]+$/u, '')}…`;
}

function categoryByPath(segment: string): Category | undefined {
  return CATEGORIES.find((c) => c.path === segment);
}

/** '/politics/' -> '/politics'; '' -> '/'. */
export function normalizePath(path: string): string {
  const trimmed = path.replace(/\/+$/, '');
  return trimmed === '' ? '/' : trimmed;
}

/**
 * Resolves a page path (no query). `findArticle` is called only for /article/{slug} with a
 * well-formed slug (other slugs are 404 without a database lookup).
 */
export async function resolvePage(
  rawPath: string,
  siteName: string,
  findArticle: (slug: string) => Promise<PublicArticle | null>,
  query: URLSearchParams = new URLSearchParams(),
): Promise<ResolvedPage> {
  const path = normalizePath(rawPath);
  const site = (part?: string) => pageTitle(siteName, part);
  const page = (
    kind: PageKind,
    status: 200 | 404,
    meta: PageMeta,
    cacheControl = PAGE_CACHE_CONTROL,
  ): ResolvedPage => ({
    kind,
    status,
    cacheControl,
    meta,
  });

  const siteCard = siteShareCard();
  const siteImage = {
    image: siteCard.url,
    imageAlt: `${siteName}: ${TAGLINE}`,
    imageWidth: siteCard.width,
    imageHeight: siteCard.height,
    imageType: siteCard.type,
  };
  if (path === '/') {
    const archive = archivePosition(query);
    if (archive) {
      return {
        ...page('home', 200, {
          title: site(`Older stories, page ${archive.page}`),
          description: `Older stories from ${siteName}, page ${archive.page}: every scandal we have ever printed, newest first.`,
          path: archiveHref('/', archive),
          ogType: 'website',
          ...siteImage,
        }),
        archive,
      };
    }
    return page('home', 200, {
      title: site(),
      description: `${siteName}: ${TAGLINE}. Satirical headlines from politics, technology, sport, business, the US and the UK.`,
      path: '/',
      ogType: 'website',
      ...siteImage,
    });
  }
  if (path === '/search') {
    const q = (query.get('q') ?? '').trim();
    const pageNumber = query.get('page');
    const params = new URLSearchParams();
    if (q) params.set('q', q);
    if (q && pageNumber && pageNumber !== '1') params.set('page', pageNumber);
    return page('search', 200, {
      title: site(q ? `Search: ${clip(q, 80)}` : 'Search'),
      description: q
        ? `Stories from ${siteName} matching “${clip(q, 80)}”.`
        : `Search every story ${siteName} has published: politics, technology, sport, business, the US and the UK.`,
      path: params.size ? `/search?${params.toString()}` : '/search',
      ogType: 'website',
      robots: 'noindex, follow',
      ...siteImage,
    });
  }
  if (path === '/admin' || path.startsWith('/admin/')) {
    return page(
      'admin',
      200,
      {
        title: site('Admin'),
        description: `${siteName} newsroom.`,
        path: '/admin',
        ogType: 'website',
        robots: 'noindex',
      },
      ADMIN_CACHE_CONTROL,
    );
  }
  if (path === '/about') {
    return page('about', 200, {
      title: site('About'),
      description: clip(
        `About ${siteName}: a satirical tabloid. Every story is invented to make a point; how we write satire, and how to ask for a correction.`,
      ),
      path,
      ogType: 'website',
      ...siteImage,
    });
  }
  if (path === '/contact') {
    return page('contact', 200, {
      title: site('Contact'),
      description: `Contact ${siteName}: editorial, news tips, advertising and our office address.`,
      path,
      ogType: 'website',
      ...siteImage,
    });
  }
  if (path === '/privacy') {
    return page('privacy', 200, {
      title: site('Privacy Policy'),
      description: `How ${siteName} collects, uses and protects your information.`,
      path,
      ogType: 'website',
      ...siteImage,
    });
  }
  if (path === CORRECTIONS_PATH) {
    // Paged as the older stories: a page number and a cursor; a page number alone is page 1.
    const position = archivePosition(query);
    const paged = position ? `, page ${position.page}` : '';
    return {
      ...page('corrections', 200, {
        title: site(`Corrections${paged}`),
        description: `Every correction ${siteName} has published, newest first: what a story got wrong, the day we said so, and the story.${position ? ` Page ${position.page}.` : ''}`,
        path: archiveHref(path, position),
        ogType: 'website',
        ...siteImage,
      }),
      ...(position ? { corrections: position } : {}),
    };
  }
  const category = categoryByPath(path.slice(1));
  if (category) {
    const archive = archivePosition(query);
    return {
      ...page('category', 200, {
        title: site(archive ? `${category.name}: older stories, page ${archive.page}` : category.name),
        description: archive
          ? `Older ${category.name} stories from ${siteName}, page ${archive.page}.`
          : `The latest ${category.name} scandals, gaffes and outrages from ${siteName}.`,
        path: archiveHref(path, archive),
        ogType: 'website',
        section: category.name,
        ...siteImage,
      }),
      category,
      ...(archive ? { archive } : {}),
    };
  }
  // Author and tag pages: what they show (and whether they exist) comes with their data (rendering/page-head.ts).
  const listingMatch = /^\/(author|tag)\/([a-z0-9-]{1,200})$/.exec(path);
  if (listingMatch) {
    const kind = listingMatch[1] as 'author' | 'tag';
    // Paged as the older stories: a page number and a cursor; an old `?page=N` alone is page 1.
    const position = archivePosition(query);
    return {
      ...page(kind, 200, {
        title: site(kind === 'author' ? 'Author' : 'Tag'),
        description: `Stories from ${siteName}.`,
        path: archiveHref(path, position),
        ogType: kind === 'author' ? 'profile' : 'website',
        ...siteImage,
      }),
      listing: { slug: listingMatch[2]!, ...(position ? { position } : {}) },
    };
  }
  const articleMatch = /^\/article\/([^/]+)$/.exec(path);
  if (articleMatch) {
    let slug = '';
    try {
      slug = decodeURIComponent(articleMatch[1]!);
    } catch {
      slug = '';
    }
    const article = SLUG.test(slug) ? await findArticle(slug) : null;
    if (article) {
      // Link previews show raster images only: the article's 1200x630 share card (decision 022).
      const card = shareCardFor(article);
      return {
        ...page('article', 200, {
          // The newsroom's search and social title and description when set (decision 043); the
          // structured data (rendering/page-head.ts) keeps the headline.
          title: site(article.metaTitle || article.headline),
          ogTitle: article.metaTitle || article.headline,
          description: clip(
            articleDescription({
              metaDescription: article.metaDescription,
              summary: article.summary,
              bodyText: article.content,
              headline: article.headline,
            }),
          ),
          path: `/article/${article.slug}`,
          ogType: 'article',
          image: card.url,
          imageAlt: article.headline,
          imageWidth: card.width,
          imageHeight: card.height,
          imageType: card.type,
          publishedTime: article.publishedAt,
          ...(article.modifiedAt ? { modifiedTime: article.modifiedAt } : {}),
          section: article.category,
          ...(article.authors?.length ? { articleAuthors: article.authors.map((a) => authorPath(a.slug)) } : {}),
          ...(article.tags?.length ? { articleTags: article.tags.map((t) => t.name) } : {}),
        }),
        article,
      };
    }
    return page('article-not-found', 404, {
      title: site('Article Not Found'),
      description: "The trash you're looking for doesn't exist or has been taken out.",
      path,
      ogType: 'website',
      robots: 'noindex',
    });
  }
  return notFoundPage(siteName, path);
}

/** The site's not-found page (404, not indexed) for a path. */
export function notFoundPage(siteName: string, path: string): ResolvedPage {
  return {
    kind: 'not-found',
    status: 404,
    cacheControl: PAGE_CACHE_CONTROL,
    meta: {
      title: pageTitle(siteName, 'Page Not Found'),
      description: 'Oops! Page not found.',
      path,
      ogType: 'website',
      robots: 'noindex',
    },
  };
}

/** Site accounts named in the head when configured: twitter:site ('@handle') and fb:app_id. */
export interface SocialMeta {
  twitterSite?: string;
  facebookAppId?: string;
}

/** An absolute URL for a site-relative or absolute http(s) URL; anything else is dropped. */
export function absoluteUrl(origin: string, url: string): string | undefined {
  if (/^https?:\/\//i.test(url)) return url;
  if (url.startsWith('//')) return undefined;
  if (url.startsWith('/')) return origin + url;
  if (/^[a-z][a-z0-9+.-]*:/i.test(url)) return undefined; // data:, javascript:, ...
  return `${origin}/${url}`;
}

/** The markup that replaces `<!--app-head-->...<!--/app-head-->`. Every value is escaped. */
export function renderHead(meta: PageMeta, origin: string, siteName: string, social: SocialMeta = {}): string {
  const e = escapeHtml;
  const url = origin + meta.path;
  meta = { ...meta, description: clip(meta.description) };
  const image = meta.image ? absoluteUrl(origin, meta.image) : undefined;
  const tags: string[] = [
    `<title>${e(meta.title)}</title>`,
    `<meta name="description" content="${e(meta.description)}" />`,
    `<link rel="canonical" href="${e(url)}" />`,
  ];
  tags.push(`<meta name="robots" content="${meta.robots ?? 'max-image-preview:large'}" />`);
  const ogTitle = meta.ogTitle ?? meta.title;
  tags.push(
    `<meta property="og:site_name" content="${e(siteName)}" />`,
    `<meta property="og:type" content="${meta.ogType}" />`,
    `<meta property="og:title" content="${e(ogTitle)}" />`,
    `<meta property="og:description" content="${e(meta.description)}" />`,
    `<meta property="og:url" content="${e(url)}" />`,
    '<meta property="og:locale" content="en_GB" />',
  );
  if (image) {
    tags.push(`<meta property="og:image" content="${e(image)}" />`);
    if (meta.imageWidth && meta.imageHeight) {
      tags.push(
        `<meta property="og:image:width" content="${meta.imageWidth}" />`,
        `<meta property="og:image:height" content="${meta.imageHeight}" />`,
      );
    }
    if (meta.imageType) tags.push(`<meta property="og:image:type" content="${e(meta.imageType)}" />`);
    if (meta.imageAlt) tags.push(`<meta property="og:image:alt" content="${e(meta.imageAlt)}" />`);
  }
  if (meta.ogType === 'article') {
    if (meta.publishedTime) tags.push(`<meta property="article:published_time" content="${e(meta.publishedTime)}" />`);
    if (meta.modifiedTime) tags.push(`<meta property="article:modified_time" content="${e(meta.modifiedTime)}" />`);
    if (meta.section) tags.push(`<meta property="article:section" content="${e(meta.section)}" />`);
    for (const author of meta.articleAuthors ?? []) {
      const href = absoluteUrl(origin, author);
      if (href) tags.push(`<meta property="article:author" content="${e(href)}" />`);
    }
    for (const tag of meta.articleTags ?? []) tags.push(`<meta property="article:tag" content="${e(tag)}" />`);
  }
  if (social.facebookAppId) tags.push(`<meta property="fb:app_id" content="${e(social.facebookAppId)}" />`);
  tags.push(
    `<meta name="twitter:card" content="${image ? 'summary_large_image' : 'summary'}" />`,
    `<meta name="twitter:title" content="${e(ogTitle)}" />`,
    `<meta name="twitter:description" content="${e(meta.description)}" />`,
  );
  if (social.twitterSite) tags.push(`<meta name="twitter:site" content="${e(social.twitterSite)}" />`);
  if (image) {
    tags.push(`<meta name="twitter:image" content="${e(image)}" />`);
    if (meta.imageAlt) tags.push(`<meta name="twitter:image:alt" content="${e(meta.imageAlt)}" />`);
  }
  for (const link of meta.links ?? []) {
    const href = absoluteUrl(origin, link.href);
    if (!href) continue;
    tags.push(
      `<link rel="${e(link.rel)}" href="${e(href)}"${link.type ? ` type="${e(link.type)}"` : ''}${link.title ? ` title="${e(link.title)}"` : ''} />`,
    );
  }
  for (const data of meta.jsonLd ?? []) tags.push(`<script type="application/ld+json">${jsonLdScript(data)}</script>`);
  return tags.join('\n    ');
}
