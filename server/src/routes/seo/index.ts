import { parseStoredBody } from '../../../../common/body/stored.ts';
import fp from 'fastify-plugin';
import { Type } from '@sinclair/typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import path from 'node:path';
import { CATEGORIES, findCategory } from '../../../../common/categories.ts';
import { DEFAULT_SITE_NAME, TAGLINE } from '../../../../common/site.ts';
import { ABOUT_PATH } from '../../../../common/structured-data.ts';
import { CORRECTIONS_PATH } from '../../../../common/corrections-contract.ts';
import { newestCorrectionAt } from '../../repositories/public-corrections.ts';
import { ArchiveRepository } from '../../repositories/archive-repository.ts';
import { SitemapRepository, type SitemapRow } from '../../repositories/sitemap-repository.ts';
import { modifiedTime, toPublicArticle } from '../../repositories/news-repository.ts';
import {
  atom1,
  jsonFeed1,
  liveItemHtml,
  rss2,
  tagUri,
  type FeedChannel,
  type FeedItem,
} from '../../rendering/feeds.ts';
import { LIVE_ENTRIES_PAGE } from '../../../../common/live-contract.ts';
import { LiveEntriesRepository } from '../../live-blog/repositories/live-entries.ts';
import { toLiveEntries } from '../../live-blog/live-entries-view.ts';
import { xmlText } from '../../rendering/xml.ts';
import { publishedArticles } from '../../repositories/published-articles.ts';
import { sendProblem } from '../../plugins/problem.ts';
import { SHARED_CACHE_CONTROL } from '../../plugins/http-cache.ts';
import { ProblemSchema } from '../news/schemas.ts';
import { ShareCardStore, shareCardFor, shareCardHash } from '../../share-cards/share-card.ts';
import { largestStored } from '../../images/library.ts';
import { uploadedImageId } from '../../../../common/images.ts';
import { compressBodyAsync, sendCompressed, type CompressedBody } from './compressed-body.ts';
import { requestOrigin } from '../../plugins/request-origin.ts';
import { RefreshingCache } from '../../services/refreshing-cache.ts';
import { AuthorsAndTagsRepository } from '../../repositories/authors-and-tags.ts';
import { ImagesRepository } from '../../repositories/images-repository.ts';
import { renderBodiesForReaders } from '../../rendering/body-html.ts';
import { authorPath, tagPath } from '../../../../common/byline.ts';
import type { ListRow } from '../../repositories/public-columns.ts';

/**
 * URLs per sitemap file (files are id ranges of this size). The protocol allows 50,000; 10,000 keeps
 * a file near 170 KB compressed, so a crawler's fetch and the rebuild after an edit stay cheap, and
 * a million articles still need only 100 files in the index.
 */
export const SITEMAP_RANGE = 10_000;
/** Items per feed. */
export const FEED_SIZE = 30;
/** Google News sitemaps list articles published in the last two days, at most 1,000. */
export const NEWS_SITEMAP_HOURS = 48;
export const NEWS_SITEMAP_MAX = 1_000;
/**
 * Sitemaps and feeds are rebuilt on every editorial change (news-cache clear) and otherwise at most
 * this often, in the background, for changes nobody announced (a separate import process, plain SQL)
 * and for the 48-hour window of the news sitemap. Not per news-cache TTL: a sitemap file of 10,000
 * URLs is a megabyte of XML to build and compress.
 */
export const SEO_REFRESH_MS = 10 * 60_000;

declare module 'fastify' {
  interface FastifyInstance {
    /** Share-card images on disk under DATA_DIR/share-cards. */
    shareCards: ShareCardStore;
  }
}

// Kept by a shared cache as briefly as the pages: an unpublished story leaves the feeds with them.
const SEO_CACHE_CONTROL = SHARED_CACHE_CONTROL;
const XML = 'application/xml; charset=utf-8';
const categoryName = new Map<number, string>(CATEGORIES.map((c) => [c.id, c.name]));
const categoryPath = new Map<number, string>(CATEGORIES.map((c) => [c.id, c.path]));

/**
 * The date of the feeds' `tag:` URIs (RFC 4151: a day the site's host name was the site's). Item ids
 * are `tag:{host},{FEED_TAG_DATE}:article:{id}`: never change it, or every reader sees every item again.
 */
