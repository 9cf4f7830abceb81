import type { Kysely } from 'kysely';
import { IMAGE_AUDIT_ACTIONS, RECORD_AUDIT_ACTIONS, type AuditRecordRef } from '../../../common/admin-contract.ts';
import type { Database } from '../db/schema.ts';

/** An audit row's `before` or `after`, parsed. */
type Kept = Record<string, unknown> | undefined;

const isRecordAction = (action: string) => (RECORD_AUDIT_ACTIONS as readonly string[]).includes(action);
const isImageAction = (action: string) => (IMAGE_AUDIT_ACTIONS as readonly string[]).includes(action);
const verbOf = (action: string) => action.slice(action.indexOf('-') + 1);

const RECORD_FIELDS: Record<string, string> = { bio: 'bio', photoUrl: 'photo', xHandle: 'X handle' };
const quoted = (name: unknown) => `“${typeof name === 'string' ? name : ''}”`;
const articles = (n: unknown) => (typeof n === 'number' ? ` · ${n} article${n === 1 ? '' : 's'}` : '');

/** A picture's text field in its row's detail: quoted, cut to 40 characters; '(none)' if empty. */
const IMAGE_VALUE_MAX = 40;
const imageValue = (value: unknown) => {
  const text = typeof value === 'string' ? value : '';
  if (!text) return '(none)';
  return quoted(text.length > IMAGE_VALUE_MAX ? `${text.slice(0, IMAGE_VALUE_MAX - 1)}…` : text);
};
const percent = (n: unknown) => (typeof n === 'number' ? `${Math.round(n * 100)}%` : '?');
const focalPoint = (kept: Kept) => `${percent(kept?.focalX)} ${percent(kept?.focalY)}`;
const IMAGE_FIELDS = { alt: 'description', caption: 'caption', credit: 'credit' } as const;

/**
 * What a picture's row says (its record names the picture): each field changed, before → after (long
 * values cut), the focal point as percentages across and down, and how many articles took the change.
 */
function imageDetail(before: Kept, after: Kept): string {
  const parts = (Object.keys(IMAGE_FIELDS) as (keyof typeof IMAGE_FIELDS)[])
    .filter((f) => before?.[f] !== after?.[f])
    .map((f) => `${IMAGE_FIELDS[f]} ${imageValue(before?.[f])} → ${imageValue(after?.[f])}`);
  if (before?.focalX !== after?.focalX || before?.focalY !== after?.focalY) {
    parts.push(`focal point ${focalPoint(before)} → ${focalPoint(after)}`);
  }
  const n = after?.articleCount;
  const count = typeof n === 'number' ? ` · ${n} article${n === 1 ? '' : 's'} updated` : '';
  return `${parts.join(', ')}${count}`.slice(0, 300);
}

/**
 * What an author's or a tag's row says: which record, renamed or merged into which, how many articles;
 * a picture's row: see imageDetail.
 */
export function recordDetail(action: string, before: Kept, after: Kept): string {
  if (isImageAction(action)) return imageDetail(before, after);
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

/** An audit row's record before `withExistence` says whether it exists now. */
type RecordRef = DistributiveOmit<AuditRecordRef, 'exists'>;
type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;

const IMAGE_ID = /^[0-9a-f]{32}$/;

/**
 * The author or tag a row is about, as the row keeps it: the one created or changed (its copy after
 * the change), or the one merged away or deleted (its copy before); a picture's row: the picture, named
 * by its description after the change. Null for the other rows and for a row without a usable copy.
 * Whether it exists now is for `withExistence`.
 */
export function recordOf(action: string, before: Kept, after: Kept): RecordRef | null {
  if (isImageAction(action)) {
    const id = after?.id;
    if (typeof id !== 'string' || !IMAGE_ID.test(id)) return null;
    return { kind: 'image', id, name: typeof after?.alt === 'string' ? after.alt : '' };
  }
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
 * Says of each record whether it exists now: one query per kind (three at most, however many rows
 * name them). Record ids are never used again (authors and tags take new ids from a sequence, an
 * upload a random one), so an id that is found is the same record.
 */
export async function withExistence(
  db: Kysely<Database>,
  refs: readonly (RecordRef | null)[],
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
  const images = new Set<string>();
  const imageIds = [...new Set(refs.flatMap((r) => (r?.kind === 'image' ? [r.id] : [])))];
  if (imageIds.length > 0) {
    const rows = await db.selectFrom('images').select('id').where('id', 'in', imageIds).execute();
    for (const row of rows) images.add(row.id);
  }
  return refs.map((r) => {
    if (!r) return null;
    if (r.kind === 'image') return { ...r, exists: images.has(r.id) };
    return { ...r, exists: found[r.kind].has(r.id) };
  });
}
