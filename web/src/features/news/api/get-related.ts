import { pickRelatedArticles } from '../lib/related-articles';
import type { Article } from '../types';
import { useNews } from './get-news';

/**
 * 'MORE QUESTIONABLE JOURNALISM' under an article (the public page and a preview link's): from the news
 * lists of its category and of the home page, as pickRelatedArticles chooses them.
 */
export function useRelatedArticles(article: Article): { articles: Article[]; isLoading: boolean } {
  const sameCategory = useNews(article.category || undefined);
  const home = useNews();
  return {
    articles: pickRelatedArticles(article, [
      ...sameCategory.result.breakingNews,
      ...sameCategory.result.allArticles,
      ...home.result.breakingNews,
      ...home.result.allArticles,
    ]),
    isLoading: sameCategory.isLoading || home.isLoading,
  };
}
