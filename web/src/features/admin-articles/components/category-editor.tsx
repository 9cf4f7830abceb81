import { useId, useState } from 'react';
import { useCategories } from '../api/get-categories.ts';
import { useUpdateArticleCategory } from '../api/update-article-category.ts';
import { canChangeCategory } from '../lib/category-change.ts';
import type { AdminArticle } from '../types.ts';

/** The category badge with Edit: select a category, then Confirm or Cancel. */
export function CategoryEditor({ article }: { article: Pick<AdminArticle, 'id' | 'category' | 'categoryId'> }) {
  const [editing, setEditing] = useState(false);
  const [chosen, setChosen] = useState<number>();
  const categories = useCategories();
  const update = useUpdateArticleCategory();
  const id = useId();
  const close = () => {
    setEditing(false);
    setChosen(undefined);
  };
  if (!editing) {
    return (
      <span className="admin-category">
        <span className="admin-badge admin-badge--category">{article.category}</span>
        <button
          type="button"
          className="admin-btn admin-btn--small admin-btn--link"
          onClick={() => setEditing(true)}
          aria-label={`Edit category (now ${article.category})`}
        >
          Edit
        </button>
      </span>
    );
  }
  const valid = canChangeCategory(chosen, article.categoryId);
  return (
    <form
      className="admin-category admin-category--editing"
      onSubmit={(e) => {
        e.preventDefault();
        if (!canChangeCategory(chosen, article.categoryId)) return;
        update.mutate({ id: article.id, categoryId: chosen }, { onSuccess: close });
      }}
    >
      <label htmlFor={`${id}-cat`} className="admin-sr-only">
        New category
      </label>
      <select
        id={`${id}-cat`}
        className="admin-select"
        value={chosen ?? 0}
        onChange={(e) => setChosen(Number(e.target.value) || undefined)}
        disabled={categories.isPending || update.isPending}
        autoFocus
      >
        <option value={0}>Select a category</option>
        {(categories.data ?? []).map((c) => (
          <option key={c.id} value={c.id}>
            {c.name}
            {c.id === article.categoryId ? ' (current)' : ''}
          </option>
        ))}
      </select>
      <button
        type="submit"
        className="admin-btn admin-btn--small admin-btn--primary"
        disabled={!valid || update.isPending}
      >
        {update.isPending ? 'Saving…' : 'Confirm'}
      </button>
      <button type="button" className="admin-btn admin-btn--small" onClick={close} disabled={update.isPending}>
        Cancel
      </button>
      {categories.isError ? <span className="admin-inline-error">Failed to load categories</span> : null}
    </form>
  );
}
