import { useId, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useAdminApi } from '@/lib/admin-api-client';
import { sharesKey } from '../api/get-article-shares.ts';
import { shareAction } from '../api/share-action.ts';
import { sharesOfKey, useSharesOf } from '../api/shares-of-articles.ts';
import { PLATFORM_NAMES } from '../lib/platforms.ts';

/**
 * When an article with posts on X or Facebook is unpublished or deleted: a box to delete those posts
 * too (unticked: the posts stay). `run` deletes them before the article action; a refusal stops it.
 * Null when the article has no post (or its posts failed to load); 'loading' until that is known.
 */
export function useRemovePostsOffer(articleId: number) {
  const shares = useSharesOf(articleId);
  const client = useAdminApi();
  const queryClient = useQueryClient();
  const id = useId();
  const [checked, setChecked] = useState(false);
  const posted = (shares.data ?? []).filter((s) => s.state === 'posted' && s.postId);
  if (shares.isPending) return 'loading' as const;
  if (posted.length === 0) return null;
  const names = posted.map((s) => PLATFORM_NAMES[s.platform]).join(' and ');
  return {
    node: (
      <div className="admin-form__check shares-remove">
        <input id={id} type="checkbox" checked={checked} onChange={(e) => setChecked(e.target.checked)} />
        <label htmlFor={id}>
          Also delete its {posted.length > 1 ? 'posts' : 'post'} on {names}
        </label>
      </div>
    ),
    async run() {
      if (!checked) return;
      for (const s of posted) {
        const view = await shareAction(client, articleId, s.platform, 'delete');
        queryClient.setQueryData(sharesKey(articleId), view);
        queryClient.setQueryData(sharesOfKey(articleId), view.shares);
      }
    },
  };
}
