import { useId, useState } from 'react';
import { MAX_PINNED_STORIES, PIN_DURATION_HOURS } from '@common/admin-contract';
import { usePinArticle } from '../api/pin-article.ts';
import { isPublished } from '../lib/article-status.ts';
import { formatAdminDate } from '../lib/format-date.ts';
import type { AdminArticle } from '../types.ts';

type PinnedArticle = Pick<AdminArticle, 'id' | 'publishedAt' | 'category' | 'pinnedAt' | 'pinnedBy' | 'pinnedUntil'>;

/** '3 hours', '1 day', '3 days': how the choice of PIN_DURATION_HOURS reads. */
export function pinDurationLabel(hours: number): string {
  if (hours % 24 !== 0) return `${hours} hours`;
  const days = hours / 24;
  return days === 1 ? '1 day' : `${days} days`;
}

/**
 * A published story's Pin to the top / Unpin (decision 064), with what the pin does: it leads the home
 * page and its section, after any breaking story, until an editor unpins it or for the time chosen
 * (the scheduler unpins it then). Not shown for a draft or a scheduled story (only what readers can see
 * is pinned; unpublishing takes the pin away).
 */
export function PinControl({ article }: { article: PinnedArticle }) {
  const pin = usePinArticle();
  const durationId = useId();
  const [hours, setHours] = useState(0);
  if (!isPublished(article.publishedAt)) return null;
  const hintId = `admin-pin-${article.id}`;
  const where = `the home page and ${article.category || 'its section'}, after any breaking story`;
  const pinned = Boolean(article.pinnedAt);
  const until = article.pinnedUntil ? `, until ${formatAdminDate(article.pinnedUntil)}` : '';
  const change = () =>
    pinned
      ? pin.mutate({ id: article.id, pinned: false })
      : pin.mutate({
          id: article.id,
          pinned: true,
          until: hours ? new Date(Date.now() + hours * 3_600_000).toISOString() : null,
        });
  return (
    <p className="admin-pin">
      <button
        type="button"
        className="admin-btn admin-btn--small"
        aria-describedby={hintId}
        disabled={pin.isPending}
        onClick={change}
      >
        {pinned ? (pin.isPending ? 'Unpinning…' : 'Unpin') : pin.isPending ? 'Pinning…' : 'Pin to the top'}
      </button>
      {!pinned && (
        <span className="admin-pin__for">
          <label htmlFor={durationId}>Keep it pinned</label>
          <select
            id={durationId}
            className="admin-select"
            value={hours}
            disabled={pin.isPending}
            onChange={(e) => setHours(Number(e.target.value))}
          >
            <option value={0}>until unpinned</option>
            {PIN_DURATION_HOURS.map((h) => (
              <option key={h} value={h}>
                for {pinDurationLabel(h)}
              </option>
            ))}
          </select>
        </span>
      )}
      <span id={hintId} className="admin-pin__text">
        {pinned
          ? `Pinned by ${article.pinnedBy ?? 'an editor'}, ${formatAdminDate(article.pinnedAt)}: it leads ${where}${until}.`
          : `Leads ${where}. At most ${MAX_PINNED_STORIES} stories are pinned at once.`}
      </span>
    </p>
  );
}

/** The 'Pinned' badge of a pinned story (All Articles' rows, the article's screen). */
export function PinnedBadge({ pinnedAt }: { pinnedAt?: string | null }) {
  return pinnedAt ? <span className="admin-badge admin-badge--pinned">Pinned</span> : null;
}
