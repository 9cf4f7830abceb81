import type { Insertable, Transaction } from 'kysely';
import { uploadedImageId } from '../../../common/images.ts';
import { parseStoredBody } from '../../../common/body/stored.ts';
import type { AdminArticle, ArticleRevision, ArticleRevisionSummary } from '../../../common/admin-contract.ts';
import type { Kysely } from 'kysely';
import type { Database, RevisionRow } from '../db/schema.ts';
import type { ArticleRevisionsTable } from '../db/schema/article-revisions.ts';
import type { Actor } from './audit-log.ts';

/** The fields whose change a revision records (bookkeeping fields left out). */
const TRACKED: readonly (keyof AdminArticle)[] = [
  'headline',
  'slug',
  'summary',
  'body',
  'content',
  'author',
  'categoryId',
  'source',
  'editorName',
  'ratingOutOfTen',
  'comments',
  'imageUrl',
  'imageAlt',
  'imageCaption',
  'imageCredit',
  'originalUrl',
  'metaTitle',
  'metaDescription',
  'isBreaking',
  'publishedAt',
  'status',
  'publishAt',
  'deletedAt',
];

/** Names of the tracked fields that differ between two states of an article. */
export function changedFields(before: AdminArticle, after: AdminArticle): string[] {
  const ids = (list: AdminArticle['tags']) => (list ?? []).map((r) => r.id).join(',');
  return [
    ...TRACKED.filter((f) =>
      f === 'body' ? JSON.stringify(before.body) !== JSON.stringify(after.body) : before[f] !== after[f],
    ),
    // A byline that had no author records yet (written before them, or by plain SQL) gets them on its
    // first save: not a change of authors unless the byline itself changed (then `author` says so).
    ...(['authors', 'tags'] as const).filter(
      (f) => ids(before[f]) !== ids(after[f]) && (f === 'tags' || (before.authors?.length ?? 0) > 0),
    ),
  ];
}

export interface RevisionInput {
  action: string;
  actor: Actor;
  at: string;
  /** The article after the change. */
  article: AdminArticle;
  changed: string[];
  /** Saved by the edit form on its own (an autosave of a draft). */
  autosave?: boolean;
}

/** The row of one revision. */
export function revisionRow(r: RevisionInput): Insertable<ArticleRevisionsTable> {
  return {
    article_id: r.article.id,
    version: r.article.version,
    action: r.action,
    editor_subject: r.actor.subject,
    editor_name: r.actor.name,
    at: r.at,
    changed_fields: JSON.stringify(r.changed),
    snapshot: JSON.stringify(r.article),
    image_id: uploadedImageId(r.article.imageUrl) ?? null,
    // Only when set: the column's default (0) covers every other revision.
    ...(r.autosave ? { autosave: 1 } : {}),
  };
}

/** Keeps one revision; call it inside the transaction that makes the change. */
export async function writeRevision(trx: Transaction<Database>, r: RevisionInput): Promise<void> {
  await trx.insertInto('article_revisions').values(revisionRow(r)).execute();
}

/**
 * The original of each new article as its first revision ('create'), in one INSERT per 500; call it
 * inside the transaction that stores the articles (the demo seed, an import with its own ids).
 */
export async function writeFirstRevisions(
  trx: Transaction<Database>,
  articles: AdminArticle[],
  actor: Actor,
  at: string,
): Promise<void> {
  for (let i = 0; i < articles.length; i += 500) {
    const rows = articles
      .slice(i, i + 500)
      .map((article) => revisionRow({ action: 'create', actor, at, article, changed: [] }));
    await trx.insertInto('article_revisions').values(rows).execute();
  }
}

function toSummary(row: Omit<RevisionRow, 'snapshot' | 'image_id'>): ArticleRevisionSummary {
  return {
    id: Number(row.id),
    articleId: Number(row.article_id),
    version: Number(row.version),
    action: row.action,
    editorName: row.editor_name,
    at: row.at,
    changedFields: JSON.parse(row.changed_fields) as string[],
    autosave: Number(row.autosave) === 1,
  };
}

/** An article's revisions, newest version first (without their snapshots). */
export async function listRevisions(db: Kysely<Database>, articleId: number): Promise<ArticleRevisionSummary[]> {
  const rows = await db
    .selectFrom('article_revisions')
    .select([
      'id',
      'article_id',
      'version',
      'action',
      'editor_subject',
      'editor_name',
      'at',
      'changed_fields',
      'autosave',
    ])
    .where('article_id', '=', articleId)
    // By version: a first revision written later (the backfill of migration 032) still comes last.
    .orderBy('version', 'desc')
    .orderBy('id', 'desc')
    .execute();
  return rows.map(toSummary);
}

/** One revision of one article, with its snapshot. */
export async function getRevision(
  db: Kysely<Database>,
  articleId: number,
  revisionId: number,
): Promise<ArticleRevision | undefined> {
  const row = await db
    .selectFrom('article_revisions')
    .selectAll()
    .where('article_id', '=', articleId)
    .where('id', '=', revisionId)
    .executeTakeFirst();
  if (!row) return undefined;
  const snapshot = JSON.parse(row.snapshot) as AdminArticle;
  // Snapshots converted by migration 035 carry the body; any other gets it from its plain text.
  snapshot.body = parseStoredBody(snapshot.body, snapshot.content ?? '');
  return { ...toSummary(row), snapshot };
}
