import { PublicLayout } from '@/components/layout/public-layout';
import { NotFoundScreen } from '@/components/not-found-screen';
import { ScriptlessPageContext } from '@/components/layout/scriptless-page';
import { useNews } from '@/features/news/api/get-news';
import { ArticleView } from '@/features/news/components/article-view';
import { BreakingStrip } from '@/features/news/components/breaking-strip';
import { PreviewBanner } from '@/features/news/components/preview-banner';
import { RelatedTeasers } from '@/features/news/components/related-teasers';
import { pickRelatedArticles } from '@/features/news/lib/related-articles';
import type { Article } from '@/features/news/types';

/**
 * A preview link's page (decision 042), rendered on the server only and sent without script: the
 * public article page's frame and components (header, breaking strip, the article, related stories,
 * footer) under the preview banner. No share buttons and no live blog: the story is not out yet.
 * `article` null: the site's not-found page (an unknown, turned off or expired link).
 */
export default function PublicPreviewPage({
  article,
  scheduledFor,
}: {
  article: Article | null;
  scheduledFor: string | null;
}) {
  return (
    <ScriptlessPageContext.Provider value={true}>
      {article ? (
        <PreviewedArticle article={article} scheduledFor={scheduledFor} />
      ) : (
        <PublicLayout strip={<BreakingStrip />}>
          <NotFoundScreen />
        </PublicLayout>
      )}
    </ScriptlessPageContext.Provider>
  );
}

function PreviewedArticle({ article, scheduledFor }: { article: Article; scheduledFor: string | null }) {
  const sameCategory = useNews(article.category || undefined);
  const home = useNews();
  const related = pickRelatedArticles(article, [
    ...sameCategory.result.breakingNews,
    ...sameCategory.result.allArticles,
    ...home.result.breakingNews,
    ...home.result.allArticles,
  ]);
  return (
    <>
      <PreviewBanner scheduledFor={scheduledFor} />
      <PublicLayout strip={<BreakingStrip />}>
        <ArticleView article={article} />
        <RelatedTeasers articles={related} isLoading={sameCategory.isLoading || home.isLoading} />
      </PublicLayout>
    </>
  );
}
