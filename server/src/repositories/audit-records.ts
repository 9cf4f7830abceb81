import type { Kysely } from 'kysely';
import { RECORD_AUDIT_ACTIONS, type AuditRecordRef } from '../../../common/admin-contract.ts';
import type { Database } from '../db/schema.ts';

/** An audit row's `before` or `after`, parsed. */
type Kept = Record<string, unknown> | undefined;

const isRecordAction = (action: string) => (RECORD_AUDIT_ACTIONS as readonly string[]).includes(action);
const verbOf = (action: string) => action.slice(action.indexOf('-') + 1);

const RECORD_FIELDS: Record<string, string> = { bio: 'bio', photoUrl: 'photo', xHandle: 'X handle' };
const quoted = (name: unknown) => `“${typeof name === 'string' ? name : ''}”`;
const articles = (n: unknown) => (typeof n === 'number' ? ` · ${n} article${n === 1 ? '' : 's'}` : '');

/** What an author's or a tag's row says: which record, renamed or merged into which, how many articles. */
export function recordDetail(action: string, before: Kept, after: Kept): string {
  if (!isRecordAction(action)) return '';
  const verb = verbOf(action);
  let text: string;
  if (verb === 'merge') text = `${quoted(before?.name)} into ${quoted(after?.name)}${articles(before?.articleCount)}`;
  else if (verb === 'delete') text = `${quoted(before?.name)}${articles(before?.articleCount)}`;
  else if (verb === 'edit' && before?.name !== after?.name)
    text = `${quoted(before?.name)} renamed ${quoted(after?.name)}`;
  else if (verb === 'edit') {
    const changed = Object.keys(RECORD_FIELDS).filter((f) => before?.[f] !== after?.[f]);
    text = `${quoted(after?.name)}${changed.length > 0 ? `: ${changed.map((f) => RECORD_FIELDS[f]).join(', ')}` : ''}`;
  } else text = quoted(after?.name);
  return text.slice(0, 300);
}

/**
 * The author or tag a row is about, as the row keeps it: the one created or changed (its copy after
 * the change), or the one merged away or deleted (its copy before). Null for the other rows and for a
 * row without a usable copy. Whether it exists now is for `withExistence`.
 */
export function recordOf(action: string, before: Kept, after: Kept): Omit<AuditRecordRef, 'exists'> | null {
  if (!isRecordAction(action)) return null;
  const verb = verbOf(action);
  const kept = verb === 'merge' || verb === 'delete' ? before : after;
  const id = kept?.id;
  if (typeof id !== 'number' || !Number.isSafeInteger(id) || id <= 0) return null;
  return {
    kind: action.startsWith('author-') ? 'author' : 'tag',
    id,
    name: typeof kept?.name === 'string' ? kept.name : '',
  };
}

/**
 * Says of each record whether it exists now: one query per kind (two at most, however many rows name
 * them). Record ids are never used again (authors and tags take new ids from a sequence), so an id
 * that is found is the same record.
 */
export async function withExistence(
  db: Kysely<Database>,
  refs: readonly (Omit<AuditRecordRef, 'exists'> | null)[],
): Promise<(AuditRecordRef | null)[]> {
  const found = { author: new Set<number>(), tag: new Set<number>() };
  for (const kind of ['author', 'tag'] as const) {
    const ids = [...new Set(refs.flatMap((r) => (r?.kind === kind ? [r.id] : [])))];
    if (ids.length === 0) continue;
    const rows = await db
      .selectFrom(kind === 'author' ? 'authors' : 'tags')
      .select('id')
      .where('id', 'in', ids)
      .execute();
    for (const row of rows) found[kind].add(Number(row.id));
  }
  return refs.map((r) => r && { ...r, exists: found[r.kind].has(r.id) });
}
