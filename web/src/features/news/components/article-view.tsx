import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { readingTimeText } from '@common/body/text';
import { findCategory } from '@common/categories';
import { Badge } from '@/components/ui/badge';
import { paths } from '@/config/paths';
import { useNow } from '@/lib/render-clock';
import { formatPublishedTime, formatPublishedTimeUtc } from '../lib/format-published-time';
import { objectPosition } from '@common/images';
import { IMAGE_SIZES, imageSources } from '../lib/image-sources';
import { splitParagraphs } from '../lib/paragraphs';
import type { Article } from '../types';
import { ArticleCorrections } from './article-corrections';
import { ArticleTags, Byline, hasByline } from './byline';

/**
 * The public article: badges, headline, byline and time, Original Sauce, hero image, the share
 * buttons (`shareActions`, composed by the page from the share feature), body, the live blog
 * under it (`live`, composed by the page from the live feature), its corrections, source and tags.
 */
export function ArticleView({
  article,
  shareActions,
  live,
}: {
  article: Article;
  shareActions?: ReactNode;
  live?: ReactNode;
}) {
  const category = findCategory(article.category);
  const clock = useNow();
  // Rendered on the server (and read as such without script): the full date, in UTC; after
  // hydration the reader's own format (the time only for today, in their time zone).
  const published = clock.refined
    ? formatPublishedTime(article.publishedAt, clock.now)
    : formatPublishedTimeUtc(article.publishedAt);
  // Changed after publication (not by a minor edit): readers are told when, under the byline.
  const updated = article.modifiedAt
    ? clock.refined
      ? formatPublishedTime(article.modifiedAt, clock.now)
      : formatPublishedTimeUtc(article.modifiedAt)
    : '';
  // '4 min read' (before the published time) from the count the server made when it read the article; none for a live blog.
  const readingTime = article.wordCount && !article.live ? readingTimeText(article.wordCount) : '';
  // A preview of a story with no author, time or reading time yet (a live blog's draft): no empty
  // ruled row under the headline.
  const hasMeta = hasByline(article) || !!(published && article.publishedAt) || !!readingTime || !!article.originalUrl;

  return (
    <article className="mx-auto max-w-3xl">
      {article.imageUrl && (
        <figure className="article-hero mb-6">
          <div className="aspect-video overflow-hidden bg-grey-light">
            <img
              {...imageSources(article.imageUrl, IMAGE_SIZES.article)}
              src={article.imageUrl}
              // The editor's description; none given (older articles): nothing, as the headline follows.
              alt={article.imageAlt ?? ''}
              width={1280}
              height={720}
              fetchPriority="high"
              decoding="async"
              className="h-full w-full object-cover"
              style={{ objectPosition: objectPosition(article.imageFocalX, article.imageFocalY) }}
            />
          </div>
          {article.imageCaption || article.imageCredit ? (
            <figcaption className="mt-2 font-sans text-sm text-grey-dark">
              {article.imageCaption}
              {article.imageCaption && article.imageCredit ? ' ' : null}
              {article.imageCredit ? (
                <span className="article-credit uppercase tracking-wider">{article.imageCredit}</span>
              ) : null}
            </figcaption>
          ) : null}
        </figure>
      )}
      <p className="flex flex-wrap items-center gap-2">
        {category ? (
          <Link to={paths.category.getHref(category.path)} className="no-underline">
            <Badge tone="black">{category.name}</Badge>
          </Link>
        ) : (
          article.category && <Badge tone="black">{article.category}</Badge>
        )}
        <Badge tone="red">EXCLUSIVE</Badge>
        {article.isBreaking && <Badge tone="yellow">BREAKING</Badge>}
      </p>
      <h1 className="mt-3 font-display text-4xl uppercase leading-[1.02] tracking-tight md:text-6xl">
        {article.headline}
      </h1>
      {article.summary && (
        <p className="article-standfirst mt-4 font-serif text-xl leading-snug text-grey-dark md:text-2xl">
          {article.summary}
        </p>
      )}
      {hasMeta && (
        <div className="article-byline mt-4 flex flex-wrap items-center gap-x-4 gap-y-1 border-y border-grey-light py-3 font-sans text-sm">
          <Byline article={article} />
          {published && article.publishedAt && (
            // As wide as the server's UTC form, whatever the refined text: the byline keeps its wrap
            // when hydration shortens the time, so nothing below it moves ('Original Sauce' sits at
            // the line's end, so the room left reads as spacing). The reading time comes first in that
            // room ('4 min read · 09:30'), so the time's change at its end moves nothing.
            <span
              className="inline-block text-grey-dark tabular-nums"
              style={{ minWidth: `${metaWidth(formatPublishedTimeUtc(article.publishedAt), readingTime)}ch` }}
            >
              {readingTime && (
                <>
                  <span className="article-reading-time">{readingTime}</span>
                  <span aria-hidden="true"> · </span>
                </>
              )}
              <time dateTime={article.publishedAt}>{published}</time>
            </span>
          )}
          {!(published && article.publishedAt) && readingTime && (
            <span className="article-reading-time text-grey-dark">{readingTime}</span>
          )}
          {article.originalUrl && (
            <a
              href={article.originalUrl}
              target="_blank"
              rel="noopener noreferrer"
              className="ml-auto font-bold text-tabloid-red underline underline-offset-2 hover:text-tabloid-red-dark"
            >
              Original Sauce<span className="sr-only"> (opens in a new tab)</span>
            </a>
          )}
        </div>
      )}
      {updated && article.modifiedAt && (
        <p className="mt-2 font-sans text-sm text-grey-dark">
          Updated{' '}
          <time
            dateTime={article.modifiedAt}
            className="inline-block tabular-nums"
            style={{ minWidth: `${formatPublishedTimeUtc(article.modifiedAt).length}ch` }}
          >
            {updated}
          </time>
        </p>
      )}
      {shareActions}
      {article.bodyHtml !== undefined ? (
        // The server's one renderer made this HTML from the validated body, every text escaped
        // (common/body/render.ts); the same string on the server and after hydration.
        <div
          className="article-body mt-8 max-w-[68ch] font-serif text-body text-ink"
          dangerouslySetInnerHTML={{ __html: article.bodyHtml }}
        />
      ) : (
        <div className="article-body mt-8 max-w-[68ch] font-serif text-body text-ink">
          {splitParagraphs(article.content).map((paragraph, index) => (
            <p key={index} className="whitespace-pre-line">
              {paragraph}
            </p>
          ))}
        </div>
      )}
      {live}
      <ArticleCorrections corrections={article.corrections} />
      {article.source && <p className="mt-2 font-sans text-sm text-grey-dark">Source: {article.source}</p>}
      <ArticleTags tags={article.tags} />
    </article>
  );
}

/** The room (in `ch`) the meta line's time and reading time take in their server form (' · ' between). */
function metaWidth(utcTime: string, readingTime: string): number {
  return utcTime.length + (readingTime ? 3 + readingTime.length : 0);
}
