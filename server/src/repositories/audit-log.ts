import type { Transaction } from 'kysely';
import {
  AUDIT_ACTIONS,
  IMAGE_AUDIT_ACTIONS,
  RECORD_AUDIT_ACTIONS,
  SHARE_AUDIT_ACTIONS,
  type AdminAuthor,
  type AdminTag,
  type AuditAction,
  type ImageAuditAction,
  type RecordAuditAction,
  type AuditEntry as AuditEntryView,
  type SharePlatform,
} from '../../../common/admin-contract.ts';

export {
  AUDIT_ACTIONS,
  IMAGE_AUDIT_ACTIONS,
  RECORD_AUDIT_ACTIONS,
  SHARE_AUDIT_ACTIONS,
  type AuditAction,
  type RecordAuditAction,
};
import type { Insertable, Kysely } from 'kysely';
import { characterCount, firstCharacters } from '../../../common/text-length.ts';
import type { ArticleRow, AuditLogRow, Database } from '../db/schema.ts';
import type { AuditLogTable } from '../db/schema/audit-log.ts';
import { recordDetail, recordOf, withExistence } from './audit-records.ts';

export interface Actor {
  subject: string;
  name: string;
}

/** The actor of what the scheduler does (scheduled publication, purging the trash). */
export const SCHEDULER_ACTOR: Actor = { subject: 'scheduler', name: 'Scheduler' };

/** The actor recorded for the demo content's first revisions. */
export const SEED_ACTOR: Actor = { subject: 'seed', name: 'Demo content' };

/** The actor recorded for articles that arrive through `npm run import`. */
export const IMPORT_ACTOR: Actor = { subject: 'import', name: 'import' };

/**
 * One row of the audit trail as it is written: what was done, to which article (`NO_ARTICLE` for an
 * author, a tag or a picture), by whom and when, with what it was and what it became as JSON.
 */
export interface AuditRowEntry {
  action: string;
  articleId: number;
  actor: Actor;
  at: string;
  before: object | null;
  after: object | null;
}

/** The row of one audit entry. */
function auditRow(e: AuditRowEntry): Insertable<AuditLogTable> {
  return {
    action: e.action,
    article_id: e.articleId,
    actor_subject: e.actor.subject,
    actor_name: e.actor.name,
    at: e.at,
    before: e.before ? JSON.stringify(e.before) : null,
    after: e.after ? JSON.stringify(e.after) : null,
  };
}

/**
 * Writes audit rows, the one writer of every kind (articles' changes, corrections, preview links, rows of
 * no article); call it inside the transaction that makes the change.
 */
export async function writeAuditRows(trx: Transaction<Database>, entries: readonly AuditRowEntry[]): Promise<void> {
  if (entries.length === 0) return;
  await trx.insertInto('audit_log').values(entries.map(auditRow)).execute();
}

export interface AuditEntry {
  action: AuditAction;
  articleId: number;
  actor: Actor;
  at: string;
  before: ArticleRow | null;
  after: ArticleRow | null;
}

/** Writes audit rows; call it inside the transaction that makes the change. */
export async function writeAudit(trx: Transaction<Database>, entries: AuditEntry[]): Promise<void> {
  await writeAuditRows(trx, entries);
}

/** An author or a tag as its audit rows keep it (`articleCount`: the articles that named it then). */
export type AuditedRecord = AdminAuthor | AdminTag;

/** An audit row of an author or a tag (no article): what it was and what it became. */
export interface RecordAuditEntry {
  action: RecordAuditAction;
  actor: Actor;
  at: string;
  before: AuditedRecord | null;
  after: AuditedRecord | null;
}

/** Writes the row of a change to an author or a tag; call it inside the transaction that makes it. */
export async function writeRecordAudit(trx: Transaction<Database>, e: RecordAuditEntry): Promise<void> {
  await writeAuditOfNoArticle(trx, e);
}

