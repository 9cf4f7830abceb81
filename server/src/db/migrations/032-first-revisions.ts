import { sql, type Kysely } from 'kysely';
import { CATEGORIES } from '../../../../common/categories.ts';
import { uploadedImageId } from '../../../../common/images.ts';
import type { Dialect } from '../dialect.ts';

/** How many articles one batch reads and gives a first revision. */
const BATCH = 500;

type Row = Record<string, unknown>;

const text = (v: unknown) => (v === null || v === undefined ? '' : String(v));
const orNull = (v: unknown) => (v === null || v === undefined || v === '' ? null : String(v));
const flag = (v: unknown) => (v === null || v === undefined ? null : Number(v) === 1);

/**
 * An article row as the admin API's article (AdminArticle in common/admin-contract.ts), frozen here
 * as it was when this migration was written: a revision's snapshot has that shape.
 */
function snapshotOf(row: Row) {
  const categoryId = Number(row.category_id);
  const publishedAt = orNull(row.published_at);
  const publishAt = orNull(row.publish_at);
  return {
    id: Number(row.id),
    headline: text(row.headline),
    slug: text(row.slug),
    summary: text(row.summary),
    author: text(row.author),
    category: CATEGORIES.find((c) => c.id === categoryId)?.name ?? '',
    categoryId,
    source: text(row.source),
    editorName: text(row.editor_name),
    ratingOutOfTen: Number(row.rating ?? 0),
    comments: text(row.comments),
    imageUrl: orNull(row.image_url),
    originalUrl: orNull(row.original_url),
    isBreaking: Number(row.is_breaking) === 1,
    publishedAt,
    createdAt: text(row.created_at),
    updatedAt: text(row.updated_at),
    version: Number(row.version ?? 1),
    status: publishedAt ? 'published' : publishAt ? 'scheduled' : 'draft',
    publishAt,
    deletedAt: orNull(row.deleted_at),
    updatedBy: orNull(row.updated_by),
    content: text(row.content),
    ...('share_to_x' in row
      ? {
          shareToX: flag(row.share_to_x),
          shareToFacebook: flag(row.share_to_facebook),
          shareMessage: orNull(row.share_message),
        }
      : {}),
  };
}

function parse(json: unknown): Row | undefined {
  if (typeof json !== 'string') return undefined;
  try {
    const v = JSON.parse(json) as unknown;
    return v && typeof v === 'object' && 'headline' in v ? (v as Row) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Every article gets its original as its first revision ('create'). Articles created on screen or
 * through the API had one; the demo seed and `npm run import -- --keep-ids` stored articles without,
 * so their first edit left only the edited text in the history.
 *
 * For each article without a 'create' revision the original is, in this order: the article row its
 * 'create' audit row kept, the row before its earliest recorded change, or (never changed) the
 * article as it is. The revision carries that row's version and creation time, and the name the
 * audit trail gives its author (if there is one).
 */
export async function up(db: Kysely<any>, _dialect: Dialect): Promise<void> {
  let after = 0;
  for (;;) {
    const articles = (await db
      .selectFrom('articles as a')
      .selectAll('a')
      .where('a.id', '>', after)
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom('article_revisions as r')
              .select(sql`1`.as('one'))
              .whereRef('r.article_id', '=', 'a.id')
              .where('r.action', '=', 'create'),
          ),
        ),
      )
      .orderBy('a.id', 'asc')
      .limit(BATCH)
      .execute()) as Row[];
    if (articles.length === 0) return;
    after = Number(articles[articles.length - 1]!.id);
    const ids = articles.map((a) => Number(a.id));
    // The earliest article change of each (share rows carry no article row).
    const trail = (await db
      .selectFrom('audit_log')
      .select(['article_id', 'action', 'actor_subject', 'actor_name', 'before', 'after', 'id'])
      .where('article_id', 'in', ids)
      .where('action', 'not like', 'share-%')
      .orderBy('id', 'asc')
      .execute()) as Row[];
    const first = new Map<number, Row>();
    for (const t of trail) if (!first.has(Number(t.article_id))) first.set(Number(t.article_id), t);
    const rows = articles.map((current) => {
      const t = first.get(Number(current.id));
      const original = (t && (t.action === 'create' ? parse(t.after) : parse(t.before))) ?? current;
      const snapshot = snapshotOf({ ...original, id: current.id });
      return {
        article_id: Number(current.id),
        version: snapshot.version,
        action: 'create',
        editor_subject: t ? text(t.actor_subject) : 'backfill',
        editor_name: t ? text(t.actor_name) : '',
        at: snapshot.createdAt || text(current.created_at),
        changed_fields: '[]',
        snapshot: JSON.stringify(snapshot),
        image_id: uploadedImageId(snapshot.imageUrl) ?? null,
      };
    });
    await db.insertInto('article_revisions').values(rows).execute();
  }
}
