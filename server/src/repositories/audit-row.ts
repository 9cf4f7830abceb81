import type { Insertable, Transaction } from 'kysely';
import type { Database } from '../db/schema.ts';
import type { AuditLogTable } from '../db/schema/audit-log.ts';
import type { Actor } from './audit-log.ts';

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
export function auditRow(e: AuditRowEntry): Insertable<AuditLogTable> {
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
export async function writeAuditRows(trx: Transaction<Database>, entries: readonly AuditRowEntry[]): Promise<void> {
  if (entries.length === 0) return;
  await trx.insertInto('audit_log').values(entries.map(auditRow)).execute();
}
