import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { keepsWorkOf, LIVE_ENTRY_DRAFT_PREFIX } from '@/lib/admin-drafts/keys';
import { clearDraft, loadDraft, saveDraft } from '../lib/form-draft.ts';

/**
 * On the screen of an article deleted for good: what this tab still keeps of the editor's work on it. The
 * edit form's unsaved changes can start a new article (the new article form opens with them, as with its own
 * draft) or be discarded; unless the tab is already writing a new article, whose draft they would replace.
 * Live coverage not yet posted is shown to copy in its live console.
 */
export function PurgedArticleWork({ id, onDiscarded }: { id: number; onDiscarded(): void }) {
  const navigate = useNavigate();
  const [draft, setDraft] = useState(() => loadDraft(id));
  const [writingNew] = useState(() => loadDraft('new') !== undefined);
  const [unposted] = useState(() => keepsWorkOf(LIVE_ENTRY_DRAFT_PREFIX, id));
  const startNew = () => {
    if (!draft) return;
    saveDraft('new', { values: draft.values, savedAt: draft.savedAt });
    clearDraft(id);
    navigate(paths.admin.newArticle.getHref());
  };
  const discard = () => {
    clearDraft(id);
    setDraft(undefined);
    onDiscarded();
  };
  return (
    <>
      {draft && writingNew ? (
        <div className="admin-notice admin-deleted__work">
          <p>
            Your unsaved changes to it are kept in this browser tab. Save or discard the new article you began in this
            tab, then come back here to start a new article from them.
          </p>
        </div>
      ) : null}
      {draft && !writingNew ? (
        <div className="admin-notice admin-deleted__work">
          <p>
            Your unsaved changes to it are kept in this browser tab: start a new article from them, or discard them.
          </p>
          <div className="admin-actions">
            <button type="button" className="admin-btn admin-btn--small admin-btn--primary" onClick={startNew}>
              Start a new article from them
            </button>
            <button type="button" className="admin-btn admin-btn--small" onClick={discard}>
              Discard them
            </button>
          </div>
        </div>
      ) : null}
      {unposted ? (
        <div className="admin-notice admin-deleted__work">
          <p>
            Your live coverage not yet posted is kept in this browser tab:{' '}
            <Link className="admin-link" to={paths.admin.liveConsole.getHref(id)}>
              its live console
            </Link>{' '}
            shows it to copy.
          </p>
        </div>
      ) : null}
    </>
  );
}
