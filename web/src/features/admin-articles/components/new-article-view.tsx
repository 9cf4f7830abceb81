import type { AdminArticle } from '../types.ts';
import { ArticleForm } from './article-form.tsx';

export function NewArticleView({ onCreated, onCancel }: { onCreated(a: AdminArticle): void; onCancel(): void }) {
  return (
    <div className="admin-section">
      <ArticleForm onSaved={onCreated} onCancel={onCancel} />
    </div>
  );
}
