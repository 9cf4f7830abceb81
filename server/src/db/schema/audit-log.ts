import type { Generated, Selectable } from 'kysely';

/** `audit_log` (migration 003-admin): who changed which article, with the row before and after. */
export interface AuditLogTable {
  id: Generated<number>;
  /** One of AUDIT_ACTIONS (common/admin-contract.ts). */
  action: string;
  article_id: number;
  actor_subject: string;
  actor_name: string;
  at: string;
  /** JSON of the full article row before the change (null for create). */
  before: string | null;
  /** JSON of the full article row after the change (null for delete). */
  after: string | null;
}

export type AuditLogRow = Selectable<AuditLogTable>;