/** The row of a change that concerns no one article (an author, a tag, a picture): before and after as JSON. */
async function writeAuditOfNoArticle(
  trx: Transaction<Database>,
  e: { action: string; actor: Actor; at: string; before: object | null; after: object | null },
): Promise<void> {
  await writeAuditRows(trx, [{ ...e, articleId: NO_ARTICLE }]);
}

/**
 * A picture of the library as its audit rows keep it: before the change, and after it with
 * `articleCount`, the articles that took its new description or focal point.
 */
export interface AuditedImage {
  id: string;
  alt: string;
  caption: string;
  credit: string;
  focalX: number;
  focalY: number;
  articleCount?: number;
}

/** An audit row of a picture of the library (no article): what it was and what it became. */
export interface ImageAuditEntry {
  action: ImageAuditAction;
  actor: Actor;
  at: string;
  before: AuditedImage;
  after: AuditedImage;
}

/** Writes the row of a change to a picture; call it inside the transaction that makes it. */
export async function writeImageAudit(trx: Transaction<Database>, e: ImageAuditEntry): Promise<void> {
  await writeAuditOfNoArticle(trx, e);
}

/** When an article was deleted for good, by whom, and its headline then (its 'purge' row, which stays). */
export interface PurgeRecord {
  at: string;
  /** The editor who deleted it for good; null when the 30-day purge of the Trash did. */
  by: string | null;
  headline: string;
}

/** The 'purge' row of an article deleted for good (undefined for one that never was, or still is). */
export async function purgeOf(db: Kysely<Database>, articleId: number): Promise<PurgeRecord | undefined> {
  const row = await db
    .selectFrom('audit_log')
    .select(['at', 'actor_subject', 'actor_name', 'before'])
    .where('article_id', '=', articleId)
    .where('action', '=', 'purge')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (!row) return undefined;
  let headline = '';
  try {
    const before = JSON.parse(row.before ?? 'null') as { headline?: unknown } | null;
    if (typeof before?.headline === 'string') headline = before.headline;
  } catch {
    // A row written by hand: the screen names the article by its number.
  }
  return { at: row.at, by: row.actor_subject === SCHEDULER_ACTOR.subject ? null : row.actor_name, headline };
}

/** The trail of one article, oldest first. */
export async function auditFor(db: Kysely<Database>, articleId: number): Promise<AuditLogRow[]> {
  return db.selectFrom('audit_log').selectAll().where('article_id', '=', articleId).orderBy('id', 'asc').execute();
}

export interface AuditQuery {
  /** An editor's display name, exact. */
  editor?: string;
  action?: string;
  page: number;
  pageSize: number;
}

export type AuditListEntry = AuditEntryView;

