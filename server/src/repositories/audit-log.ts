import type { Transaction } from 'kysely';
import type { ArticleRow } from '../db/schema.ts';
import type { AdminDatabase, AdminKysely, AuditLogRow } from './admin-tables.ts';

export type AuditAction = 'create' | 'publish' | 'unpublish' | 'delete' | 'category';

export interface Actor {
  subject: string;
  name: string;
}

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

/** Writes audit rows; call it inside the transaction that makes the change. */
export async function writeAudit(trx: Transaction<AdminDatabase>, entries: AuditEntry[]): Promise<void> {
  if (entries.length === 0) return;
  await trx
    .insertInto('audit_log')
    .values(
      entries.map((e) => ({
        action: e.action,
        article_id: e.articleId,
        actor_subject: e.actor.subject,
        actor_name: e.actor.name,
        at: e.at,
        before: e.before ? JSON.stringify(e.before) : null,
        after: e.after ? JSON.stringify(e.after) : null,
      })),
    )
    .execute();
}

/** The trail of one article, oldest first. */
export async function auditFor(db: AdminKysely, articleId: number): Promise<AuditLogRow[]> {
  return db.selectFrom('audit_log').selectAll().where('article_id', '=', articleId).orderBy('id', 'asc').execute();
}
