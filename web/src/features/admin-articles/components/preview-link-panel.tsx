import { useId, useRef, useState } from 'react';
import { useFocusAfterRender } from '@/components/admin/use-focus-after-render';
import {
  PREVIEW_LINK_DAY_CHOICES,
  PREVIEW_LINK_DAYS,
  type PreviewLink,
  type PreviewLinkDays,
} from '@common/preview-contract';
import { useCopyText } from '@/lib/use-copy-text';
import { useCreatePreviewLink, usePreviewLink, useRevokePreviewLink } from '../api/preview-link.ts';
import { isPublished } from '../lib/article-status.ts';
import { formatAdminDate } from '../lib/format-date.ts';
import type { AdminArticle } from '../types.ts';
import './preview-link-panel.css';

/**
 * 'Preview link' on an unpublished article's screen (decision 042): a private address at which
 * someone who is not signed in reads the article as readers will see it. The full address is shown
 * once, right after it is made (the server keeps only a hash of it); later the panel says that a
 * link is on, who made it and until when, and offers a new one or to turn it off. The editor chooses
 * how many days a new link works (1, 7 or 30; 7 unless they choose).
 */
export function PreviewLinkPanel({ article }: { article: Pick<AdminArticle, 'id' | 'publishedAt' | 'deletedAt'> }) {
  const id = useId();
  const unpublished = !isPublished(article.publishedAt) && !article.deletedAt;
  const status = usePreviewLink(article.id, unpublished);
  const create = useCreatePreviewLink();
  const revoke = useRevokePreviewLink();
  /** The address made on this screen: shown until the link is turned off or replaced. */
  const [made, setMade] = useState<{ url: string; link: PreviewLink } | null>(null);
  const [days, setDays] = useState<PreviewLinkDays>(PREVIEW_LINK_DAYS);
  const field = useRef<HTMLInputElement>(null);
  const createButton = useRef<HTMLButtonElement>(null);
  // Keyboard and screen reader users land on what changed: the new address, or the button that makes one.
  const focusAfterRender = useFocusAfterRender();

  if (!unpublished) return null;
  const busy = create.isPending || revoke.isPending;
  const current = status.data?.link ?? null;
  // The address made here stays on screen only while it is the link that is on.
  const shown = made && current && made.link.createdAt === current.createdAt ? made : null;

  const onCreate = () =>
    create.mutate(
      { id: article.id, days },
      {
        onSuccess: (created) => {
          setMade(created);
          focusAfterRender(field);
        },
      },
    );
  const daysField = <DaysChoice id={`${id}-days`} days={days} onChange={setDays} disabled={busy} />;
  const onRevoke = () =>
    revoke.mutate(article.id, {
      onSuccess: () => {
        setMade(null);
        focusAfterRender(createButton);
      },
    });

  return (
    <section className="admin-panel admin-preview-link" aria-labelledby={`${id}-title`} aria-busy={status.isFetching}>
      <h2 id={`${id}-title`}>Preview link</h2>
      {status.isPending ? (
        <p className="admin-muted">Checking for a preview link…</p>
      ) : status.isError ? (
        <p className="admin-inline-error">Could not load the preview link.</p>
      ) : current ? (
        <>
          {shown ? (
            <PreviewAddress url={shown.url} inputId={`${id}-url`} inputRef={field} />
          ) : (
            <p>
              A preview link is on, made by {current.createdBy} on {formatAdminDate(current.createdAt)}. Its address was
              shown once, when it was made: make a new one to send it again.
            </p>
          )}
          <p className="admin-muted" id={`${id}-expiry`}>
            Anyone with the link can read this article until <strong>{formatAdminDate(current.expiresAt)}</strong>, or
            until it is published. No sign-in needed.
          </p>
          <div className="admin-actions">
            {daysField}
            <button type="button" className="admin-btn admin-btn--small" disabled={busy} onClick={onCreate}>
              {create.isPending ? 'Creating…' : 'New link'}
            </button>
            <button
              type="button"
              className="admin-btn admin-btn--small admin-btn--danger-outline"
              disabled={busy}
              onClick={onRevoke}
            >
              {revoke.isPending ? 'Turning off…' : 'Turn off the link'}
            </button>
          </div>
          <p className="admin-muted">A new link stops the old one working.</p>
        </>
      ) : (
        <>
          <p className="admin-muted">
            Let someone who is not signed in read this article as readers will see it: a private link that works for{' '}
            {daysText(days)}, or until the article is published.
          </p>
          <div className="admin-actions">
            {daysField}
            <button
              ref={createButton}
              type="button"
              className="admin-btn admin-btn--small admin-btn--primary"
              disabled={busy}
              onClick={onCreate}
            >
              {create.isPending ? 'Creating…' : 'Create preview link'}
            </button>
          </div>
        </>
      )}
    </section>
  );
}

const daysText = (days: number) => (days === 1 ? '1 day' : `${days} days`);

/** How long a new link works: a choice of PREVIEW_LINK_DAY_CHOICES. */
function DaysChoice({
  id,
  days,
  onChange,
  disabled,
}: {
  id: string;
  days: PreviewLinkDays;
  onChange: (days: PreviewLinkDays) => void;
  disabled: boolean;
}) {
  return (
    <span className="admin-field admin-field--inline">
      <label htmlFor={id}>Works for</label>
      <select
        id={id}
        className="admin-select"
        value={days}
        disabled={disabled}
        onChange={(e) => onChange(Number(e.currentTarget.value) as PreviewLinkDays)}
      >
        {PREVIEW_LINK_DAY_CHOICES.map((d) => (
          <option key={d} value={d}>
            {daysText(d)}
          </option>
        ))}
      </select>
    </span>
  );
}

/** The new address, read-only and selected on focus, with Copy ('Copied' for a moment, announced politely). */
function PreviewAddress({
  url,
  inputId,
  inputRef,
}: {
  url: string;
  inputId: string;
  inputRef: React.RefObject<HTMLInputElement | null>;
}) {
  const { outcome: copied, copy } = useCopyText();
  const onCopy = () => copy(url);

  return (
    <div className="admin-preview-link__address">
      <label className="admin-form__label" htmlFor={inputId}>
        Preview address (shown only now: copy it)
      </label>
      <div className="admin-preview-link__row">
        <input
          ref={inputRef}
          id={inputId}
          className="admin-input"
          type="url"
          readOnly
          value={url}
          onFocus={(e) => e.currentTarget.select()}
        />
        <button type="button" className="admin-btn admin-btn--small admin-btn--primary" onClick={() => void onCopy()}>
          {copied === 'copied' ? 'Copied' : 'Copy'}
        </button>
      </div>
      <p className="admin-sr-only" role="status" aria-live="polite">
        {copied === 'copied' ? 'Preview address copied to the clipboard' : ''}
      </p>
      {copied === 'failed' ? (
        <p className="admin-inline-error">Could not copy: select the address and copy it yourself.</p>
      ) : null}
    </div>
  );
}
