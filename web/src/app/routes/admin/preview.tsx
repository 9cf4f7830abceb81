import { useParams } from 'react-router';
import { renderBodyHtml } from '@common/body/render';
import { bodyWordCount } from '@common/body/text';
import { paths } from '@/config/paths';
import { ArticlePreview, type AdminArticle } from '@/features/admin-articles';
import { ArticleView } from '@/features/news/components/article-view';
import { ArticleShareActions } from '@/features/share/components/article-share-actions';
import type { Article } from '@/features/news/types';
import { useDocumentTitle } from '@/lib/use-document-title';
import AdminNotFound from './not-found.tsx';

/** The public article's fields, taken from the admin's copy of the article. */
function asPublicArticle(a: AdminArticle): Article {
  return {
    id: a.id,
    slug: a.slug,
    headline: a.headline,
    summary: a.summary,
    content: a.content,
    // Drawn by the server as the public page is (the pictures' sizes come from its image library): every
    // answer holding one article carries it. The same renderer here only for an answer without it (from an
    // older server during a rolling deploy).
    bodyHtml: a.bodyHtml ?? renderBodyHtml(a.body),
    author: a.author,
    category: a.category,
    source: a.source,
    imageUrl: a.imageUrl,
    originalUrl: a.originalUrl,
    publishedAt: a.publishedAt ?? a.publishAt,
    isBreaking: a.isBreaking,
    // The reading time the page will show, by the server's rule from the same body (a live blog shows none).
    ...(a.liveStartedAt ? {} : { wordCount: bodyWordCount(a.body) }),
  };
}

/**
 * /admin/articles/{id}/preview: a draft or scheduled article drawn by the public article page's own
 * component, inside the admin bundle (public pages never load this route).
 */
export default function PreviewPage() {
  useDocumentTitle('Preview');
  const { id: raw } = useParams();
  const id = raw && /^\d+$/.test(raw) ? Number(raw) : NaN;
  if (!Number.isSafeInteger(id) || id <= 0) return <AdminNotFound />;
  return (
    <ArticlePreview
      id={id}
      render={(article) => (
        // The public layout's frame and base type (font, size, line height) around the public component.
        <div className="bg-paper font-sans text-base text-ink">
          <div className="mx-auto w-full max-w-7xl px-4 py-6 md:py-8">
            <ArticleView
              article={asPublicArticle(article)}
              shareActions={
                <ArticleShareActions
                  share={{
                    url: `${window.location.origin}${paths.article.getHref(article.slug)}`,
                    title: article.headline,
                    description: article.summary,
                  }}
                />
              }
            />
          </div>
        </div>
      )}
    />
  );
}
