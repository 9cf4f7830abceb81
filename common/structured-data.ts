import { bodyPlainText, readingDuration } from './body/text.ts';
import { liveSummary } from './live-entry.ts';
import type { BreadcrumbList, NewsArticle, NewsMediaOrganization, WebSite, WithContext } from 'schema-dts';
import type { ProfilePage, CollectionPage } from 'schema-dts';
import { authorPath, tagPath } from './byline.ts';
import type { AuthorPage, PublicArticle, PublicRef } from './news-contract.ts';
import type { LiveBlog } from './live-contract.ts';

/**
 * JSON-LD (schema.org) for the public pages, as pure functions of what the page shows. URLs are made
 * absolute with `origin` (https://news.example.com). Embed with jsonLdScript() so the text cannot
 * close the <script> element.
 */

export interface SiteInfo {
  origin: string;
  name: string;
  /** Path or URL of the publisher logo (a raster image for Google). */
  logoUrl: string;
  /** The organisation's profiles elsewhere (schema.org sameAs), when configured. */
  sameAs?: string[];
}

/** What the organisation publishes, said to machines as the About page says it to readers. */
export const SATIRE_STATEMENT =
  'A satirical tabloid: every story, quotation and person in our articles is invented or exaggerated to make a point. Nothing here is news.';
/** The About page: the publication, its satire policy and corrections. */
export const ABOUT_PATH = '/about';

export interface ImageRef {
  url: string;
  width: number;
  height: number;
}

/**
 * The article's own picture for search engines: its crops (16:9, 4:3 and 1:1 around the focal
 * point, common/images.ts) with what the page says under it.
 */
export interface ArticlePhoto {
  urls: string[];
  caption: string;
  credit: string;
}

const absolute = (origin: string, url: string) =>
  /^https?:\/\//i.test(url) ? url : `${origin}${url.startsWith('/') ? '' : '/'}${url}`;

export function newsMediaOrganization(site: SiteInfo): WithContext<NewsMediaOrganization> {
  return {
    '@context': 'https://schema.org',
    '@type': 'NewsMediaOrganization',
    '@id': `${site.origin}/#organization`,
    name: site.name,
    url: `${site.origin}/`,
    description: SATIRE_STATEMENT,
    publishingPrinciples: `${site.origin}${ABOUT_PATH}`,
    correctionsPolicy: `${site.origin}${ABOUT_PATH}#corrections`,
    logo: { '@type': 'ImageObject', url: absolute(site.origin, site.logoUrl) },
    ...(site.sameAs?.length ? { sameAs: site.sameAs } : {}),
  };
}

/** The home page's WebSite with a SearchAction for the site search (/search?q=). */
export function webSite(site: SiteInfo): WithContext<WebSite> {
  return {
    '@context': 'https://schema.org',
    '@type': 'WebSite',
    '@id': `${site.origin}/#website`,
    name: site.name,
    url: `${site.origin}/`,
    publisher: { '@id': `${site.origin}/#organization` },
    potentialAction: {
      '@type': 'SearchAction',
      target: { '@type': 'EntryPoint', urlTemplate: `${site.origin}/search?q={search_term_string}` },
      // schema-dts has no type for Google's 'query-input' property.
      ...({ 'query-input': 'required name=search_term_string' } as object),
    },
  };
}

/**
 * An article page's NewsArticle, typed SatiricalArticle too (schema.org's type for satire). `modifiedAt` is the last edit (ISO-8601), `image` the share card (or
 * the article image) at its real size, `categoryPath` the section's URL path (e.g. "politics"). Its
 * corrections are `correction`, each a CorrectionComment with its text and date. Its `wordCount` (the
 * count the article read carries) gives `wordCount` and the page's reading time as `timeRequired`; a
 * live blog has neither, as its length grows with its entries.
 */
