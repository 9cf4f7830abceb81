import { useEffect, useId, useRef, useState, type RefObject } from 'react';
import { Link } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { paths } from '@/config/paths';
import { adminKeys, isInTrash, useAdminApi } from '@/lib/admin-api-client';
import { slugify } from '@common/slug';
import {
  composeXText,
  SHARE_MESSAGE_MAX,
  X_MAX_WEIGHTED_LENGTH,
  xWeightedLength,
} from '../../../../../common/share-text.ts';
import { CharacterCount, characterCountShown, characterLimitError } from '@/components/admin/character-count';
import type { ArticleShareChoice, SharePlatform } from '../../../../../common/admin-contract.ts';
import { sharesKey, useArticleShares } from '../api/get-article-shares.ts';
import { useShareDefaults } from '@/lib/share-defaults';
import { sharesOfKey, withShares } from '../api/shares-of-articles.ts';
import { updateShareChoice } from '../api/update-share-choice.ts';
import { PLATFORM_NAMES } from '../lib/platforms.ts';

export type SaveChoice = (articleId: number) => Promise<void>;

/** Holds the save of a mounted ShareChoiceEditor; `save` does nothing when none is mounted. */
export function useShareChoiceStep() {
  const ref = useRef<SaveChoice | null>(null);
  return { ref, save: (articleId: number) => (ref.current ? ref.current(articleId) : Promise.resolve()) };
}

export interface ShareChoiceEditorProps {
  /** The article; undefined while it is being created. */
  articleId?: number;
  /** The headline as it stands (the post's text when there is no message). */
  headline: string;
  disabled?: boolean;
  /** Receives the function that saves the choice (called after the article is saved, or before publishing). */
  saveRef: RefObject<SaveChoice | null>;
}

/**
 * Whether the article goes out to X and Facebook when published, with an optional message, a live X
 * counter (a link counts 23 characters) and a preview of each post. Nothing is saved until `saveRef`
 * is called; a box left untouched keeps following the Social page default.
 */
