export { QuickSearch } from './components/quick-search.tsx';
export { useRememberArticle } from './components/remember-article.ts';
export { forgetRecentArticles } from './lib/recent-articles.ts';
