import { useParams } from 'react-router';
import { PublicLayout } from '@/components/layout/public-layout';
import { paths } from '@/config/paths';
import { useArticle } from '@/features/news/api/get-article';
import { useNews } from '@/features/news/api/get-news';
import { ArticleNotFound } from '@/features/news/components/article-not-found';
import { ArticleSkeleton } from '@/features/news/components/article-skeleton';
import { ArticleView } from '@/features/news/components/article-view';
import { BreakingStrip } from '@/features/news/components/breaking-strip';
import { RelatedTeasers } from '@/features/news/components/related-teasers';
import { ArticleShareActions } from '@/features/share/components/article-share-actions';
import { pickRelatedArticles } from '@/features/news/lib/related-articles';
import type { Article } from '@/features/news/types';
import { useDocumentTitle } from '@/lib/use-document-title';

export default function ArticlePage() {
  const { slug = '' } = useParams();
  const { result, isLoading } = useArticle(slug);
  const article = result.article;
  useDocumentTitle(article ? article.headline : 'Article Not Found', !isLoading);

  return (
    <PublicLayout strip={<BreakingStrip />}>
      {isLoading ? (
        <ArticleSkeleton />
      ) : article ? (
        <FoundArticle key={article.slug} article={article} />
      ) : (
        <ArticleNotFound />
      )}
    </PublicLayout>
  );
}

function FoundArticle({ article }: { article: Article }) {
  const sameCategory = useNews(article.category || undefined);
  const home = useNews();
  const related = pickRelatedArticles(article, [
    ...sameCategory.result.breakingNews,
    ...sameCategory.result.allArticles,
    ...home.result.breakingNews,
    ...home.result.allArticles,
  ]);
  const shareUrl = `${window.location.origin}${paths.article.getHref(article.slug)}`;
  return (
    <>
      <ArticleView
        article={article}
        shareActions={
          <ArticleShareActions share={{ url: shareUrl, title: article.headline, description: article.summary }} />
        }
      />
      <RelatedTeasers articles={related} isLoading={sameCategory.isLoading || home.isLoading} />
    </>
  );
}