export function ShareChoiceEditor({ articleId, headline, disabled = false, saveRef }: ShareChoiceEditorProps) {
  const uid = useId();
  const client = useAdminApi();
  const queryClient = useQueryClient();
  const defaults = useShareDefaults();
  const view = useArticleShares(articleId);
  const [picked, setPicked] = useState<Partial<Record<SharePlatform, boolean>>>({});
  const [message, setMessage] = useState<string | undefined>(undefined);

  useEffect(() => {
    saveRef.current = async (id) => {
      const body: Partial<ArticleShareChoice> = {};
      if (picked.x !== undefined) body.shareToX = picked.x;
      if (picked.facebook !== undefined) body.shareToFacebook = picked.facebook;
      if (message !== undefined) body.shareMessage = message.trim() || null;
      if (Object.keys(body).length === 0) return;
      // Over its limit in characters (the count under it says so): refused here, as the server would.
      const tooLong = characterLimitError(message ?? '', SHARE_MESSAGE_MAX);
      if (tooLong) throw new Error(`The message for the posts: ${tooLong.toLowerCase()}.`);
      let saved;
      try {
        saved = await updateShareChoice(client, id, body);
      } catch (err) {
        // Moved to the Trash meanwhile: as every write of it, the article's screen loads it again and
        // says 'This article was deleted'; the refusal stops the step (the publish is not sent).
        if (isInTrash(err)) void queryClient.invalidateQueries({ queryKey: adminKeys.articleDetail(id) });
        throw err;
      }
      queryClient.setQueryData(sharesKey(id), saved);
      // A platform turned off withdraws its queued post at once: the status panel shows it.
      queryClient.setQueryData(sharesOfKey(id), withShares(saved.shares));
    };
    return () => {
      saveRef.current = null;
    };
  }, [saveRef, picked, message, client, queryClient]);

  if (defaults.isError || view.isError) {
    return (
      <p className="admin-form__error" role="alert">
        {((defaults.error ?? view.error) as Error).message}
      </p>
    );
  }
  if (!defaults.data || (articleId !== undefined && !view.data)) {
    return <p className="admin-muted">Loading the share choice…</p>;
  }
  const choice = view.data?.choice;
  const connected = defaults.data.connected ?? { x: false, facebook: false };
  const fallback = defaults.data;
  const stored = { x: choice?.shareToX, facebook: choice?.shareToFacebook };
  const on = (p: SharePlatform) => connected[p] && (picked[p] ?? stored[p] ?? fallback[p] ?? connected[p]);
  const text = message ?? choice?.shareMessage ?? '';
  const words = text.trim() || headline.trim() || 'Headline';
  const link =
    view.data?.preview.link ?? `${window.location.origin}${paths.article.getHref(slugify(headline) || 'headline')}`;
  const x = composeXText(words, link);
  const length = xWeightedLength(`${words} ${link}`);
  const over = length > X_MAX_WEIGHTED_LENGTH;

  const box = (p: SharePlatform) => (
    <div className="admin-form__check shares-choice__check">
      <input
        id={`${uid}-${p}`}
        type="checkbox"
        checked={on(p)}
        disabled={disabled || !connected[p]}
        aria-describedby={connected[p] ? undefined : `${uid}-${p}-off`}
        onChange={(e) => setPicked((v) => ({ ...v, [p]: e.target.checked }))}
      />
      <label htmlFor={`${uid}-${p}`}>Post to {PLATFORM_NAMES[p]}</label>
      {connected[p] ? null : (
        <span id={`${uid}-${p}-off`} className="admin-form__hint">
          (not connected: see the <Link to={paths.admin.social.getHref()}>Social page</Link>)
        </span>
      )}
    </div>
  );

  return (
    <fieldset className="admin-form__field shares-choice">
      <legend>Share when published</legend>
      {box('x')}
      {box('facebook')}
      <label className="admin-form__label" htmlFor={`${uid}-message`}>
        Message for the posts
      </label>
      <p id={`${uid}-hint`} className="admin-form__hint">
        Leave it empty to post the headline. The article link is added after it.
      </p>
      <textarea
        id={`${uid}-message`}
        className="admin-input admin-textarea"
        rows={3}
        value={text}
        disabled={disabled}
        aria-invalid={characterLimitError(text, SHARE_MESSAGE_MAX) ? true : undefined}
        aria-describedby={[
          `${uid}-hint`,
          characterCountShown(text, SHARE_MESSAGE_MAX) ? `${uid}-length` : '',
          `${uid}-count`,
        ]
          .filter(Boolean)
          .join(' ')}
        onChange={(e) => setMessage(e.target.value)}
      />
      {/* No maxlength (it counts UTF-16 units): the count says the limit in characters near it. */}
      <CharacterCount id={`${uid}-length`} value={text} max={SHARE_MESSAGE_MAX} />
      <p
        id={`${uid}-count`}
        className={over ? 'admin-field-error' : 'admin-form__hint'}
        aria-live="polite"
        data-testid="x-counter"
      >
        X: {length} / {X_MAX_WEIGHTED_LENGTH} characters (the link counts 23)
        {over ? ': too long, the message will be shortened to fit' : ''}
      </p>
      <div className="shares-previews">
        <section className="shares-preview" aria-label="X post preview" data-testid="x-preview">
          <p className="shares-preview__title">X post</p>
          {on('x') ? (
            <p className="admin-pre admin-break">{x.text}</p>
          ) : (
            <p className="admin-muted">Not posted to X.</p>
          )}
        </section>
        <section className="shares-preview" aria-label="Facebook post preview" data-testid="facebook-preview">
          <p className="shares-preview__title">Facebook post</p>
          {on('facebook') ? (
            <>
              <p className="admin-pre admin-break">{words}</p>
              <p className="shares-preview__link admin-break">{link}</p>
            </>
          ) : (
            <p className="admin-muted">Not posted to Facebook.</p>
          )}
        </section>
      </div>
    </fieldset>
  );
}
