import type { Insertable, Transaction } from 'kysely';
import { AUDIT_ACTIONS, type AuditAction } from '../../../common/admin-contract.ts';

export { AUDIT_ACTIONS, type AuditAction };
import type { Kysely } from 'kysely';
import type { ArticleRow, AuditLogRow, Database } from '../db/schema.ts';
import type { AuditLogTable } from '../db/schema/audit-log.ts';

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

export interface AuditEntry {
  action: AuditAction;
  articleId: number;
  actor: Actor;
  at: string;
  before: ArticleRow | null;
  after: ArticleRow | null;
}

/** The row of one audit entry. */
export function auditRow(e: AuditEntry): Insertable<AuditLogTable> {
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

/** Writes audit rows; call it inside the transaction that makes the change. */
export async function writeAudit(trx: Transaction<Database>, entries: AuditEntry[]): Promise<void> {
  if (entries.length === 0) return;
  await trx.insertInto('audit_log').values(entries.map(auditRow)).execute();
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

export interface AuditListEntry {
  id: number;
  action: string;
  articleId: number;
  headline: string;
  editorName: string;
  editorSubject: string;
  at: string;
}

function headlineOf(json: string | null): string | undefined {
  if (!json) return undefined;
  try {
    const h = (JSON.parse(json) as { headline?: unknown }).headline;
    return typeof h === 'string' ? h : undefined;
  } catch {
    return undefined;
  }
}

/** The trail, newest first, filtered by editor and action; one row more than the page tells if another follows. */
export async function listAudit(
  db: Kysely<Database>,
  query: AuditQuery,
): Promise<{ entries: AuditListEntry[]; hasNextPage: boolean }> {
  let q = db.selectFrom('audit_log').selectAll();
  if (query.editor) q = q.where('actor_name', '=', query.editor);
  if (query.action) q = q.where('action', '=', query.action);
  const rows = await q
    .orderBy('id', 'desc')
    .limit(query.pageSize + 1)
    .offset((query.page - 1) * query.pageSize)
    .execute();
  return {
    hasNextPage: rows.length > query.pageSize,
    entries: rows.slice(0, query.pageSize).map((r) => ({
      id: Number(r.id),
      action: r.action,
      articleId: Number(r.article_id),
      headline: headlineOf(r.after) ?? headlineOf(r.before) ?? '',
      editorName: r.actor_name,
      editorSubject: r.actor_subject,
      at: r.at,
    })),
  };
}
