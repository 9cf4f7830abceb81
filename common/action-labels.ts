import {
  AUDIT_ACTIONS,
  IMAGE_AUDIT_ACTIONS,
  RECORD_AUDIT_ACTIONS,
  SHARE_AUDIT_ACTIONS,
  type AuditAction,
} from './admin-contract.ts';
import { CORRECTION_AUDIT_ACTIONS } from './corrections-contract.ts';
import { LIVE_AUDIT_ACTIONS } from './live-contract.ts';
import { NOTE_AUDIT_ACTIONS } from './notes-contract.ts';
import { PREVIEW_AUDIT_ACTIONS } from './preview-contract.ts';

/**
 * The words the newsroom shows for the action codes the server records: the Audit Trail's rows and its
 * Action filter, and the article's History (docs/product.md). The API and the database keep the codes;
 * only the screens say these words. Every code of the contracts' action lists has its words here: a code
 * added to a list without them fails the typecheck (the Record types below).
 */

/** Every action the audit trail records, in the groups of the Audit Trail's Action filter. */
export const AUDIT_ACTION_GROUPS = [
  { label: 'Articles', actions: AUDIT_ACTIONS },
  { label: 'Social posts', actions: SHARE_AUDIT_ACTIONS },
  { label: 'Live coverage', actions: LIVE_AUDIT_ACTIONS },
  { label: 'Authors and tags', actions: RECORD_AUDIT_ACTIONS },
  { label: 'Pictures', actions: IMAGE_AUDIT_ACTIONS },
  { label: 'Preview links', actions: PREVIEW_AUDIT_ACTIONS },
  { label: 'Corrections', actions: CORRECTION_AUDIT_ACTIONS },
  { label: 'Notes', actions: NOTE_AUDIT_ACTIONS },
] as const;

/** An action code of the audit trail (GET /api/admin/audit `action`, in rows and as the filter). */
export type TrailAction = (typeof AUDIT_ACTION_GROUPS)[number]['actions'][number];

/** Every action code of the groups, in their order: what GET /api/admin/audit's `action` filter accepts. */
export const TRAIL_ACTIONS: readonly TrailAction[] = AUDIT_ACTION_GROUPS.flatMap((g) => g.actions);

/** An article's own action, as both its audit rows and its History name it. */
const ARTICLE_LABELS: Record<AuditAction, string> = {
  create: 'Created',
  edit: 'Edited',
  restore: 'Restored a version',
  publish: 'Published',
  unpublish: 'Unpublished',
  schedule: 'Scheduled',
  unschedule: 'Unscheduled',
  delete: 'Moved to the Trash',
  undelete: 'Restored from the Trash',
  purge: 'Deleted for good',
  category: 'Category changed',
  pin: 'Pinned to the top',
  unpin: 'Unpinned',
};

const TRAIL_LABELS: Record<TrailAction, string> = {
  ...ARTICLE_LABELS,
  'share-queued': 'Share queued',
  'share-post-now': 'Post now requested',
  'share-retry': 'Share retried',
  'share-attempt': 'Share attempted',
  'share-posted': 'Shared',
  'share-failed': 'Share failed',
  'share-unconfirmed': 'Share unconfirmed',
  'share-withdrawn': 'Share withdrawn',
  'share-deleted': 'Post deleted',
  'share-delete-failed': 'Post deletion failed',
  'test-publish': 'Test post',
  'live-start': 'Live coverage started',
  'live-end': 'Live coverage ended',
  'live-entry-post': 'Live entry posted',
  'live-entry-edit': 'Live entry edited',
  'live-entry-delete': 'Live entry deleted',
  'author-create': 'Author created',
  'author-edit': 'Author edited',
  'author-merge': 'Author merged',
  'author-delete': 'Author deleted',
  'tag-create': 'Tag created',
  'tag-edit': 'Tag edited',
  'tag-merge': 'Tag merged',
  'tag-delete': 'Tag deleted',
  // A row of no article: the picture's description, caption, credit or focal point changed on Pictures.
  'image-update': 'Picture details changed',
  'preview-link-create': 'Preview link created',
  'preview-link-revoke': 'Preview link turned off',
  'correction-add': 'Correction added',
  'correction-edit': 'Correction edited',
  'correction-remove': 'Correction removed',
  'note-add': 'Note added',
  'note-edit': 'Note edited',
  'note-delete': 'Note deleted',
  'note-resolve': 'Note resolved',
  'note-reopen': 'Note reopened',
};

/**
 * What a revision of an article records (GET /api/admin/articles/{id}/revisions `action`): one of the
 * article's own actions, or `image-update`, a picture's description saved on Pictures filling the
 * article's empty one (decision 033).
 */
export const REVISION_ACTIONS = [...AUDIT_ACTIONS, 'image-update'] as const;
export type RevisionAction = (typeof REVISION_ACTIONS)[number];

const REVISION_LABELS: Record<RevisionAction, string> = {
  ...ARTICLE_LABELS,
  'image-update': 'Picture description filled',
};

/** The History's word for a revision the edit form saved on its own. */
export const AUTOSAVE_LABEL = 'Autosaved';

function labelIn(labels: Readonly<Record<string, string>>, action: string): string {
  return Object.hasOwn(labels, action) ? labels[action]! : action;
}

/** The Audit Trail's words for an action code; an unknown code is shown as it is. */
export function auditActionLabel(action: string): string {
  return labelIn(TRAIL_LABELS, action);
}

/** The History's words for a revision: 'Autosaved' for an autosave, else its action's; an unknown code as it is. */
export function revisionActionLabel(revision: { action: string; autosave?: boolean }): string {
  return revision.autosave ? AUTOSAVE_LABEL : labelIn(REVISION_LABELS, revision.action);
}
