import { CATEGORIES, type Category } from '../../../common/categories.ts';
import { MAX_SLUG_LENGTH, TAGLINE } from '../../../common/site.ts';
import type { PublicArticle } from '../repositories/news-repository.ts';
import { escapeHtml } from './html-escape.ts';

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
  ogType: 'website' | 'article';
  /** Absolute or site-relative image URL. */
  image?: string;
  imageAlt?: string;
  publishedTime?: string;
  section?: string;
  noindex?: boolean;
}

export type PageKind =
  'home' | 'category' | 'article' | 'contact' | 'privacy' | 'admin' | 'not-found' | 'article-not-found';

export interface ResolvedPage {
  kind: PageKind;
  status: 200 | 404;
  cacheControl: string;
  meta: PageMeta;
}

export const PAGE_CACHE_CONTROL = 'no-cache';
export const ADMIN_CACHE_CONTROL = 'no-store';

const SLUG = new RegExp(`^[a-z0-9-]{1,${MAX_SLUG_LENGTH}}$`);
const DESCRIPTION_MAX = 300;

export function pageTitle(siteName: string, part?: string): string {
  return part ? `${part} | ${siteName}` : `${siteName} | ${TAGLINE}`;
}

function clip(text: string, max = DESCRIPTION_MAX): string {
  const t = text.replace(/\s+/g, ' ').trim();
  return t.length <= max ? t : `${t.slice(0, max - 1).trimEnd()}…`;
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

  if (path === '/') {
    return page('home', 200, {
      title: site(),
      description: `${siteName}: ${TAGLINE}. Satirical headlines from politics, technology, sport, business, the US and the UK.`,
      path: '/',
      ogType: 'website',
    });
  }
  if (path === '/admin' || path.startsWith('/admin/')) {
    return page(
      'admin',
      200,
      { title: site('Admin'), description: `${siteName} newsroom.`, path: '/admin', ogType: 'website', noindex: true },
      ADMIN_CACHE_CONTROL,
    );
  }
  if (path === '/contact') {
    return page('contact', 200, {
      title: site('Contact'),
      description: `Contact ${siteName}: editorial, news tips, advertising and our office address.`,
      path,
      ogType: 'website',
    });
  }
  if (path === '/privacy') {
    return page('privacy', 200, {
      title: site('Privacy Policy'),
      description: `How ${siteName} collects, uses and protects your information.`,
      path,
      ogType: 'website',
    });
  }
  const category = categoryByPath(path.slice(1));
  if (category) {
    return page('category', 200, {
      title: site(category.name),
      description: `The latest ${category.name} scandals, gaffes and outrages from ${siteName}.`,
      path,
      ogType: 'website',
      section: category.name,
    });
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
      return page('article', 200, {
        title: site(article.headline),
        ogTitle: article.headline,
        description: clip(article.summary || article.headline),
        path: `/article/${article.slug}`,
        ogType: 'article',
        image: article.imageUrl ?? undefined,
        imageAlt: article.headline,
        publishedTime: article.publishedAt,
        section: article.category,
      });
    }
    return page('article-not-found', 404, {
      title: site('Article Not Found'),
      description: "The trash you're looking for doesn't exist or has been taken out.",
      path,
      ogType: 'website',
      noindex: true,
    });
  }
  return page('not-found', 404, {
    title: site('Page Not Found'),
    description: 'Oops! Page not found.',
    path,
    ogType: 'website',
    noindex: true,
  });
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
export function renderHead(meta: PageMeta, origin: string, siteName: string): string {
  const e = escapeHtml;
  const url = origin + meta.path;
  const image = meta.image ? absoluteUrl(origin, meta.image) : undefined;
  const tags: string[] = [
    `<title>${e(meta.title)}</title>`,
    `<meta name="description" content="${e(meta.description)}" />`,
    `<link rel="canonical" href="${e(url)}" />`,
  ];
  if (meta.noindex) tags.push('<meta name="robots" content="noindex" />');
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
    if (meta.imageAlt) tags.push(`<meta property="og:image:alt" content="${e(meta.imageAlt)}" />`);
  }
  if (meta.ogType === 'article') {
    if (meta.publishedTime) tags.push(`<meta property="article:published_time" content="${e(meta.publishedTime)}" />`);
    if (meta.section) tags.push(`<meta property="article:section" content="${e(meta.section)}" />`);
  }
  tags.push(
    `<meta name="twitter:card" content="${image ? 'summary_large_image' : 'summary'}" />`,
    `<meta name="twitter:title" content="${e(ogTitle)}" />`,
    `<meta name="twitter:description" content="${e(meta.description)}" />`,
  );
  if (image) {
    tags.push(`<meta name="twitter:image" content="${e(image)}" />`);
    if (meta.imageAlt) tags.push(`<meta name="twitter:image:alt" content="${e(meta.imageAlt)}" />`);
  }
  return tags.join('\n    ');
}