function parseJson(json: string | null): Record<string, unknown> | undefined {
  if (!json) return undefined;
  try {
    const v = JSON.parse(json) as unknown;
    return v && typeof v === 'object' ? (v as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

function headlineOf(row: Record<string, unknown> | undefined): string | undefined {
  const h = row?.headline;
  return typeof h === 'string' ? h : undefined;
}

const PLATFORMS: readonly SharePlatform[] = ['x', 'facebook'];

/** The few words a share or test post row adds (attempt, reason, account), from its details. */
function detailOf(details: Record<string, unknown> | undefined): string {
  if (!details) return '';
  const parts: string[] = [];
  if (typeof details.attempt === 'number') parts.push(`attempt ${details.attempt}`);
  if (typeof details.account === 'string' && details.account) parts.push(`as ${details.account}`);
  if (typeof details.reason === 'string' && details.reason) parts.push(details.reason);
  return parts.join(' · ').slice(0, 300);
}

/** A live entry's row (decision 037) names its entry. */
function liveEntryDetail(action: string, entry: Record<string, unknown> | undefined): string {
  if (!action.startsWith('live-entry-') || typeof entry?.entryId !== 'number') return '';
  return `entry ${entry.entryId}${Number(entry.key_event) === 1 ? ' (key event)' : ''}`;
}

/** The most characters of a correction's text its audit detail shows. */
export const AUDIT_DETAIL_MAX = 60;

/**
 * A text in an audit detail: quoted, cut with '…' past AUDIT_DETAIL_MAX characters, a character being
 * a user-perceived one (common/text-length.ts): a cut never splits an emoji or a flag.
 */
function quoted(value: unknown): string {
  const text = typeof value === 'string' ? value : '';
  const shown = characterCount(text) > AUDIT_DETAIL_MAX ? `${firstCharacters(text, AUDIT_DETAIL_MAX - 1)}…` : text;
  return `“${shown}”`;
}

/**
 * The audit trail's detail of a correction row: the text added or removed ('“…”'), or the wording
 * before and after a fix ('“…” → “…”'); '' for other rows.
 */
export function correctionDetail(
  action: string,
  before: Record<string, unknown> | undefined,
  after: Record<string, unknown> | undefined,
): string {
  if (action === 'correction-add') return quoted(after?.text);
  if (action === 'correction-edit') return `${quoted(before?.text)} → ${quoted(after?.text)}`;
  if (action === 'correction-remove') return quoted(before?.text);
  return '';
}

/**
 * The trail, newest first, filtered by editor and action; one row more than the page tells if another
 * follows. A row that keeps no copy of its article (a social post's) is named by the article's headline
 * now; the platform of a share or test post row comes from its details. An author's, a tag's or a
 * picture's row names its record and says whether it still exists (one query per kind for the whole
 * page).
 */
export async function listAudit(
  db: Kysely<Database>,
  query: AuditQuery,
): Promise<{ entries: AuditListEntry[]; hasNextPage: boolean }> {
  let q = db
    .selectFrom('audit_log as l')
    .leftJoin('articles as a', 'a.id', 'l.article_id')
    .selectAll('l')
    .select('a.headline as current_headline');
  if (query.editor) q = q.where('l.actor_name', '=', query.editor);
  if (query.action) q = q.where('l.action', '=', query.action);
  const rows = await q
    .orderBy('l.id', 'desc')
    .limit(query.pageSize + 1)
    .offset((query.page - 1) * query.pageSize)
    .execute();
  const page = rows
    .slice(0, query.pageSize)
    .map((r) => ({ r, before: parseJson(r.before), after: parseJson(r.after) }));
  const records = await withExistence(
    db,
    page.map(({ r, before, after }) => recordOf(r.action, before, after)),
  );
  return {
    hasNextPage: rows.length > query.pageSize,
    entries: page.map(({ r, before, after }, i) => {
      const isPost = r.action.startsWith('share-') || r.action === 'test-publish';
      const platform =
        isPost && PLATFORMS.includes(after?.platform as SharePlatform) ? (after!.platform as SharePlatform) : null;
      return {
        id: Number(r.id),
        action: r.action,
        articleId: Number(r.article_id),
        headline: (isPost ? undefined : (headlineOf(after) ?? headlineOf(before))) ?? r.current_headline ?? '',
        articleGone: Number(r.article_id) !== NO_ARTICLE && r.current_headline === null,
        record: records[i] ?? null,
        platform,
        detail: isPost
          ? detailOf(after)
          : liveEntryDetail(r.action, after ?? before) ||
            correctionDetail(r.action, before, after) ||
            recordDetail(r.action, before, after),
        editorName: r.actor_name,
        editorSubject: r.actor_subject,
        at: r.at,
      };
    }),
  };
}

/** The article id of audit rows that concern no article (a test post). */
export const NO_ARTICLE = 0;

/** Records a test post that went out (Test Publish page): who, on which platform and account, the post's id. */
export async function recordTestPost(
  db: Kysely<Database>,
  actor: Actor,
  post: { platform: SharePlatform; postId: string; account: string },
): Promise<void> {
  await db
    .insertInto('audit_log')
    .values({
      action: 'test-publish',
      article_id: NO_ARTICLE,
      actor_subject: actor.subject,
      actor_name: actor.name,
      at: new Date().toISOString(),
      before: null,
      after: JSON.stringify(post),
    })
    .execute();
}
