import { expressionBuilder } from 'kysely';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import type { Colleague } from '../../../common/notes-contract.ts';
import type { AuthConfig } from '../auth/config.ts';

export interface SeenEditor {
  subject: string;
  name: string;
  username: string;
}

/** Records (or refreshes) an editor's last activity. */
export async function recordEditorActivity(db: Kysely<Database>, editor: SeenEditor, at: string): Promise<void> {
  await db
    .insertInto('editor_activity')
    .values({ subject: editor.subject, name: editor.name, username: editor.username, last_seen_at: at })
    .onConflict((oc) =>
      oc.column('subject').doUpdateSet({ name: editor.name, username: editor.username, last_seen_at: at }),
    )
    .execute();
}

/** The count of editors seen at or after `since`, as a subquery (for one-statement dashboards). */
export function activeEditorsSince(since: string) {
  return expressionBuilder<Database>()
    .selectFrom('editor_activity')
    .select((e) => e.fn.countAll<number | string>().as('n'))
    .where('last_seen_at', '>=', since);
}

/**
 * The built-in sign-in's own accounts, which are colleagues before they first sign in: who of them may edit
 * (every account, or those named on EDITOR_ALLOWLIST by username or subject). Null under Microsoft Entra ID,
 * whose directory the product does not read: there a colleague is one seen in the newsroom.
 */
export interface NewsroomAccounts {
  allowlist: readonly string[];
}

/** The newsroom's accounts under the built-in sign-in (null under Microsoft Entra ID). */
export function newsroomAccounts(auth: Pick<AuthConfig, 'entra' | 'editorAllowlist'>): NewsroomAccounts | null {
  return auth.entra ? null : { allowlist: auth.editorAllowlist };
}

/**
 * The colleagues a note can mention (decision 060), each with their subject: the editors seen in the
 * newsroom, the most recently seen first, then the built-in sign-in's accounts not yet seen (the subject
 * the sign-in gives them, their id) by username; at most `limit` in all.
 */
export async function mentionableEditors(
  db: Kysely<Database>,
  limit: number,
  accounts: NewsroomAccounts | null,
): Promise<{ subject: string; username: string; name: string }[]> {
  const seen = await db
    .selectFrom('editor_activity')
    .select(['subject', 'username', 'name'])
    .where('username', '<>', '')
    .orderBy('last_seen_at', 'desc')
    .orderBy('subject')
    .limit(limit)
    .execute();
  if (!accounts || seen.length >= limit) return seen;
  const subjects = new Set(seen.map((e) => e.subject));
  const allow = new Set(accounts.allowlist);
  // Enough rows to fill the list even when every account seen is among them.
  const rows = await db
    .selectFrom('editors')
    .select(['id', 'username', 'display_name'])
    .orderBy('username')
    .limit(limit)
    .execute();
  for (const row of rows) {
    const subject = String(row.id);
    if (subjects.has(subject)) continue;
    if (allow.size > 0 && !allow.has(row.username) && !allow.has(subject)) continue;
    if (seen.length >= limit) break;
    seen.push({ subject, username: row.username, name: row.display_name || row.username });
  }
  return seen;
}

/** The colleagues a note can mention, by name (a username seen under two subjects once). */
export async function listColleagues(
  db: Kysely<Database>,
  limit: number,
  accounts: NewsroomAccounts | null,
): Promise<Colleague[]> {
  const byUsername = new Map<string, Colleague>();
  for (const { username, name } of await mentionableEditors(db, limit, accounts)) {
    if (!byUsername.has(username.toLowerCase())) byUsername.set(username.toLowerCase(), { username, name });
  }
  const order = new Intl.Collator('en', { sensitivity: 'base' });
  return [...byUsername.values()].sort(
    (a, b) => order.compare(a.name, b.name) || order.compare(a.username, b.username),
  );
}

/** Distinct editors seen at or after `since` (ISO-8601). */
export async function countActiveEditors(db: Kysely<Database>, since: string): Promise<number> {
  const row = await db
    .selectFrom('editor_activity')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('last_seen_at', '>=', since)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * Remembers when each editor was last written, so that a burst of requests costs
 * one write per editor per interval (default one minute).
 */
export function createActivityThrottle(intervalMs = 60_000, maxEntries = 10_000) {
  const lastWrite = new Map<string, number>();
  return {
    /** True when this editor is due a write at time `nowMs` (and marks it written). */
    due(subject: string, nowMs: number): boolean {
      const last = lastWrite.get(subject);
      if (last !== undefined && nowMs - last < intervalMs) return false;
      if (lastWrite.size >= maxEntries) lastWrite.clear();
      lastWrite.set(subject, nowMs);
      return true;
    },
    /** Forgets a mark (after a failed write, so the next request retries). */
    forget(subject: string): void {
      lastWrite.delete(subject);
    },
  };
}
