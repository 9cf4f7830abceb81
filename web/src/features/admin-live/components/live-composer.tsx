import { useEffect, useId, useRef, useState } from 'react';
import type { ShareDefaults } from '@common/admin-contract';
import { LazyBodyEditor } from '@/components/admin/body-editor/lazy-body-editor';
import { FORM_ACTIONS_HEIGHT_PROPERTY, useScrollRoom } from '@/components/admin/use-scroll-room';
import { emptyDoc } from '@/lib/admin-body/body-doc';
import { usePostLiveEntry } from '../api/post-live-entry.ts';
import { entryBody, hasContent, type EditorDoc } from '../lib/entries.ts';
import { loadEntryDraft, saveEntryDraft } from '../lib/entry-draft.ts';
import { focusWhenPresent } from '../lib/focus-when-present.ts';
import { isSubmitChord } from '../lib/submit-keys.ts';
import { effectiveShares, ShareToggles, type ShareChoice } from './share-toggles.tsx';

const NO_SHARES: ShareChoice = { shareToX: false, shareToFacebook: false };

/**
 * The console's composer: the article body editor, "Key event", the share boxes (a key event only),
 * and Post (or Ctrl/Cmd+Enter anywhere in the composer). After a post it starts empty again, focused.
 * Post stays at the foot of the window while the composer goes on below it (a phone has no Ctrl+Enter),
 * and a field the keyboard moves to stops above it, as the article form's Save changes. An entry not yet
 * posted is kept in the tab (entry-draft.ts) and the composer opens with it after a reload or another screen.
 */
export function LiveComposer({
  articleId,
  connected,
}: {
  articleId: number;
  connected: ShareDefaults['connected'] | undefined;
}) {
  const uid = useId();
  const editorId = `${uid}-body`;
  const [round, setRound] = useState(0);
  const [kept] = useState(() => loadEntryDraft(articleId));
  const [doc, setDoc] = useState<EditorDoc>(() => kept?.doc ?? emptyDoc());
  const [keyEvent, setKeyEvent] = useState(kept?.keyEvent ?? false);
  const [shares, setShares] = useState<ShareChoice>(kept?.shares ?? NO_SHARES);
  useEffect(() => saveEntryDraft(articleId, { doc, keyEvent, shares }), [articleId, doc, keyEvent, shares]);
  const [empty, setEmpty] = useState(false);
  const focusNext = useRef(false);
  const actions = useRef<HTMLDivElement>(null);
  useScrollRoom(actions, true, FORM_ACTIONS_HEIGHT_PROPERTY);
  const post = usePostLiveEntry({
    onPosted: () => {
      setDoc(emptyDoc());
      setKeyEvent(false);
      setShares(NO_SHARES);
      setRound((r) => r + 1);
      focusNext.current = true;
    },
  });
  const { isPending } = post;
  useEffect(() => {
    // The new, empty editor (after a post) takes the focus for the next entry, once it is editable again.
    if (!focusNext.current || isPending) return;
    focusNext.current = false;
    focusWhenPresent(editorId);
  }, [round, isPending, editorId]);
  const submit = () => {
    if (post.isPending) return;
    if (!hasContent(doc)) {
      setEmpty(true);
      focusWhenPresent(editorId);
      return;
    }
    setEmpty(false);
    post.mutate({
      articleId,
      input: { body: entryBody(doc), keyEvent, ...effectiveShares(keyEvent, connected, shares) },
    });
  };
  return (
    <form
      className="admin-panel admin-live-composer"
      aria-labelledby={`${uid}-title`}
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
      onKeyDownCapture={(e) => {
        // Before the editor sees it (it would insert a line break).
        if (!isSubmitChord(e) || (e.target as HTMLElement).closest('dialog')) return;
        e.preventDefault();
        e.stopPropagation();
        submit();
      }}
    >
      <h2 id={`${uid}-title`}>New entry</h2>
      <span id={`${uid}-label`} className="admin-live-composer__label">
        Entry
      </span>
      <LazyBodyEditor
        key={round}
        id={editorId}
        labelledBy={`${uid}-label`}
        describedBy={empty ? `${uid}-empty` : `${uid}-help`}
        invalid={empty}
        disabled={post.isPending}
        initial={doc}
        onChange={(d) => {
          setDoc(d);
          if (empty && hasContent(d)) setEmpty(false);
        }}
      />
      {empty ? (
        <p id={`${uid}-empty`} className="admin-field-error" role="alert">
          Write the entry before posting it.
        </p>
      ) : (
        <p id={`${uid}-help`} className="admin-muted">
          Ctrl+Enter (⌘+Enter on a Mac) posts.
        </p>
      )}
      <fieldset className="admin-live-options">
        <legend className="admin-sr-only">Entry options</legend>
        <div className="admin-live-check">
          <input
            id={`${uid}-key`}
            type="checkbox"
            checked={keyEvent}
            disabled={post.isPending}
            onChange={(e) => setKeyEvent(e.target.checked)}
          />
          <label htmlFor={`${uid}-key`}>Key event</label>
        </div>
        <ShareToggles
          idPrefix={uid}
          keyEvent={keyEvent}
          connected={connected}
          value={shares}
          disabled={post.isPending}
          onChange={setShares}
        />
      </fieldset>
      <div ref={actions} className="admin-actions admin-form__actions--sticky">
        <button type="submit" className="admin-btn admin-btn--primary" disabled={post.isPending}>
          {post.isPending ? 'Posting…' : 'Post'}
        </button>
      </div>
    </form>
  );
}
