export { ArticlesListView } from './components/articles-list-view.tsx';
export { ArticleDetailView } from './components/article-detail-view.tsx';
export { ArticleList } from './components/article-row.tsx';
export { PinButton } from './components/pin-control.tsx';
export { parseListQuery } from './lib/list-query.ts';
export type { AdminArticle, ListQuery } from './types.ts';
export { NewArticleView } from './components/new-article-view.tsx';
export { ArticlePreview } from './components/article-preview.tsx';
export { ArticleExtensionsContext, type ArticleExtensions, type ExtensionStep, type MaybeStep } from './extensions.tsx';
