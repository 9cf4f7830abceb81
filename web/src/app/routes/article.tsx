import { useState } from 'react';
import { useParams, useSearchParams } from 'react-router';
import { getSiteOrigin } from '@/config/app-config';
import { paths } from '@/config/paths';
import { entriesBefore, useEntries } from '@/features/live/api/get-entries';
import { LiveBlogView } from '@/features/live/components/live-blog-view';
import { useArticle } from '@/features/news/api/get-article';
import { useRelatedArticles } from '@/features/news/api/get-related';
import { useReadBeacon } from '@/features/news/api/send-read';
import { ArticleNotFound } from '@/features/news/components/article-not-found';
import { ArticleSkeleton } from '@/features/news/components/article-skeleton';
import { ArticleView } from '@/features/news/components/article-view';
import { MostRead } from '@/features/news/components/most-read';
import { ReadPixel } from '@/features/news/components/read-pixel';
import { RelatedTeasers } from '@/features/news/components/related-teasers';
import { ArticleShareActions } from '@/features/share/components/article-share-actions';
import type { Article } from '@/features/news/types';
import { useDocumentTitle } from '@/lib/use-document-title';
import { LivePublicPage } from './components/live-page';

export default function ArticlePage() {
  const { slug = '' } = useParams();
  const { result, isLoading } = useArticle(slug);
  const article = result.article;
  // The search and social title when the newsroom set one: the title the server's head gave the page.
  useDocumentTitle(article ? article.metaTitle || article.headline : 'Article Not Found', !isLoading);
  // The stream carries the article's entries while its coverage runs (until it ends on this page).
  const [endedId, setEndedId] = useState<number>();
  const liveId =
    article?.live && !article.live.coverageEndTime && typeof article.id === 'number' && article.id !== endedId
      ? article.id
      : undefined;

  return (
    <LivePublicPage articleId={liveId} since={article?.live?.lastEventId}>
      {isLoading ? (
        <ArticleSkeleton />
      ) : article ? (
        <FoundArticle key={article.slug} article={article} onCoverageEnded={setEndedId} />
      ) : (
        <ArticleNotFound />
      )}
    </LivePublicPage>
  );
}

function FoundArticle({ article, onCoverageEnded }: { article: Article; onCoverageEnded: (id: number) => void }) {
  const related = useRelatedArticles(article);
  // One read per showing of the story (decision 049): the beacon, or without JavaScript the page's image;
  // the newsroom's preview and preview links have neither.
  useReadBeacon(article.id);
  const shareUrl = `${getSiteOrigin()}${paths.article.getHref(article.slug)}`;
  return (
    <>
      <ArticleView
        article={article}
        shareActions={
          <ArticleShareActions share={{ url: shareUrl, title: article.headline, description: article.summary }} />
        }
        live={
          article.live && typeof article.id === 'number' ? (
            <ArticleLiveBlog article={article} articleId={article.id} onCoverageEnded={onCoverageEnded} />
          ) : null
        }
      />
      <MostRead exclude={article.slug} />
      <RelatedTeasers articles={related.articles} isLoading={related.isLoading} />
      <ReadPixel articleId={article.id} />
    </>
  );
}

const NO_ENTRIES = { entries: [], olderBefore: null };

/** The live blog under the article: the newest entries, or with `?before=` a page of older ones. */
function ArticleLiveBlog({
  article,
  articleId,
  onCoverageEnded,
}: {
  article: Article;
  articleId: number;
  onCoverageEnded: (id: number) => void;
}) {
  const [params] = useSearchParams();
  const before = entriesBefore(params.get('before'));
  const { page } = useEntries(article.slug, before);
  if (!article.live) return null;
  return (
    <LiveBlogView
      key={before ?? 'newest'}
      articleId={articleId}
      slug={article.slug}
      blog={article.live}
      older={before !== undefined ? (page ?? NO_ENTRIES) : undefined}
      onCoverageEnded={() => onCoverageEnded(articleId)}
    />
  );
}
