import { useEffect } from 'react';
import { hashKey, useQueryClient } from '@tanstack/react-query';
import { adminKeys } from '@/lib/admin-api-client';
import { rememberArticle } from '../lib/recent-articles.ts';

/**
 * Keeps the article the editor has open at the top of their quick search's Recent: its id and the
 * headline the article screen loaded (and any later one, after a save), read from the query cache.
 * `editor` is the signed-in subject (nothing is kept without one).
 */
export function useRememberArticle(id: number, editor: string | undefined) {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!editor || !Number.isSafeInteger(id) || id <= 0) return;
    const key = adminKeys.articleDetail(id);
    const note = () => {
      const article = queryClient.getQueryData<{ id?: unknown; headline?: unknown }>(key);
      if (article && article.id === id && typeof article.headline === 'string') {
        rememberArticle(editor, { id, headline: article.headline });
      }
    };
    note();
    return queryClient.getQueryCache().subscribe((event) => {
      if (event.type === 'updated' && event.query.queryHash === hashKey(key)) note();
    });
  }, [id, editor, queryClient]);
}
