import { MAX_PINNED_STORIES } from '@common/admin-contract';
import { usePinArticle } from '../api/pin-article.ts';
import { isPublished } from '../lib/article-status.ts';
import { formatAdminDate } from '../lib/format-date.ts';
import type { AdminArticle } from '../types.ts';

type PinnedArticle = Pick<AdminArticle, 'id' | 'publishedAt' | 'category' | 'pinnedAt' | 'pinnedBy'>;

/**
 * A published story's Pin to the top / Unpin (decision 064), with what the pin does: it leads the home
 * page and its section, after any breaking story. Not shown for a draft or a scheduled story (only what
 * readers can see is pinned; unpublishing takes the pin away).
 */
export function PinControl({ article }: { article: PinnedArticle }) {
  const pin = usePinArticle();
  if (!isPublished(article.publishedAt)) return null;
  const hintId = `admin-pin-${article.id}`;
  const where = `the home page and ${article.category || 'its section'}, after any breaking story`;
  const pinned = Boolean(article.pinnedAt);
  return (
    <p className="admin-pin">
      <button
        type="button"
        className="admin-btn admin-btn--small"
        aria-describedby={hintId}
        disabled={pin.isPending}
        onClick={() => pin.mutate({ id: article.id, pinned: !pinned })}
      >
        {pinned ? (pin.isPending ? 'Unpinning…' : 'Unpin') : pin.isPending ? 'Pinning…' : 'Pin to the top'}
      </button>
      <span id={hintId} className="admin-pin__text">
        {pinned
          ? `Pinned by ${article.pinnedBy ?? 'an editor'}, ${formatAdminDate(article.pinnedAt)}: it leads ${where}.`
          : `Leads ${where}. At most ${MAX_PINNED_STORIES} stories are pinned at once.`}
      </span>
    </p>
  );
}

/** The 'Pinned' badge of a pinned story (All Articles' rows, the article's screen). */
export function PinnedBadge({ pinnedAt }: { pinnedAt?: string | null }) {
  return pinnedAt ? <span className="admin-badge admin-badge--pinned">Pinned</span> : null;
}