export const FEED_TAG_DATE = '2026-01-01';
const isoDate = (v: string | null | undefined) => {
  const t = v ? Date.parse(v) : Number.NaN;
  return Number.isNaN(t) ? undefined : new Date(t).toISOString();
};

const TextBody = (description: string) => Type.String({ description });
const FEED_FORMATS = {
  'rss.xml': 'application/rss+xml; charset=utf-8',
  'atom.xml': 'application/atom+xml; charset=utf-8',
  'feed.json': 'application/feed+json; charset=utf-8',
} as const;
type FeedFormat = keyof typeof FEED_FORMATS;

/**
 * What search engines, feed readers and link previews fetch:
 *   GET /robots.txt, /sitemap.xml (index), /sitemaps/sections.xml, /sitemaps/articles-{n}.xml
 *   (published articles with id in ((n-1)*SITEMAP_RANGE, n*SITEMAP_RANGE]), /sitemaps/news.xml (Google News, 48 h)
 *   GET /feeds/{rss.xml|atom.xml|feed.json} and /feeds/{category}/{…}: the newest published articles
 *   GET /share-cards/{id}-{hash}.png, /share-cards/site.png: 1200x630 PNG link-preview images
 * Bodies are built once per app.newsCache entry (cleared on every editorial change, on every instance)
 * and compressed once; responses carry ETag, Cache-Control and Vary: Accept-Encoding.
 */
