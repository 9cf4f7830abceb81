import { Link } from 'react-router';
import { Badge } from '@/components/ui/badge';
import { paths } from '@/config/paths';
import { cx } from '@/lib/cx';
import { objectPosition } from '@common/images';
import { IMAGE_SIZES, imageSources } from '../lib/image-sources';
import type { CardSize } from '../lib/listing-layout';
import { formatRelativeTime } from '../lib/relative-time';
import type { Article } from '../types';

/** Grid placement by size: the large card leads (2 columns, 2 rows on desktop). */
export const CARD_GRID_CLASS: Record<CardSize, string> = {
  large: 'md:col-span-2 lg:row-span-2',
  medium: '',
  small: '',
};

const HEADLINE_CLASS: Record<CardSize, string> = {
  large: 'text-3xl md:text-5xl lg:text-6xl',
  medium: 'text-2xl md:text-3xl',
  small: 'text-xl md:text-2xl',
};

/** Image box sizes: the same 16:9 ratio everywhere, so the space is reserved before load. */
const IMAGE_SIZE: Record<CardSize, { width: number; height: number; sizes: string }> = {
  large: { width: 1280, height: 720, sizes: IMAGE_SIZES.leadCard },
  medium: { width: 640, height: 360, sizes: IMAGE_SIZES.card },
  small: { width: 640, height: 360, sizes: IMAGE_SIZES.card },
};

export interface ArticleCardProps {
  article: Article;
  size?: CardSize;
  /** The first card's image loads eagerly; all others lazily. */
  priority?: boolean;
  /** Heading level inside the page outline. */
  headingLevel?: 2 | 3;
  now?: Date;
  className?: string;
}

/** A story card. The headline link stretches over the whole card. */
export function ArticleCard({
  article,
  size = 'medium',
  priority = false,
  headingLevel = 2,
  now,
  className,
}: ArticleCardProps) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const image = IMAGE_SIZE[size];
  const relative = formatRelativeTime(article.publishedAt, now);
  return (
    <article
      className={cx(
        'story-card group relative flex flex-col border-t-4 border-ink bg-paper',
        'has-[a:focus-visible]:outline-3 has-[a:focus-visible]:outline-offset-4 has-[a:focus-visible]:outline-ink has-[a:focus-visible]:shadow-[0_0_0_10px_var(--color-tabloid-yellow)]',
        CARD_GRID_CLASS[size],
        className,
      )}
    >
      {article.imageUrl && (
        <div
          className={cx(
            'story-card__image aspect-video overflow-hidden bg-grey-light',
            // the lead card spans two rows on desktop: its picture takes the height the row gives it
            size === 'large' && 'lg:aspect-auto lg:min-h-96 lg:flex-1',
          )}
        >
          <img
            {...imageSources(article.imageUrl, image.sizes)}
            src={article.imageUrl}
            alt={article.imageAlt ?? ''}
            width={image.width}
            height={image.height}
            loading={priority ? 'eager' : 'lazy'}
            fetchPriority={priority ? 'high' : 'auto'}
            decoding="async"
            className="h-full w-full object-cover transition-transform duration-200 group-hover:scale-[1.02]"
            style={{ objectPosition: objectPosition(article.imageFocalX, article.imageFocalY) }}
          />
        </div>
      )}
      <div className={cx('flex flex-col gap-2 pt-3', size === 'large' ? 'md:pt-4 lg:flex-none' : 'flex-1')}>
        <p className="flex flex-wrap items-center gap-2">
          {article.isLive && (
            <Badge tone="red" className="live-badge">
              LIVE
            </Badge>
          )}
          {article.isBreaking && <Badge tone="red">BREAKING</Badge>}
          {article.category && <Badge tone="black">{article.category}</Badge>}
        </p>
        <Heading className={cx('font-display uppercase leading-[1.05] tracking-tight', HEADLINE_CLASS[size])}>
          <Link
            to={paths.article.getHref(article.slug)}
            className="text-ink no-underline decoration-tabloid-red decoration-4 underline-offset-4 outline-none focus-visible:shadow-none after:absolute after:inset-0 after:content-[''] group-hover:underline"
          >
            {article.headline}
          </Link>
        </Heading>
        {article.summary && (
          <p
            className={cx(
              'line-clamp-3 font-serif text-grey-dark',
              size === 'large' ? 'text-body lg:text-xl' : 'text-base',
            )}
          >
            {article.summary}
          </p>
        )}
        {relative && article.publishedAt && (
          <p className={cx('font-sans text-sm text-grey-dark', size !== 'large' && 'mt-auto')}>
            <time dateTime={article.publishedAt}>{relative}</time>
          </p>
        )}
      </div>
    </article>
  );
}
