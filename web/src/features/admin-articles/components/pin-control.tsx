import { useId, useState } from 'react';
import { MAX_PINNED_STORIES, PIN_DURATION_HOURS } from '@common/admin-contract';
import { usePinArticle } from '../api/pin-article.ts';
import { isPublished } from '../lib/article-status.ts';
import { formatAdminDate } from '../lib/format-date.ts';
import type { AdminArticle } from '../types.ts';

type PinnedArticle = Pick<AdminArticle, 'id' | 'publishedAt' | 'category' | 'pinnedAt' | 'pinnedBy' | 'pinnedUntil'>;

/** '3 hours', '1 day', '3 days': how a choice of PIN_DURATION_HOURS reads. */
export function pinDurationLabel(hours: number): string {
  if (hours % 24 !== 0) return `${hours} hours`;
  const days = hours / 24;
  return days === 1 ? '1 day' : `${days} days`;
}

/** The choice 'Keep it pinned' starts at: until unpinned (a story not pinned), as it is (a pinned one). */
const AS_IT_IS = '';
const UNTIL_UNPINNED = '0';

/**
 * A published story's Pin to the top / Unpin (decision 064), with what the pin does: it leads the home
 * page and its section, after any breaking story, until an editor unpins it or for the time chosen in
 * 'Keep it pinned' (the scheduler unpins it then). A pinned story's end changes with the same choice and
 * Change, keeping its place. Not shown for a draft or a scheduled story (only what readers can see is
 * pinned; unpublishing takes the pin away).
 */
export function PinControl({ article }: { article: PinnedArticle }) {
  const pin = usePinArticle();
  const durationId = useId();
  const [choice, setChoice] = useState(AS_IT_IS);
  if (!isPublished(article.publishedAt)) return null;
  const hintId = `admin-pin-${article.id}`;
  const where = `the home page and ${article.category || 'its section'}, after any breaking story`;
  const pinned = Boolean(article.pinnedAt);
  const until = article.pinnedUntil ? `, until ${formatAdminDate(article.pinnedUntil)}` : '';
  const fromNow = pinned ? ' from now' : '';
  const chosenUntil = () =>
    choice === AS_IT_IS || choice === UNTIL_UNPINNED
      ? null
      : new Date(Date.now() + Number(choice) * 3_600_000).toISOString();
  const done = { onSuccess: () => setChoice(AS_IT_IS) };
  const toggle = () =>
    pinned
      ? pin.mutate({ id: article.id, pinned: false }, done)
      : pin.mutate({ id: article.id, pinned: true, until: chosenUntil() }, done);
  const changeEnd = () => pin.mutate({ id: article.id, pinned: true, until: chosenUntil(), again: true }, done);
  return (
    <p className="admin-pin">
      <button
        type="button"
        className="admin-btn admin-btn--small"
        aria-describedby={hintId}
        disabled={pin.isPending}
        onClick={toggle}
      >
        {pinned ? (pin.isPending ? 'Unpinning…' : 'Unpin') : pin.isPending ? 'Pinning…' : 'Pin to the top'}
      </button>
      <span className="admin-pin__for">
        <label htmlFor={durationId}>Keep it pinned</label>
        <select
          id={durationId}
          className="admin-select"
          value={choice}
          disabled={pin.isPending}
          onChange={(e) => setChoice(e.target.value)}
        >
          {pinned ? <option value={AS_IT_IS}>{until ? `as it is${until}` : 'as it is, until unpinned'}</option> : null}
          {!pinned || until ? <option value={pinned ? UNTIL_UNPINNED : AS_IT_IS}>until unpinned</option> : null}
          {PIN_DURATION_HOURS.map((h) => (
            <option key={h} value={String(h)}>
              for {pinDurationLabel(h)}
              {fromNow}
            </option>
          ))}
        </select>
        {pinned ? (
          <button
            type="button"
            className="admin-btn admin-btn--small"
            disabled={pin.isPending || choice === AS_IT_IS}
            onClick={changeEnd}
          >
            Change
          </button>
        ) : null}
      </span>
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

/**
 * A published story's Pin / Unpin in its All Articles row, named for the story: Pin keeps it pinned until
 * an editor unpins it (the end is chosen on the story's screen); a fourth pin is refused with the three
 * pinned ones named, as on the screen. Nothing for a draft or a scheduled story.
 */
export function RowPinButton({
  article,
}: {
  article: Pick<AdminArticle, 'id' | 'headline' | 'publishedAt' | 'pinnedAt'>;
}) {
  if (!isPublished(article.publishedAt)) return null;
  return <PinButton id={article.id} headline={article.headline} pinned={Boolean(article.pinnedAt)} />;
}

/**
 * 'Pin' or 'Unpin' a published story, one small button named for it ('Unpin <headline>'): the rows of
 * All Articles and the Dashboard's 'Pinned to the top'. A pin from here lasts until an editor unpins it.
 */
export function PinButton({ id, headline, pinned }: { id: number; headline: string; pinned: boolean }) {
  const pin = usePinArticle();
  const label = pinned ? (pin.isPending ? 'Unpinning…' : 'Unpin') : pin.isPending ? 'Pinning…' : 'Pin';
  return (
    <button
      type="button"
      className="admin-btn admin-btn--small"
      disabled={pin.isPending}
      aria-label={`${pinned ? 'Unpin' : 'Pin'} ${headline}`}
      onClick={() => pin.mutate(pinned ? { id, pinned: false } : { id, pinned: true, until: null })}
    >
      {label}
    </button>
  );
}
