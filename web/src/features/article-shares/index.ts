export { ArticleShareChoice, ArticleSharesStatus } from './components/article-shares-panel.tsx';
