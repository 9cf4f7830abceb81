import { useId, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { adminKeys, useAdminApi } from '@/lib/admin-api-client';
import { deleteEntryPost, failedSharesKey } from '@/lib/share-posts';
import { sharesKey } from '../api/get-article-shares.ts';
import { shareAction } from '../api/share-action.ts';
import { sharesOfKey, useSharesOfArticle, withShares, type SharesOfArticle } from '../api/shares-of-articles.ts';
import { removePostsLabel } from '../lib/remove-posts-label.ts';

/**
 * When an article with posts on X or Facebook (its own, or its live key events') is unpublished or
 * deleted: a box to delete those posts too (unticked: the posts stay). `run` deletes them one at a
 * time before the article action, the story's first; a refusal stops it. Null when the article has no
 * post (or its posts failed to load); 'loading' until that is known.
 */
export function useRemovePostsOffer(articleId: number) {
  const of = useSharesOfArticle(articleId);
  const client = useAdminApi();
  const queryClient = useQueryClient();
  const id = useId();
  const [checked, setChecked] = useState(false);
  const posted = (of.data?.shares ?? []).filter((s) => s.state === 'posted' && s.postId);
  const entryPosts = of.data?.entryPosts ?? [];
  if (of.isPending) return 'loading' as const;
  if (posted.length + entryPosts.length === 0) return null;
  return {
    node: (
      <div className="admin-form__check shares-remove">
        <input id={id} type="checkbox" checked={checked} onChange={(e) => setChecked(e.target.checked)} />
        <label htmlFor={id}>
          {removePostsLabel(
            posted.map((s) => s.platform),
            entryPosts,
          )}
        </label>
      </div>
    ),
    async run() {
      if (!checked) return;
      for (const s of posted) {
        const view = await shareAction(client, articleId, s.platform, 'delete');
        queryClient.setQueryData(sharesKey(articleId), view);
        queryClient.setQueryData(sharesOfKey(articleId), withShares(view.shares));
      }
      if (entryPosts.length === 0) return;
      try {
        for (const p of entryPosts) {
          await deleteEntryPost(client, articleId, p.entryId, p.platform);
          queryClient.setQueryData(sharesOfKey(articleId), (old: SharesOfArticle | undefined) =>
            old
              ? {
                  ...old,
                  entryPosts: old.entryPosts.filter((e) => e.entryId !== p.entryId || e.platform !== p.platform),
                }
              : undefined,
          );
        }
      } finally {
        // The live console's entries (kept under the article's key) and the dashboard's failed posts.
        void queryClient.invalidateQueries({ queryKey: adminKeys.articleDetail(articleId) });
        void queryClient.invalidateQueries({ queryKey: failedSharesKey });
      }
    },
  };
}
