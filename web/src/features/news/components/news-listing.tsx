import type { ReactNode } from 'react';
import type { Category } from '@common/categories';
import { archiveHref, olderThanFirstPage } from '@common/older-stories';
import { NEWS_PAGE_SIZE } from '@common/site';
import { useNow } from '@/lib/render-clock';
import { useNews } from '../api/get-news';
import { cardSize, orderArticles, SKELETON_CARD_COUNT, splitListing } from '../lib/listing-layout';
import { ArticleCard } from './article-card';
import { LISTING_GRID_CLASS, ListingSkeleton } from './article-card-skeleton';
import { BreakingBanner, type BannerStory } from './breaking-banner';
import { MoreTrash } from './more-trash';
import { OlderStoriesNav } from './older-stories-nav';

/**
 * Home and category listing: BREAKING banner, card grid (or skeletons / empty state), MORE TRASH.
 * `top` goes first (the page's 'N new stories' button); `breaking`, the page's live breaking stories,
 * newest first, puts its first headline in a banner that was there (none appears while reading);
 * `afterGrid` goes between the grid and MORE TRASH (the home page's MOST READ).
 */
export function NewsListing({
  category,
  top,
  breaking,
  afterGrid,
}: {
  category?: Category;
  top?: ReactNode;
  breaking?: readonly BannerStory[];
  afterGrid?: ReactNode;
}) {
  const { result, isLoading } = useNews(category?.name);
  const clock = useNow();
  const title = category ? category.name : 'Latest scandals';

  const heading = (
    <h1
      className={
        category
          ? 'mb-6 inline-block bg-ink px-3 py-1 font-display text-3xl uppercase text-white md:text-4xl'
          : 'sr-only'
      }
    >
      {title}
    </h1>
  );

  if (isLoading) {
    return (
      <>
        {heading}
        <ListingSkeleton count={SKELETON_CARD_COUNT} sizeOf={cardSize} />
      </>
    );
  }

  const ordered = orderArticles(result);
  const { grid, more } = splitListing(ordered);
  const { now } = clock;
  const firstBreaking = result.breakingNews[0];
  const banner: BannerStory | null | undefined = firstBreaking && (breaking ? (breaking[0] ?? null) : firstBreaking);
  const older = olderThanFirstPage(result, NEWS_PAGE_SIZE);
  const basePath = category ? `/${category.path}` : '/';

  return (
    <>
      {top}
      {heading}
      {banner !== undefined && <BreakingBanner article={banner} />}
      {ordered.length === 0 ? (
        <section className="border-4 border-ink px-6 py-12 text-center" aria-labelledby="no-trash-title">
          <h2 id="no-trash-title" className="font-display text-4xl uppercase md:text-5xl">
            NO TRASH FOUND
          </h2>
          <p className="mt-3 font-serif text-body text-grey-dark">
            {category ? `No articles found in the ${category.name} category.` : 'No articles available at the moment.'}
          </p>
        </section>
      ) : (
        <div className={LISTING_GRID_CLASS}>
          {grid.map((article, index) => (
            <ArticleCard
              key={`${String(article.id)}-${index}`}
              article={article}
              size={cardSize(index)}
              priority={index === 0}
              now={now}
            />
          ))}
        </div>
      )}
      {afterGrid}
      <MoreTrash articles={more} currentCategoryPath={category?.path} now={now} />
      {older && <OlderStoriesNav older={archiveHref(basePath, { page: 2, before: older })} />}
    </>
  );
}