export function newsArticle(
  site: SiteInfo,
  article: Pick<PublicArticle, 'slug' | 'headline' | 'summary' | 'author' | 'category' | 'publishedAt'> &
    Pick<Partial<PublicArticle>, 'wordCount'> &
    Partial<Pick<PublicArticle, 'authors' | 'tags' | 'live' | 'corrections'>>,
  { image, modifiedAt, photo }: { image: ImageRef; modifiedAt?: string; photo?: ArticlePhoto },
): WithContext<NewsArticle> {
  // Each crop of the picture, then the share card (the card alone for pictures not uploaded here).
  const crops = (photo?.urls ?? []).map((cropUrl) => ({
    '@type': 'ImageObject' as const,
    url: absolute(site.origin, cropUrl),
    ...(photo?.caption ? { caption: photo.caption } : {}),
    ...(photo?.credit ? { creditText: photo.credit } : {}),
  }));
  const url = `${site.origin}/article/${encodeURIComponent(article.slug)}`;
  const live = article.live;
  // A live blog was last modified by its newest entry (or correction) when that is later than its own edit.
  const latestEntry = live?.entries.reduce<string | undefined>((latest, e) => {
    const at = e.updatedAt ?? e.postedAt;
    return !latest || at > latest ? at : latest;
  }, undefined);
  const ownModified = modifiedAt || article.publishedAt;
  return {
    '@context': 'https://schema.org',
    // schema-dts types one @type; schema.org allows several. A live blog is a LiveBlogPosting (a NewsArticle's kin).
    '@type': (live
      ? ['LiveBlogPosting', 'SatiricalArticle']
      : ['NewsArticle', 'SatiricalArticle']) as unknown as 'NewsArticle',
    ...(live ? liveBlogFields(live, url) : {}),
    genre: 'Satire',
    headline: article.headline.length > 110 ? `${article.headline.slice(0, 109)}…` : article.headline,
    description: article.summary,
    // Words of the body's plain text (never its markup) and the reading time the page shows.
    ...(!live && article.wordCount
      ? { wordCount: article.wordCount, timeRequired: readingDuration(article.wordCount) }
      : {}),
    image: [
      ...crops,
      {
        '@type': 'ImageObject',
        url: absolute(site.origin, image.url),
        width: `${image.width}`,
        height: `${image.height}`,
      },
    ],
    datePublished: article.publishedAt,
    dateModified: latestEntry && latestEntry > ownModified ? latestEntry : ownModified,
    // Each author record with their page; an older byline without records as its text.
    author: article.authors?.length
      ? article.authors.map((a) => ({ '@type': 'Person', name: a.name, url: `${site.origin}${authorPath(a.slug)}` }))
      : article.author
        ? [{ '@type': 'Person', name: article.author }]
        : [{ '@type': 'Organization', name: site.name }],
    ...(article.tags?.length ? { keywords: article.tags.map((t) => t.name) } : {}),
    // Its corrections, newest first, as the page lists them (decision 046).
    ...(article.corrections?.length
      ? {
          correction: article.corrections.map((c) => ({
            '@type': 'CorrectionComment' as const,
            text: c.text,
            datePublished: c.publishedAt,
          })),
        }
      : {}),
    publisher: {
      '@type': 'NewsMediaOrganization',
      '@id': `${site.origin}/#organization`,
      name: site.name,
      logo: { '@type': 'ImageObject', url: absolute(site.origin, site.logoUrl) },
    },
    mainEntityOfPage: { '@type': 'WebPage', '@id': url },
    articleSection: article.category,
  };
}

/**
 * A live blog's coverage times and its entries on the page (newest first) as BlogPosting updates,
 * each with its own address on the page (`#entry-{id}`).
 */
function liveBlogFields(live: LiveBlog, url: string) {
  return {
    coverageStartTime: live.coverageStartTime,
    ...(live.coverageEndTime ? { coverageEndTime: live.coverageEndTime } : {}),
    liveBlogUpdate: live.entries.map((entry) => {
      const text = bodyPlainText(entry.body);
      return {
        '@type': 'BlogPosting',
        headline: liveSummary(text, 110),
        articleBody: text,
        datePublished: entry.postedAt,
        dateModified: entry.updatedAt ?? entry.postedAt,
        url: `${url}#entry-${entry.id}`,
        ...(entry.author ? { author: { '@type': 'Person', name: entry.author } } : {}),
      };
    }),
  };
}

/** An author page: a ProfilePage about the Person (their page, photo, X profile). */
export function authorProfilePage(site: SiteInfo, author: AuthorPage['author']): WithContext<ProfilePage> {
  const url = `${site.origin}${authorPath(author.slug)}`;
  return {
    '@context': 'https://schema.org',
    '@type': 'ProfilePage',
    url,
    mainEntity: {
      '@type': 'Person',
      name: author.name,
      url,
      ...(author.bio ? { description: author.bio } : {}),
      ...(author.photoUrl ? { image: absolute(site.origin, author.photoUrl) } : {}),
      ...(author.xHandle ? { sameAs: [`https://x.com/${author.xHandle}`] } : {}),
    },
  };
}

/** A tag page: a CollectionPage of the stories about the tag. */
export function tagCollectionPage(site: SiteInfo, tag: PublicRef): WithContext<CollectionPage> {
  return {
    '@context': 'https://schema.org',
    '@type': 'CollectionPage',
    name: tag.name,
    url: `${site.origin}${tagPath(tag.slug)}`,
    isPartOf: { '@id': `${site.origin}/#website` },
  };
}

/** Home > Section > Headline (the last item without a link, as it is the page itself). */
export function breadcrumbList(site: SiteInfo, trail: { name: string; path?: string }[]): WithContext<BreadcrumbList> {
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: trail.map((crumb, i) => ({
      '@type': 'ListItem',
      position: i + 1,
      name: crumb.name,
      ...(crumb.path !== undefined ? { item: absolute(site.origin, crumb.path) } : {}),
    })),
  };
}

/** The JSON for a <script type="application/ld+json"> element: `<`, `>` and `&` escaped so no text can end it. */
export function jsonLdScript(data: object): string {
  return JSON.stringify(data).replace(/</g, '\\u003c').replace(/>/g, '\\u003e').replace(/&/g, '\\u0026');
}
