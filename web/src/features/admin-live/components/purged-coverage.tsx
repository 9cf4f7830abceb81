import { useId, useState } from 'react';
import { PURGED_TITLE_ID, PurgedArticle } from '@/components/admin/purged-article';
import type { PurgedArticleFacts } from '@/lib/admin-api-client';
import { useCopyText } from '@/lib/use-copy-text';
import { discardKeptWork, keptTexts, type KeptText } from '../lib/entry-draft.ts';

/**
 * The live console of a story deleted for good (by a colleague from the Trash, or by the 30-day purge):
 * who did it and when, and what the editor wrote here and never posted, kept in the tab (entry-draft.ts),
 * as text to copy before it is discarded: nothing can be posted to the story any more.
 */
export function PurgedCoverage({ articleId, facts }: { articleId: number; facts: PurgedArticleFacts }) {
  const [kept, setKept] = useState(() => keptTexts(articleId));
  const discard = () => {
    discardKeptWork(articleId);
    setKept([]);
    document.getElementById(PURGED_TITLE_ID)?.focus();
  };
  return (
    <PurgedArticle id={articleId} facts={facts} kicker={<p className="admin-muted admin-live__kicker">Live console</p>}>
      {kept.length > 0 ? (
        <div className="admin-deleted__work">
          <p className="admin-notice">
            What you wrote here and did not post is kept in this browser tab: copy it before you discard it.
          </p>
          {kept.map((k) => (
            <KeptTextField key={k.key} kept={k} />
          ))}
          <div className="admin-actions">
            <button type="button" className="admin-btn admin-btn--small" onClick={discard}>
              Discard it
            </button>
          </div>
        </div>
      ) : null}
    </PurgedArticle>
  );
}

/** One kept text, read-only, with Copy ('Copied' for a moment, announced politely). */
function KeptTextField({ kept }: { kept: KeptText }) {
  const id = useId();
  const { outcome: copied, copy } = useCopyText();
  const label = kept.entryId === undefined ? 'Your entry not yet posted' : 'Your correction to an entry, not yet saved';
  return (
    <div className="admin-deleted__kept">
      <label className="admin-form__label" htmlFor={id}>
        {label}
      </label>
      <textarea
        id={id}
        className="admin-input admin-textarea"
        readOnly
        rows={Math.min(8, kept.text.split('\n').length + 1)}
        value={kept.text}
        onFocus={(e) => e.currentTarget.select()}
      />
      <div>
        <button type="button" className="admin-btn admin-btn--small" onClick={() => void copy(kept.text)}>
          {copied === 'copied' ? 'Copied' : 'Copy'}
        </button>
      </div>
      <p className="admin-sr-only" role="status" aria-live="polite">
        {copied === 'copied' ? `${label}: copied to the clipboard` : ''}
      </p>
      {copied === 'failed' ? (
        <p className="admin-inline-error">Could not copy: select the text and copy it yourself.</p>
      ) : null}
    </div>
  );
}
