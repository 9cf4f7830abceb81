import { useEffect, useId, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { ShareDefaults } from '@common/admin-contract';
import { ConfirmDialog } from '@/components/admin/confirm-dialog';
import { LazyBodyEditor } from '@/components/admin/body-editor/lazy-body-editor';
import { useAdminApi } from '@/lib/admin-api-client';
import { errorParts } from '@/lib/admin-error-context';
import { deleteEntryPost, PLATFORM_NAMES } from '@/lib/share-posts';
import { useDeleteLiveEntry } from '../api/delete-live-entry.ts';
import { liveKeys } from '../api/live-keys.ts';
import { liveEntriesQueryOptions } from '../api/get-live-entries.ts';
import { entryConflictOf, useUpdateLiveEntry, type EntryConflict } from '../api/update-live-entry.ts';
import { formatEntryTime } from '../lib/coverage.ts';
import { editorDoc, entryBody, hasContent, type EditorDoc } from '../lib/entries.ts';
import { clearCorrection, loadCorrection, saveCorrection } from '../lib/entry-draft.ts';
import { focusWhenPresent } from '../lib/focus-when-present.ts';
import { isSubmitChord } from '../lib/submit-keys.ts';
import type { AdminLiveEntry } from '../types.ts';
import { EntryPosts } from './entry-posts.tsx';
import { EntryRevisions } from './entry-revisions.tsx';
import { effectiveShares, ShareToggles, type ShareChoice } from './share-toggles.tsx';

/** The console's "Entries" heading (it takes the focus after a deletion). */
export const ENTRIES_HEADING_ID = 'live-entries-title';

/**
 * What an edit started from and what it holds now; `changed`: the editor has changed something (the
 * correction is then kept in the tab, entry-draft.ts); `theirs`: the entry another editor saved meanwhile.
 */
interface Editing {
  base: AdminLiveEntry;
  doc: EditorDoc;
  keyEvent: boolean;
  shares: ShareChoice;
  round: number;
  changed?: boolean;
  theirs?: AdminLiveEntry | null;
  conflict?: EntryConflict;
}

/**
 * A correction kept from before a reload or another screen opens the entry's edit form again, as it was;
 * when the entry was saved by someone else since it began, with their version shown at once, as a refused
 * save would show it.
 */
function keptEditing(entry: AdminLiveEntry): Editing | null {
  const kept = loadCorrection(entry.articleId, entry.id);
  if (!kept) return null;
  const { version, ...work } = kept;
  const editing: Editing = { base: { ...entry, version }, ...work, round: 0, changed: true };
  if (entry.version === version) return editing;
  const conflict = {
    currentVersion: entry.version,
    changedBy: entry.updatedBy ?? undefined,
    changedAt: entry.updatedAt ?? undefined,
  };
  return { ...editing, theirs: entry, conflict };
}

/** One entry of the console: time, author, key-event mark, the text; Edit in place, Delete with a confirmation. */
export function LiveEntryItem({
  entry,
  connected,
  articlePublic,
}: {
  entry: AdminLiveEntry;
  connected: ShareDefaults['connected'] | undefined;
  /** Readers see the story: a withdrawn post of a key event can be sent again. */
  articlePublic: boolean;
}) {
  const uid = useId();
  const client = useAdminApi();
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState<Editing | null>(() => keptEditing(entry));
  const change = (patch: Partial<Pick<Editing, 'doc' | 'keyEvent' | 'shares'>>) =>
    setEditing((cur) => (cur ? { ...cur, ...patch, changed: true } : cur));
  useEffect(() => {
    const { articleId, id } = entry;
    if (!editing?.changed) return clearCorrection(articleId, id);
    const { doc, keyEvent, shares, base } = editing;
    saveCorrection(articleId, id, { doc, keyEvent, shares, version: base.version });
  }, [editing, entry]);
  const [confirming, setConfirming] = useState(false);
  const [history, setHistory] = useState(false);
  const [alsoPosts, setAlsoPosts] = useState(false);
  const [removingPosts, setRemovingPosts] = useState(false);
  const [postsError, setPostsError] = useState<string | null>(null);
  const deleting = useRef(false);
  const editorId = `${uid}-body`;
  const editButtonId = `${uid}-edit`;
  const update = useUpdateLiveEntry({
    onSaved: () => {
      setEditing(null);
      focusWhenPresent(editButtonId);
    },
  });
  const remove = useDeleteLiveEntry({
    onDeleted: () => {
      setConfirming(false);
      // The entry and its buttons are gone: the focus goes to the list's heading.
      focusWhenPresent(ENTRIES_HEADING_ID);
    },
  });
  const startEdit = () => {
    setEditing({
      base: entry,
      doc: editorDoc(entry.body),
      keyEvent: entry.keyEvent,
      shares: { shareToX: entry.shareToX, shareToFacebook: entry.shareToFacebook },
      round: 0,
    });
    focusWhenPresent(editorId);
  };
  const save = (version: number) => {
    if (!editing || update.isPending || !hasContent(editing.doc)) return;
    update.mutate(
      {
        articleId: entry.articleId,
        entryId: entry.id,
        input: {
          body: entryBody(editing.doc),
          keyEvent: editing.keyEvent,
          ...effectiveShares(editing.keyEvent, connected, editing.shares),
          version,
        },
      },
      {
        onError: (err) => {
          const conflict = entryConflictOf(err);
          if (!conflict) return;
          // Show what the other editor saved; the edit stays as typed.
          void queryClient
            .fetchQuery({ ...liveEntriesQueryOptions(client, entry.articleId), staleTime: 0 })
            .then((list) => list.find((e) => e.id === entry.id) ?? null)
            .catch(() => null)
            .then((theirs) => setEditing((cur) => (cur ? { ...cur, theirs, conflict } : cur)));
        },
      },
    );
  };
  const posted = formatEntryTime(entry.postedAt);
  // Its posts still on X or Facebook: the confirmation offers to delete them first (unticked: they stay).
  const postedOn = entry.posts.filter((p) => p.state === 'posted');
  const confirmDelete = async () => {
    // One deletion at a time: a double-click lands before React has disabled the button.
    if (deleting.current) return;
    deleting.current = true;
    try {
      if (alsoPosts && postedOn.length > 0) {
        setRemovingPosts(true);
        setPostsError(null);
        try {
          for (const p of postedOn) await deleteEntryPost(client, entry.articleId, entry.id, p.platform);
        } catch (err) {
          // A refusal stops here: the entry stays, with the reason in the dialog.
          const { message, details } = errorParts(err);
          setPostsError(details ? `${message}: ${details}` : message);
          void queryClient.invalidateQueries({ queryKey: liveKeys.entries(entry.articleId) });
          return;
        } finally {
          setRemovingPosts(false);
        }
      }
      remove.mutate({ articleId: entry.articleId, entryId: entry.id });
    } finally {
      deleting.current = false;
    }
  };
  return (
    <li id={`entry-${entry.id}`} className={`admin-live-entry${entry.keyEvent ? ' admin-live-entry--key' : ''}`}>
      <div className="admin-live-entry__meta">
        <time dateTime={entry.postedAt}>{posted}</time>
        <span>{entry.author}</span>
        {entry.keyEvent ? <span className="admin-badge admin-badge--key">Key event</span> : null}
        {entry.updatedAt ? (
          <span className="admin-muted">
            edited <time dateTime={entry.updatedAt}>{formatEntryTime(entry.updatedAt)}</time>
          </span>
        ) : null}
      </div>
      {editing ? (
        <form
          className="admin-live-edit"
          aria-label={`Edit the entry of ${posted}`}
          onSubmit={(e) => {
            e.preventDefault();
            save(editing.base.version);
          }}
          onKeyDownCapture={(e) => {
            if (e.key === 'Escape' && !(e.target as HTMLElement).closest('dialog')) {
              setEditing(null);
              focusWhenPresent(editButtonId);
              return;
            }
            if (!isSubmitChord(e) || (e.target as HTMLElement).closest('dialog')) return;
            e.preventDefault();
            e.stopPropagation();
            save(editing.base.version);
          }}
        >
          <span id={`${uid}-label`} className="admin-sr-only">
            Entry text
          </span>
          <LazyBodyEditor
            key={editing.round}
            id={editorId}
            labelledBy={`${uid}-label`}
            invalid={!hasContent(editing.doc)}
            disabled={update.isPending}
            initial={editing.doc}
            onChange={(doc) => change({ doc })}
          />
          <fieldset className="admin-live-options">
            <legend className="admin-sr-only">Entry options</legend>
            <div className="admin-live-check">
              <input
                id={`${uid}-key`}
                type="checkbox"
                checked={editing.keyEvent}
                disabled={update.isPending}
                onChange={(e) => change({ keyEvent: e.target.checked })}
              />
              <label htmlFor={`${uid}-key`}>Key event</label>
            </div>
            <ShareToggles
              idPrefix={uid}
              keyEvent={editing.keyEvent}
              connected={connected}
              value={editing.shares}
              disabled={update.isPending}
              onChange={(shares) => change({ shares })}
            />
          </fieldset>
          {editing.theirs !== undefined ? (
            <div className="admin-conflict" role="alert">
              <p>
                <strong>
                  {editing.conflict?.changedBy ?? 'Another editor'} changed this entry while you were editing it
                  {editing.conflict?.changedAt ? ` (${formatEntryTime(editing.conflict.changedAt)})` : ''}.
                </strong>{' '}
                {editing.theirs
                  ? 'Their version is below; Save mine replaces it with yours.'
                  : 'It has been deleted since.'}
              </p>
              {editing.theirs ? (
                <>
                  <div
                    className="admin-live-entry__body admin-live-entry__theirs"
                    // The server's one body renderer (escaped text, checked links).
                    dangerouslySetInnerHTML={{ __html: editing.theirs.bodyHtml }}
                  />
                  <div className="admin-actions">
                    <button
                      type="button"
                      className="admin-btn admin-btn--small admin-btn--primary"
                      disabled={update.isPending}
                      onClick={() => editing.theirs && save(editing.theirs.version)}
                    >
                      Save mine
                    </button>
                    <button
                      type="button"
                      className="admin-btn admin-btn--small"
                      onClick={() => {
                        setEditing(null);
                        focusWhenPresent(editButtonId);
                      }}
                    >
                      Keep theirs
                    </button>
                  </div>
                </>
              ) : null}
            </div>
          ) : null}
          <div className="admin-actions">
            {editing.theirs === undefined ? (
              <button
                type="submit"
                className="admin-btn admin-btn--small admin-btn--primary"
                disabled={update.isPending || !hasContent(editing.doc)}
              >
                {update.isPending ? 'Saving…' : 'Save'}
              </button>
            ) : null}
            <button
              type="button"
              className="admin-btn admin-btn--small"
              onClick={() => {
                setEditing(null);
                focusWhenPresent(editButtonId);
              }}
            >
              Cancel
            </button>
          </div>
        </form>
      ) : (
        <>
          <div
            className="admin-live-entry__body"
            // The server's one body renderer (escaped text, checked links).
            dangerouslySetInnerHTML={{ __html: entry.bodyHtml }}
          />
          <EntryPosts entry={entry} posted={posted} articlePublic={articlePublic} />
          <div className="admin-actions">
            <button id={editButtonId} type="button" className="admin-btn admin-btn--small" onClick={startEdit}>
              Edit<span className="admin-sr-only"> the entry of {posted}</span>
            </button>
            <button
              type="button"
              className="admin-btn admin-btn--small admin-btn--danger-outline"
              onClick={() => setConfirming(true)}
            >
              Delete<span className="admin-sr-only"> the entry of {posted}</span>
            </button>
            <button
              type="button"
              className="admin-btn admin-btn--small admin-btn--link"
              aria-expanded={history}
              aria-controls={`${uid}-history`}
              onClick={() => setHistory((h) => !h)}
            >
              History<span className="admin-sr-only"> of the entry of {posted}</span>
            </button>
          </div>
          {history ? (
            <div id={`${uid}-history`}>
              <EntryRevisions articleId={entry.articleId} entryId={entry.id} />
            </div>
          ) : null}
        </>
      )}
      <ConfirmDialog
        open={confirming}
        title="Delete this entry?"
        message="Readers stop seeing it at once. Its history stays in the audit trail."
        confirmLabel="Delete"
        busy={remove.isPending || removingPosts}
        error={postsError}
        onConfirm={() => void confirmDelete()}
        onCancel={() => {
          setConfirming(false);
          setPostsError(null);
        }}
      >
        {postedOn.length > 0 ? (
          <div className="admin-form__check">
            <input
              id={`${uid}-posts`}
              type="checkbox"
              checked={alsoPosts}
              onChange={(e) => setAlsoPosts(e.target.checked)}
            />
            <label htmlFor={`${uid}-posts`}>
              Also delete its {postedOn.length > 1 ? 'posts' : 'post'} on{' '}
              {postedOn.map((p) => PLATFORM_NAMES[p.platform]).join(' and ')}
            </label>
          </div>
        ) : null}
      </ConfirmDialog>
    </li>
  );
}
