import { useEffect, useState } from 'react';
import { composeXText, X_MAX_WEIGHTED_LENGTH } from '../../../../../common/share-text.ts';
import type { PlatformShare } from '../../../../../common/admin-contract.ts';
import { useArticleShares } from '../api/get-article-shares.ts';
import { useShareAction } from '../api/share-action.ts';
import { useUpdateShareChoice } from '../api/update-share-choice.ts';

const NAMES = { x: 'X', facebook: 'Facebook' } as const;
const STATE_TEXT: Record<string, string> = {
  queued: 'Queued',
  posting: 'Posting…',
  posted: 'Posted',
  failed: 'Failed',
  unconfirmed: 'Unconfirmed: check the account, then retry if the post is missing',
  deleted: 'Deleted',
};

function ShareStatus({ share, articleId, published }: { share: PlatformShare; articleId: number; published: boolean }) {
  const action = useShareAction(articleId);
  const name = NAMES[share.platform];
  const button =
    'rounded border border-gray-400 px-2 py-1 text-sm focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-700';
  return (
    <li className="flex flex-wrap items-center gap-2 py-1" data-testid={`share-${share.platform}`}>
      <strong>{name}:</strong>
      <span data-state={share.state ?? 'none'}>
        {share.state ? STATE_TEXT[share.state] : share.connected ? 'Not shared' : 'Account not connected'}
      </span>
      {share.state === 'posted' && share.postUrl && (
        <a className="underline" href={share.postUrl} target="_blank" rel="noreferrer">
          View post on {name}
        </a>
      )}
      {share.reason && (share.state === 'failed' || share.state === 'unconfirmed' || share.state === 'queued') && (
        <span className="text-sm text-red-800">{share.reason}</span>
      )}
      {(share.state === 'failed' || share.state === 'unconfirmed') && (
        <button
          type="button"
          className={button}
          onClick={() => action.mutate({ platform: share.platform, action: 'retry' })}
        >
          Retry
        </button>
      )}
      {published && share.connected && (share.state === null || share.state === 'deleted') && (
        <button
          type="button"
          className={button}
          onClick={() => action.mutate({ platform: share.platform, action: 'post-now' })}
        >
          Post now
        </button>
      )}
      {share.state === 'posted' && (
        <button
          type="button"
          className={button}
          onClick={() => action.mutate({ platform: share.platform, action: 'delete' })}
        >
          Delete post on {name}
        </button>
      )}
      {action.isError && <span role="alert">{(action.error as Error).message}</span>}
    </li>
  );
}

/** Each platform's post status (with Retry / Post now / Delete) for the article detail screen. */
export function ArticleSharesStatus({ articleId, published }: { articleId: number; published: boolean }) {
  const q = useArticleShares(articleId);
  if (q.isPending) return <p>Loading social posts…</p>;
  if (q.isError) return <p role="alert">{(q.error as Error).message}</p>;
  return (
    <section aria-labelledby={`shares-${articleId}`}>
      <h2 id={`shares-${articleId}`} className="font-bold">
        Social posts
      </h2>
      <ul>
        {q.data.shares.map((s) => (
          <ShareStatus key={s.platform} share={s} articleId={articleId} published={published} />
        ))}
      </ul>
    </section>
  );
}

/** The share choice (X, Facebook, message) with a live X counter and previews of both posts. */
export function ArticleShareChoice({ articleId, headline }: { articleId: number; headline: string }) {
  const q = useArticleShares(articleId);
  const save = useUpdateShareChoice(articleId);
  const [message, setMessage] = useState('');
  useEffect(() => setMessage(q.data?.choice.shareMessage ?? ''), [q.data?.choice.shareMessage]);
  if (!q.data) return null;
  const { choice, preview } = q.data;
  const connected = (p: 'x' | 'facebook') => q.data.shares.find((s) => s.platform === p)?.connected ?? false;
  const x = composeXText(message.trim() || headline, preview.link);
  const over = x.weightedLength > X_MAX_WEIGHTED_LENGTH;
  return (
    <fieldset className="space-y-2">
      <legend className="font-bold">Share when published</legend>
      <label className="block">
        <input
          type="checkbox"
          checked={choice.shareToX ?? connected('x')}
          onChange={(e) => save.mutate({ shareToX: e.target.checked })}
        />{' '}
        Post to X
      </label>
      <label className="block">
        <input
          type="checkbox"
          checked={choice.shareToFacebook ?? connected('facebook')}
          onChange={(e) => save.mutate({ shareToFacebook: e.target.checked })}
        />{' '}
        Post to Facebook
      </label>
      <label className="block" htmlFor={`share-message-${articleId}`}>
        Message (empty: the headline)
      </label>
      <textarea
        id={`share-message-${articleId}`}
        className="w-full rounded border p-2"
        value={message}
        onChange={(e) => setMessage(e.target.value)}
        onBlur={() => save.mutate({ shareMessage: message.trim() || null })}
        aria-describedby={`share-counter-${articleId}`}
      />
      <p id={`share-counter-${articleId}`} aria-live="polite" className={over ? 'text-red-800' : undefined}>
        X: {x.weightedLength} / {X_MAX_WEIGHTED_LENGTH}
        {x.shortened ? ' (the message will be shortened to fit)' : ''}
      </p>
      <div>
        <h3 className="font-bold">X preview</h3>
        <p className="whitespace-pre-wrap rounded border p-2">{x.text}</p>
        <h3 className="font-bold">Facebook preview</h3>
        <p className="whitespace-pre-wrap rounded border p-2">
          {message.trim() || headline}
          <br />
          <a className="underline" href={preview.link}>
            {preview.link}
          </a>
        </p>
      </div>
    </fieldset>
  );
}
