import type { LiveEntriesPage } from '@common/live-contract';
import { PublicLayout } from '@/components/layout/public-layout';
import { NotFoundScreen } from '@/components/not-found-screen';
import { ScriptlessPageContext } from '@/components/layout/scriptless-page';
import { LiveBlogView } from '@/features/live/components/live-blog-view';
import { useRelatedArticles } from '@/features/news/api/get-related';
import { ArticleView } from '@/features/news/components/article-view';
import { BreakingStrip } from '@/features/news/components/breaking-strip';
import { PreviewBanner } from '@/features/news/components/preview-banner';
import { RelatedTeasers } from '@/features/news/components/related-teasers';
import type { Article } from '@/features/news/types';

/**
 * A preview link's page (decision 042), rendered on the server only and sent without script: the
 * public article page's frame and components (header, breaking strip, the article, a live blog's
 * entries, related stories, footer) under the preview banner. No share buttons: the story is not out
 * yet. A live blog's entries are as the published page will list them, fixed as of the request (no
 * stream), paged by `?before=` relative to the page's own address (which the page never names).
 * `article` null: the site's not-found page (an unknown, turned off or expired link).
 */
export default function PublicPreviewPage({
  article,
  scheduledFor,
  older = null,
}: {
  article: Article | null;
  scheduledFor: string | null;
  /** A live blog's page of older entries (`?before=`), null: its newest. */
  older?: LiveEntriesPage | null;
}) {
  return (
    <ScriptlessPageContext.Provider value={true}>
      {article ? (
        <PreviewedArticle article={article} scheduledFor={scheduledFor} older={older} />
      ) : (
        <PublicLayout strip={<BreakingStrip />}>
          <NotFoundScreen />
        </PublicLayout>
      )}
    </ScriptlessPageContext.Provider>
  );
}

/** A page of entries of this preview: relative to its address, so the token is never written in the page. */
const previewEntriesHref = (before?: number) => (before ? `?before=${before}` : '?');

function PreviewedArticle({
  article,
  scheduledFor,
  older,
}: {
  article: Article;
  scheduledFor: string | null;
  older: LiveEntriesPage | null;
}) {
  const related = useRelatedArticles(article);
  return (
    <>
      <PreviewBanner scheduledFor={scheduledFor} />
      <PublicLayout strip={<BreakingStrip />}>
        <ArticleView
          article={article}
          live={
            article.live && typeof article.id === 'number' ? (
              <LiveBlogView
                articleId={article.id}
                slug={article.slug}
                blog={article.live}
                older={older ?? undefined}
                entriesHref={previewEntriesHref}
                beforePublication
              />
            ) : null
          }
        />
        <RelatedTeasers articles={related.articles} isLoading={related.isLoading} />
      </PublicLayout>
    </>
  );
}