export default fp(
  async function seoRoutes(fastify: FastifyInstance) {
    const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
    const sitemaps = new SitemapRepository(app.database.db);
    const archive = new ArchiveRepository(app.database.db);
    const people = new AuthorsAndTagsRepository(app.database.db, app.database.dialect);
    const images = new ImagesRepository(app.database.db);
    const liveEntries = new LiveEntriesRepository(app.database.db);
    const cards = new ShareCardStore(
      path.join(app.config.dataDir, 'share-cards'),
      app.config.webDistDir,
      DEFAULT_SITE_NAME,
      async (id) => (app.hasDecorator('imageStore') ? (await largestStored(app.imageStore, id))?.body : undefined),
    );
    app.decorate('shareCards', cards);

    const originOf = (request: FastifyRequest) => app.config.publicUrl || requestOrigin(request);
    // Built once per editorial change (not once per news-cache TTL): readers never wait for a rebuild
    // of a body that exists; see refreshing-cache.ts.
    const bodies = new RefreshingCache<CompressedBody>({
      ttlMs: SEO_REFRESH_MS,
      maxEntries: 500,
      onError: (err) => app.log.error({ err }, 'rebuilding a sitemap or feed failed: the previous one is served'),
    });
    app.newsCache.onClear(() => bodies.clear());
    const cached = (key: string, build: () => Promise<string>) =>
      bodies.get(key, async () => compressBodyAsync(await build()));
    /** The newest change of a page in sections.xml: a story published, or a correction added. */
    const sectionsLastmod = async () =>
      [await sitemaps.lastUpdated(), await newestCorrectionAt(app.database.db)]
        .filter((t): t is string => Boolean(t))
        .sort()
        .at(-1);
    const articleUrl = (origin: string, slug: string) => `${origin}/article/${encodeURIComponent(slug)}`;

    app.get(
      '/robots.txt',
      { schema: { summary: 'Crawler rules', response: { 200: TextBody('robots.txt') } } },
      async (request, reply) => {
        const origin = originOf(request);
        const body = await cached(`robots:${origin}`, async () =>
          [
            'User-agent: *',
            'Allow: /',
            'Disallow: /admin',
            'Disallow: /News',
            'Disallow: /api',
            '',
            `Sitemap: ${origin}/sitemap.xml`,
            '',
          ].join('\n'),
        );
        return sendCompressed(request, reply, body, {
          contentType: 'text/plain; charset=utf-8',
          cacheControl: SEO_CACHE_CONTROL,
        });
      },
    );

    app.get(
      '/sitemap.xml',
      { schema: { summary: 'Sitemap index', response: { 200: TextBody('sitemap index XML') } } },
      async (request, reply) => {
        const origin = originOf(request);
        const body = await cached(`sitemap-index:${origin}`, async () => {
          const files = Math.max(1, Math.ceil((await sitemaps.maxId()) / SITEMAP_RANGE));
          const entries: { loc: string; lastmod: string | undefined }[] = [
            { loc: `${origin}/sitemaps/sections.xml`, lastmod: await sectionsLastmod() },
            { loc: `${origin}/sitemaps/news.xml`, lastmod: await sitemaps.lastUpdated() },
          ];
          // Author and tag pages (those with published stories), each file with its newest story's time.
          for (const kind of ['authors', 'tags'] as const) {
            const rows = await people.withStories(kind);
            if (rows.length === 0) continue;
            const lastmod = rows.reduce<string | null>(
              (m, r) => (r.lastmod && (!m || r.lastmod > m) ? r.lastmod : m),
              null,
            );
            entries.push({ loc: `${origin}/sitemaps/${kind}.xml`, lastmod: lastmod ?? undefined });
          }
          for (let n = 1; n <= files; n++) {
            const lastmod = await sitemaps.lastModifiedInRange((n - 1) * SITEMAP_RANGE + 1, n * SITEMAP_RANGE);
            entries.push({ loc: `${origin}/sitemaps/articles-${n}.xml`, lastmod });
          }
          return `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${entries
            .map((e) => {
              const lastmod = isoDate(e.lastmod);
              return `<sitemap><loc>${xmlText(e.loc)}</loc>${lastmod ? `<lastmod>${lastmod}</lastmod>` : ''}</sitemap>`;
            })
            .join('\n')}\n</sitemapindex>\n`;
        });
        return sendCompressed(request, reply, body, { contentType: XML, cacheControl: SEO_CACHE_CONTROL });
      },
    );

    app.get(
      '/sitemaps/sections.xml',
      {
        schema: {
          summary: 'Sitemap of the home, section, About and Corrections pages',
          response: { 200: TextBody('sitemap XML') },
        },
      },
      async (request, reply) => {
        const origin = originOf(request);
        const body = await cached(`sitemap-sections:${origin}`, async () => {
          const entries = [{ loc: `${origin}/`, lastmod: await sitemaps.lastUpdated() }];
          for (const c of CATEGORIES)
            entries.push({ loc: `${origin}/${c.path}`, lastmod: await sitemaps.lastUpdated(c.id) });
          // The About page (what the publication is, its satire policy); its text ships with the front end.
          entries.push({ loc: `${origin}${ABOUT_PATH}`, lastmod: undefined });
          // Every correction of the published stories: it changes when one is added.
          entries.push({ loc: `${origin}${CORRECTIONS_PATH}`, lastmod: await newestCorrectionAt(app.database.db) });
          return urlset(entries.map((e) => urlEntry(e.loc, isoDate(e.lastmod))));
        });
        return sendCompressed(request, reply, body, { contentType: XML, cacheControl: SEO_CACHE_CONTROL });
      },
    );

    app.get(
      '/sitemaps/articles-:n.xml',
      {
        schema: {
          summary: `Sitemap of published articles with id in ((n-1)*${SITEMAP_RANGE}, n*${SITEMAP_RANGE}]`,
          params: Type.Object({ n: Type.Integer({ minimum: 1, maximum: 100_000 }) }),
          response: { 200: TextBody('sitemap XML'), 400: ProblemSchema },
        },
      },
      async (request, reply) => {
        const origin = originOf(request);
        const { n } = request.params;
        const body = await cached(`sitemap-articles:${origin}:${n}`, async () => {
          const rows = await sitemaps.range((n - 1) * SITEMAP_RANGE + 1, n * SITEMAP_RANGE);
          return urlset(
            rows.map((r) =>
              urlEntry(
                articleUrl(origin, r.slug),
                isoDate(modifiedTime(r) ?? r.published_at),
                r.image_url ? absoluteUrl(origin, r.image_url) : undefined,
              ),
            ),
            { images: true },
          );
        });
        return sendCompressed(request, reply, body, { contentType: XML, cacheControl: SEO_CACHE_CONTROL });
      },
    );

    app.get(
      '/sitemaps/news.xml',
      {
        schema: {
          summary: 'Google News sitemap: articles published in the last 48 hours',
          response: { 200: TextBody('sitemap XML') },
        },
      },
      async (request, reply) => {
        const origin = originOf(request);
        const body = await cached(`sitemap-news:${origin}`, async () => {
          const since = new Date(Date.now() - NEWS_SITEMAP_HOURS * 3_600_000).toISOString();
          const rows = await sitemaps.publishedSince(since, NEWS_SITEMAP_MAX);
          return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:news="http://www.google.com/schemas/sitemap-news/0.9">\n${rows
            .map((r) => newsEntry(articleUrl(origin, r.slug), r))
            .join('\n')}\n</urlset>\n`;
        });
        return sendCompressed(request, reply, body, { contentType: XML, cacheControl: SEO_CACHE_CONTROL });
      },
    );

    for (const kind of ['authors', 'tags'] as const) {
      app.get(
        `/sitemaps/${kind}.xml`,
        {
          schema: {
            summary: `Sitemap of the ${kind === 'authors' ? 'author' : 'tag'} pages with published stories`,
            response: { 200: TextBody('sitemap XML') },
          },
        },
        async (request, reply) => {
          const origin = originOf(request);
          const body = await cached(`sitemap-${kind}:${origin}`, async () => {
            const rows = await people.withStories(kind);
            const path = kind === 'authors' ? authorPath : tagPath;
            return urlset(rows.map((r) => urlEntry(`${origin}${path(r.slug)}`, isoDate(r.lastmod))));
          });
          return sendCompressed(request, reply, body, { contentType: XML, cacheControl: SEO_CACHE_CONTROL });
        },
      );
    }

    const feedRoute = async (request: FastifyRequest, format: FeedFormat, category: string | undefined) => {
      const origin = originOf(request);
      const found = category === undefined ? undefined : findCategory(category);
      if (category !== undefined && (!found || found.path !== category)) return undefined;
      return cached(`feed:${origin}:${found?.id ?? 0}:${format}`, async () => {
        const rows = await archive.latestWithContent(found?.id, FEED_SIZE);
        const base = found ? `${origin}/feeds/${found.path}` : `${origin}/feeds`;
        return feedBody(origin, format, rows, {
          id: tagUri(origin, FEED_TAG_DATE, found ? `feed:${found.path}` : 'feed'),
          home: found ? `${origin}/${found.path}` : `${origin}/`,
          title: found ? `${DEFAULT_SITE_NAME}: ${found.name}` : DEFAULT_SITE_NAME,
          base,
        });
      });
    };

    /** An author's or a tag's feed (undefined: no such author or tag). */
    const listingFeed = async (request: FastifyRequest, format: FeedFormat, kind: 'authors' | 'tags', slug: string) => {
      const origin = originOf(request);
      const record = kind === 'authors' ? await people.authorBySlug(slug) : await people.tagBySlug(slug);
      if (!record) return undefined;
      const segment = kind === 'authors' ? 'author' : 'tag';
      return cached(`feed:${origin}:${segment}:${record.slug}:${format}`, async () => {
        const rows = await people.latestWithContent(kind, Number(record.id), FEED_SIZE);
        return feedBody(origin, format, rows, {
          id: tagUri(origin, FEED_TAG_DATE, `feed:${segment}:${record.id}`),
          home: `${origin}/${segment}/${record.slug}`,
          title: `${DEFAULT_SITE_NAME}: ${record.name}`,
          base: `${origin}/feeds/${segment}/${record.slug}`,
        });
      });
    };

    const feedBody = async (
      origin: string,
      format: FeedFormat,
      rows: (ListRow & { content: string; body: string })[],
      about: { id: string; home: string; title: string; base: string },
    ): Promise<string> => {
      const base = about.base;
      const contentHtml = await renderBodiesForReaders(
        images,
        rows.map((row) => parseStoredBody(row.body, row.content)),
        { origin },
      );
      // Live blogs (decision 037): their newest entries lead the item, and the newest one dates it.
      const liveRows = await liveEntries.newestOf(
        rows.map((r) => Number(r.id)),
        LIVE_ENTRIES_PAGE,
      );
      const live = new Map<number, Awaited<ReturnType<typeof toLiveEntries>>>();
      for (const [id, entryRows] of liveRows) live.set(id, await toLiveEntries(images, entryRows, origin));
      const channel: FeedChannel = {
        id: about.id,
        home: about.home,
        title: about.title,
        description: TAGLINE,
        self: { rss: `${base}/rss.xml`, atom: `${base}/atom.xml`, json: `${base}/feed.json` },
        publisher: DEFAULT_SITE_NAME,
        image: `${origin}/share-cards/site.png`,
        icon: `${origin}/favicon.svg`,
        language: 'en-GB',
        copyright: `© ${DEFAULT_SITE_NAME}`,
      };
      const items: FeedItem[] = rows.map((row, i) => {
        const article = toPublicArticle(row);
        const card = shareCardFor({
          id: article.id,
          headline: article.headline,
          category: article.category,
          imageUrl: article.imageUrl,
          imageFocalX: article.imageFocalX,
          imageFocalY: article.imageFocalY,
        });
        const url = articleUrl(origin, article.slug);
        const entries = live.get(article.id) ?? [];
        const ownModified = article.modifiedAt ?? article.publishedAt;
        const latestEntry = entries.reduce<string | undefined>((latest, e) => {
          const at = e.updatedAt ?? e.postedAt;
          return !latest || at > latest ? at : latest;
        }, undefined);
        return {
          id: tagUri(origin, FEED_TAG_DATE, `article:${article.id}`),
          url,
          title: article.headline,
          summary: article.summary,
          contentHtml: entries.length
            ? liveItemHtml(
                url,
                entries.map((e) => ({ id: e.id, postedAt: e.postedAt, author: e.author, html: e.bodyHtml })),
                contentHtml[i]!,
              )
            : contentHtml[i]!,
          author: article.author,
          category: { name: article.category, term: categoryPath.get(Number(row.category_id)) ?? '' },
          published: article.publishedAt,
          modified: latestEntry && latestEntry > ownModified ? latestEntry : ownModified,
          image: { url: `${origin}${card.url}`, type: card.type },
          ...(article.imageUrl && uploadedImageId(article.imageUrl)
            ? {
                photo: {
                  url: `${origin}${article.imageUrl}`,
                  alt: article.imageAlt,
                  caption: article.imageCaption,
                  credit: article.imageCredit,
                },
              }
            : {}),
        };
      });
      return format === 'rss.xml'
        ? rss2(channel, items)
        : format === 'atom.xml'
          ? atom1(channel, items)
          : jsonFeed1(channel, items);
    };

    const FormatParam = Type.Union(Object.keys(FEED_FORMATS).map((f) => Type.Literal(f)));
    app.get(
      '/feeds/:format',
      {
        schema: {
          summary: 'The site feed: RSS 2.0, Atom 1.0 or JSON Feed 1.1',
          params: Type.Object({ format: FormatParam }),
          response: { 200: TextBody('feed'), 400: ProblemSchema },
        },
      },
      async (request, reply) => {
        const format = request.params.format as FeedFormat;
        const body = (await feedRoute(request, format, undefined))!;
        return sendCompressed(request, reply, body, {
          contentType: FEED_FORMATS[format],
          cacheControl: SEO_CACHE_CONTROL,
        });
      },
    );
    app.get(
      '/feeds/:category/:format',
      {
        schema: {
          summary: 'A section feed: RSS 2.0, Atom 1.0 or JSON Feed 1.1',
          params: Type.Object({ category: Type.String({ maxLength: 50 }), format: FormatParam }),
          response: { 200: TextBody('feed'), 400: ProblemSchema, 404: ProblemSchema },
        },
      },
      async (request, reply) => {
        const format = request.params.format as FeedFormat;
        const body = await feedRoute(request, format, request.params.category);
        if (!body) return sendProblem(reply, 404, `There is no section '${request.params.category}'.`);
        return sendCompressed(request, reply, body, {
          contentType: FEED_FORMATS[format],
          cacheControl: SEO_CACHE_CONTROL,
        });
      },
    );

    for (const [segment, kind] of [
      ['author', 'authors'],
      ['tag', 'tags'],
    ] as const) {
      app.get(
        `/feeds/${segment}/:slug/:format`,
        {
          schema: {
            summary: `An ${segment === 'author' ? "author's" : "tag's"} feed: RSS 2.0, Atom 1.0 or JSON Feed 1.1`,
            params: Type.Object({ slug: Type.String({ pattern: '^[a-z0-9-]{1,200}$' }), format: FormatParam }),
            response: { 200: TextBody('feed'), 400: ProblemSchema, 404: ProblemSchema },
          },
        },
        async (request, reply) => {
          const format = request.params.format as FeedFormat;
          const body = await listingFeed(request, format, kind, request.params.slug);
          if (!body) return sendProblem(reply, 404, `There is no ${segment} '${request.params.slug}'.`);
          return sendCompressed(request, reply, body, {
            contentType: FEED_FORMATS[format],
            cacheControl: SEO_CACHE_CONTROL,
          });
        },
      );
    }

    const IMMUTABLE = 'public, max-age=31536000, immutable';
    app.get(
      '/share-cards/:file',
      {
        schema: {
          summary: 'A 1200x630 PNG link-preview card: site.png or {articleId}-{hash}.png',
          params: Type.Object({ file: Type.String({ pattern: '^(site|[0-9]{1,10}-[A-Za-z0-9]{1,20})\\.png$' }) }),
          response: {
            200: Type.Any({ description: 'image/png' }),
            301: Type.Null({ description: 'Moved to the current card' }),
            400: ProblemSchema,
            404: ProblemSchema,
          },
        },
      },
      async (request, reply) => {
        const { file } = request.params;
        let png: Buffer;
        if (file === 'site.png') {
          png = await cards.siteCard();
          reply.header('cache-control', SEO_CACHE_CONTROL);
        } else {
          const [idText, hash] = file.replace(/\.png$/, '').split('-') as [string, string];
          const row = await publishedArticles(app.database.db)
            .select([
              'articles.id',
              'articles.headline',
              'articles.category_id',
              'articles.image_url',
              'articles.image_focal_x',
              'articles.image_focal_y',
            ])
            .where('articles.id', '=', Math.min(Number(idText), 2_147_483_647))
            .executeTakeFirst();
          const input = row && {
            id: Number(row.id),
            headline: row.headline,
            category: categoryName.get(Number(row.category_id)) ?? '',
            imageUrl: row.image_url || null,
            imageFocalX: Number(row.image_focal_x),
            imageFocalY: Number(row.image_focal_y),
          };
          if (!input) return sendProblem(reply, 404, 'No published article has this share card.');
          if (shareCardHash(input) !== hash) {
            // An old card URL (the article changed since): send the reader's client to the current card.
            return reply.header('cache-control', SEO_CACHE_CONTROL).redirect(shareCardFor(input).url, 301);
          }
          png = await cards.card(input);
          reply.header('cache-control', IMMUTABLE);
        }
        return reply.header('content-type', 'image/png').header('x-content-type-options', 'nosniff').send(png);
      },
    );
  },
  { name: 'seo', dependencies: ['problem', 'news'] },
);

/** The image sitemap extension (its `image:loc` only: Google no longer reads title or caption). */
export const IMAGE_SITEMAP_NS = 'http://www.google.com/schemas/sitemap-image/1.1';

/** An image address as the sitemap needs it: absolute, on the site's origin for site paths. */
function absoluteUrl(origin: string, url: string): string {
  return /^https?:\/\//i.test(url) ? url : `${origin}${url.startsWith('/') ? '' : '/'}${url}`;
}

function urlEntry(loc: string, lastmod: string | undefined, image?: string): string {
  const picture = image ? `<image:image><image:loc>${xmlText(image)}</image:loc></image:image>` : '';
  return `<url><loc>${xmlText(loc)}</loc>${lastmod ? `<lastmod>${lastmod}</lastmod>` : ''}${picture}</url>`;
}

function urlset(entries: string[], { images = false }: { images?: boolean } = {}): string {
  const ns = images ? ` xmlns:image="${IMAGE_SITEMAP_NS}"` : '';
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"${ns}>\n${entries.join('\n')}\n</urlset>\n`;
}

function newsEntry(loc: string, row: SitemapRow): string {
  return `<url><loc>${xmlText(loc)}</loc><news:news><news:publication><news:name>${xmlText(DEFAULT_SITE_NAME)}</news:name><news:language>en</news:language></news:publication><news:publication_date>${isoDate(row.published_at)}</news:publication_date><news:title>${xmlText(row.headline)}</news:title></news:news></url>`;
}
