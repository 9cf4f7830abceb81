import type { ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { Category } from '@common/categories';
import { PublicLayout } from '@/components/layout/public-layout';
import { LiveProvider } from '@/features/live/components/live-provider';
import { NewStoriesButton } from '@/features/live/components/new-stories-button';
import { useLiveBreaking } from '@/features/live/components/use-live-breaking';
import type { BreakingState } from '@/features/live/lib/breaking-state';
import { getNewsQueryOptions, useNews } from '@/features/news/api/get-news';
import { BreakingStrip } from '@/features/news/components/breaking-strip';
import { MostRead } from '@/features/news/components/most-read';
import { NewsListing } from '@/features/news/components/news-listing';

/**
 * A public page with live updates: the page's one stream (LiveProvider: `articleId` on a live
 * article's page) and the breaking strip that follows it. `children` may take the page's live
 * breaking stories (the listing's banner shows the first).
 */
export function LivePublicPage({
  category,
  articleId,
  since,
  children,
}: {
  /** The section whose breaking stories the strip shows (home and other pages: all). */
  category?: string;
  articleId?: number;
  /** The event id the page's data is as of (a live blog's), when known. */
  since?: number;
  children: ReactNode | ((breaking: BreakingState) => ReactNode);
}) {
  return (
    <LiveProvider articleId={articleId} since={since}>
      <LiveFrame category={category}>{children}</LiveFrame>
    </LiveProvider>
  );
}

function LiveFrame({
  category,
  children,
}: {
  category?: string;
  children: ReactNode | ((breaking: BreakingState) => ReactNode);
}) {
  const { result } = useNews(category);
  const breaking = useLiveBreaking(result.breakingNews, category);
  return (
    <PublicLayout
      strip={
        <BreakingStrip
          category={category}
          headlines={breaking.items.map((i) => i.headline)}
          announcement={breaking.announcement}
        />
      }
    >
      {typeof children === 'function' ? children(breaking) : children}
    </PublicLayout>
  );
}

/**
 * Home or a section's first page: the listing with its 'N new stories' button and live banner, and
 * MOST READ after the grid (a section's: MOST READ IN POLITICS, its stories only).
 */
export function LiveNewsListing({ category, breaking }: { category?: Category; breaking: BreakingState }) {
  const queryClient = useQueryClient();
  const { result, isLoading } = useNews(category?.name);
  const knownIds = [...result.breakingNews, ...result.allArticles].map((a) => a.id);
  return (
    <NewsListing
      category={category}
      breaking={breaking.items}
      afterGrid={<MostRead category={category} />}
      top={
        isLoading ? null : (
          <NewStoriesButton
            knownIds={knownIds}
            category={category?.name}
            onShow={() => queryClient.refetchQueries({ queryKey: getNewsQueryOptions(category?.name).queryKey })}
          />
        )
      }
    />
  );
}
