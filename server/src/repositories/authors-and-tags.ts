import { sql, type Kysely, type Transaction } from 'kysely';
import { joinByline } from '../../../common/byline.ts';
import type { AdminAuthor, AdminTag, NamedRef } from '../../../common/admin-contract.ts';
import { uploadedImageId } from '../../../common/images.ts';
import { slugify } from '../../../common/slug.ts';
import type { Dialect } from '../db/index.ts';
import type { ArticleRow, AuthorRow, Database, TagRow } from '../db/schema.ts';
import type { NameRef } from '../domain/article-input.ts';
import { writeRecordAudit, type Actor, type AuditedRecord } from './audit-log.ts';
import { keysetPage, type KeysetPage, type PageRequest } from './keyset-page.ts';
import { NEWS_LIST_COLUMNS, type ListRow } from './public-columns.ts';
import { PUBLISHED } from './published-articles.ts';

/**
 * Authors and tags (migration 037, decision 034): the records, the article links, the byline's
 * display string kept in `articles.author`, renames with old-slug redirects, and the public reads
 * of the author and tag pages, their feeds and the sitemap.
 */

/** A write named an author or a tag id that does not exist (400 for the field). */
export class UnknownReference extends Error {
  constructor(
    readonly field: 'authors' | 'tags',
    message: string,
  ) {
    super(message);
  }
}

export type Kind = 'authors' | 'tags';

export interface ArticleLinks {
  authors: NamedRef[];
  tags: NamedRef[];
}

type Db = Kysely<Database>;

const toRef = (row: { id: number; name: string; slug: string }): NamedRef => ({
  id: Number(row.id),
  name: row.name,
  slug: row.slug,
});

/**
 * Row locks (PostgreSQL). Editorial writes run side by side there: a save holds the records it names
 * (FOR SHARE) until it commits, and a merge, a deletion or an author's rename takes its records (FOR
 * UPDATE) before it reads them. So a save never links a record that a merge has just removed, a merge
 * never misses a link that a save is adding, and a byline is never written with a name being changed.
 * Locks are taken in id order, and a record's articles before the record (a save locks its article
 * before the records it names; an author's merge or rename writes the bylines of their articles; a
 * change of an article's publication time writes its links' copy of it, migration 041), so no two
 * writers wait for each other. SQLite runs one write transaction at a time and needs none.
 */
const rowLocks = (dialect: Dialect) => dialect === 'postgres';

/** The records the references name, in order, without repeats; names not known yet are created. */
async function resolveOnce(trx: Db, kind: Kind, refs: readonly NameRef[], now: string): Promise<NamedRef[]> {
  const out: NamedRef[] = [];
  const seen = new Set<number>();
  for (const ref of refs) {
    let row: { id: number; name: string; slug: string } | undefined;
    if ('id' in ref) {
      row = await trx.selectFrom(kind).select(['id', 'name', 'slug']).where('id', '=', ref.id).executeTakeFirst();
      if (!row) throw new UnknownReference(kind, `${kind === 'authors' ? 'author' : 'tag'} ${ref.id} does not exist`);
    } else {
      const slug = slugify(ref.name);
      row = await trx.selectFrom(kind).select(['id', 'name', 'slug']).where('slug', '=', slug).executeTakeFirst();
      if (!row) {
        // A concurrent writer may create the same name: the unique slug keeps one, both use it.
        await trx
          .insertInto(kind)
          .values({ name: ref.name, slug, created_at: now, updated_at: now })
          .onConflict((oc) => oc.column('slug').doNothing())
          .execute();
        await releaseSlug(trx, kind, slug);
        row = await trx
          .selectFrom(kind)
          .select(['id', 'name', 'slug'])
          .where('slug', '=', slug)
          .executeTakeFirstOrThrow();
      }
    }
    const id = Number(row.id);
    if (seen.has(id)) continue;
    seen.add(id);
    out.push(toRef(row));
  }
  return out;
}

/**
 * The records the references name, held until the write commits (see rowLocks). A record merged or
 * deleted by a transaction that committed meanwhile is looked up again: an id is then unknown, a name
 * is matched or created as it would be after the merge.
 */
async function resolve(trx: Db, kind: Kind, refs: readonly NameRef[], now: string, dialect: Dialect) {
  for (;;) {
    const found = await resolveOnce(trx, kind, refs, now);
    if (!rowLocks(dialect) || found.length === 0) return found;
    const held = await trx
      .selectFrom(kind)
      .select(['id', 'name', 'slug'])
      .where(
        'id',
        'in',
        found.map((r) => r.id),
      )
      .orderBy('id')
      .forShare()
      .execute();
    // Read again under the lock: a rename that committed meanwhile gives the byline its new name.
    const byId = new Map(held.map((row) => [Number(row.id), toRef(row)]));
    if (byId.size === found.length) return found.map((r) => byId.get(r.id)!);
  }
}

/**
 * Locks records before a merge, deletion or rename changes them (see rowLocks), their articles first.
 */
async function lockForChange(trx: Db, kind: Kind, ids: readonly number[], dialect: Dialect): Promise<void> {
  if (!rowLocks(dialect)) return;
  const { table, column } = LINKS[kind];
  const theirs = trx
    .selectFrom(table)
    .select('article_id')
    .where(column, 'in', [...ids]);
  await trx.selectFrom('articles').select('id').where('id', 'in', theirs).orderBy('id').forUpdate().execute();
  await trx
    .selectFrom(kind)
    .select('id')
    .where('id', 'in', [...ids])
    .orderBy('id')
    .forUpdate()
    .execute();
}

/** The old slug of a record leads to record `id` from now on (a rename, a merge). */
async function keepRedirect(trx: Db, kind: Kind, oldSlug: string, id: number, now: string): Promise<void> {
  if (kind === 'authors') {
    await trx
      .insertInto('author_slug_redirects')
      .values({ old_slug: oldSlug, author_id: id, created_at: now })
      .onConflict((oc) => oc.column('old_slug').doUpdateSet({ author_id: id, created_at: now }))
      .execute();
  } else {
    await trx
      .insertInto('tag_slug_redirects')
      .values({ old_slug: oldSlug, tag_id: id, created_at: now })
      .onConflict((oc) => oc.column('old_slug').doUpdateSet({ tag_id: id, created_at: now }))
      .execute();
  }
}

/** A slug in use is that record's own: no redirect may lead away from it. */
async function releaseSlug(trx: Db, kind: Kind, slug: string): Promise<void> {
  if (kind === 'authors') await trx.deleteFrom('author_slug_redirects').where('old_slug', '=', slug).execute();
  else await trx.deleteFrom('tag_slug_redirects').where('old_slug', '=', slug).execute();
}

export interface ResolvedLinks {
  authors?: NamedRef[];
  tags?: NamedRef[];
}

/**
 * The records a write names (inside its transaction): names are matched by slug or created, ids
 * must exist (else UnknownReference). Left out: left out.
 */
export async function resolveLinks(
  trx: Transaction<Database>,
  links: { authors?: readonly NameRef[]; tags?: readonly NameRef[] },
  now: string,
  dialect: Dialect,
): Promise<ResolvedLinks> {
  return {
    ...(links.authors ? { authors: await resolve(trx, 'authors', links.authors, now, dialect) } : {}),
    ...(links.tags ? { tags: await resolve(trx, 'tags', links.tags, now, dialect) } : {}),
  };
}

/** The byline as one display string, from the authors in order. */
export const bylineOf = (authors: readonly NamedRef[]) => joinByline(authors.map((a) => a.name));

/** Stores an article's authors and tags (those given), replacing what it had. */
export async function storeLinks(trx: Transaction<Database>, articleId: number, links: ResolvedLinks): Promise<void> {
  if (links.authors) {
    await trx.deleteFrom('article_authors').where('article_id', '=', articleId).execute();
    if (links.authors.length > 0) {
      await trx
        .insertInto('article_authors')
        .values(links.authors.map((a, position) => ({ article_id: articleId, author_id: a.id, position })))
        .execute();
    }
  }
  if (links.tags) {
    await trx.deleteFrom('article_tags').where('article_id', '=', articleId).execute();
    if (links.tags.length > 0) {
      await trx
        .insertInto('article_tags')
        .values(links.tags.map((t, position) => ({ article_id: articleId, tag_id: t.id, position })))
        .execute();
    }
  }
}

/** The authors and tags of these articles, in order (articles without any: empty lists). */
export async function articleLinks(db: Db, articleIds: readonly number[]): Promise<Map<number, ArticleLinks>> {
  const map = new Map<number, ArticleLinks>(articleIds.map((id) => [id, { authors: [], tags: [] }]));
  if (articleIds.length === 0) return map;
  const ids = [...articleIds];
  // One statement for both lists (a round trip less inside every editorial write).
  const rows = await db
    .selectFrom('article_authors')
    .innerJoin('authors', 'authors.id', 'article_authors.author_id')
    .select((eb) => [
      'article_authors.article_id',
      eb.val('a').as('kind'),
      'authors.id',
      'authors.name',
      'authors.slug',
      'article_authors.position',
    ])
    .where('article_authors.article_id', 'in', ids)
    .unionAll(
      db
        .selectFrom('article_tags')
        .innerJoin('tags', 'tags.id', 'article_tags.tag_id')
        .select((eb) => [
          'article_tags.article_id',
          eb.val('t').as('kind'),
          'tags.id',
          'tags.name',
          'tags.slug',
          'article_tags.position',
        ])
        .where('article_tags.article_id', 'in', ids),
    )
    .execute();
  rows.sort((x, y) => Number(x.position) - Number(y.position));
  for (const row of rows) {
    const links = map.get(Number(row.article_id));
    if (links) (row.kind === 'a' ? links.authors : links.tags).push(toRef(row));
  }
  return map;
}

/** Removes the links of articles deleted for good (inside the purge's transaction). */
export async function deleteArticleLinks(trx: Transaction<Database>, articleIds: readonly number[]): Promise<void> {
  if (articleIds.length === 0) return;
  await trx
    .deleteFrom('article_authors')
    .where('article_id', 'in', [...articleIds])
    .execute();
  await trx
    .deleteFrom('article_tags')
    .where('article_id', 'in', [...articleIds])
    .execute();
}

export function toAdminAuthor(row: AuthorRow, articleCount?: number): AdminAuthor {
  return {
    id: Number(row.id),
    name: row.name,
    slug: row.slug,
    bio: row.bio,
    photoUrl: row.photo_url,
    xHandle: row.x_handle,
    ...(articleCount !== undefined ? { articleCount } : {}),
  };
}

export function toAdminTag(row: TagRow, articleCount?: number): AdminTag {
  return {
    id: Number(row.id),
    name: row.name,
    slug: row.slug,
    ...(articleCount !== undefined ? { articleCount } : {}),
  };
}

/**
 * The link and redirect tables of each kind. The two link tables have the same shape (article_id,
 * the record's id, position), as have the two redirect tables (old_slug, the record's id,
 * created_at): one rule serves both kinds.
 */
const LINKS = {
  authors: { table: 'article_authors', column: 'author_id', redirects: 'author_slug_redirects' },
  tags: { table: 'article_tags', column: 'tag_id', redirects: 'tag_slug_redirects' },
} as const;

/** A public list item's columns, read through a link table joined to `articles`. */
const LINKED_LIST_COLUMNS = NEWS_LIST_COLUMNS.map((c) => `articles.${c}` as const);

const noun = (kind: Kind) => (kind === 'authors' ? 'author' : 'tag');

/** An edit's audit row, unless nothing changed. */
async function auditEdit(
  trx: Transaction<Database>,
  action: 'author-edit' | 'tag-edit',
  actor: Actor,
  at: string,
  before: AuditedRecord,
  after: AuditedRecord,
): Promise<void> {
  // Both views come from one function: the same fields in the same order.
  if (JSON.stringify(before) !== JSON.stringify(after))
    await writeRecordAudit(trx, { action, actor, at, before, after });
}

/** A merge or deletion refused: no such record, or (deleting an author) still named on articles. */
export type RecordRemoval<T> =
  | { ok: true; value: T }
  | { ok: false; reason: 'not-found'; which: 'record' | 'target' }
  | { ok: false; reason: 'in-use'; articles: number };

/** How many articles name each of these records (drafts, scheduled stories and the trash included). */
async function articleCounts(db: Db, kind: Kind, ids: readonly number[]): Promise<Map<number, number>> {
  if (ids.length === 0) return new Map();
  const { table, column } = LINKS[kind];
  const rows = await db
    .selectFrom(table)
    .select((eb) => [eb.ref(column).as('id'), eb.fn.countAll<number | string>().as('n')])
    .where(column, 'in', [...ids])
    .groupBy(column)
    .execute();
  return new Map(rows.map((r) => [Number(r.id), Number(r.n)]));
}

const articleCount = async (db: Db, kind: Kind, id: number) => (await articleCounts(db, kind, [id])).get(id) ?? 0;

export interface AuthorFields {
  name?: string;
  bio?: string;
  /** null: no photo. */
  photoUrl?: string | null;
  /** Without '@'; null: none. */
  xHandle?: string | null;
}

/**
 * A rename, an edit, a merge or a deletion of an author or a tag, for the hook that runs in its
 * transaction after its audit row (IndexNow, decision 045).
 */
export interface RecordChange {
  kind: Kind;
  /** The record as it was. */
  before: AdminAuthor | AdminTag;
  /** As it is now; a merge: the record merged into; null: deleted. */
  after: AdminAuthor | AdminTag | null;
  /** The articles that named it before the change (read before the change; drafts and the Trash too). */
  articles: Pick<ArticleRow, 'id' | 'slug' | 'published_at' | 'deleted_at'>[];
  /**
   * The slugs it had before its last rename, read before the change: their addresses answered 301 to
   * `before.slug`; after a rename they lead to the new slug, after a merge to the record merged into,
   * after a deletion nowhere (404).
   */
  formerSlugs: string[];
}

export type RecordChangeHook = (trx: Transaction<Database>, change: RecordChange) => Promise<void>;

export type RecordWrite<T> = { ok: true; value: T } | { ok: false; reason: 'not-found' | 'duplicate'; slug?: string };

/** LIKE's wildcards taken literally ('!' is the escape character). */
const escapeLike = (text: string) => text.replace(/[!%_]/g, (c) => `!${c}`);

export class AuthorsAndTagsRepository {
  constructor(
    private readonly db: Db,
    private readonly dialect: Dialect,
    /** Told of every rename, edit, merge and deletion, in its transaction (IndexNow: the admin routes). */
    private readonly onRecordChanged?: RecordChangeHook,
  ) {}

  /** The articles naming a record, for the hook (read only when there is one): one statement. */
  async #namedBy(trx: Transaction<Database>, kind: Kind, id: number): Promise<RecordChange['articles']> {
    if (!this.onRecordChanged) return [];
    const { table, column } = LINKS[kind];
    return trx
      .selectFrom(table)
      .innerJoin('articles', 'articles.id', `${table}.article_id`)
      .select(['articles.id', 'articles.slug', 'articles.published_at', 'articles.deleted_at'])
      .where(sql.ref(`${table}.${column}`), '=', id)
      .execute();
  }

  /** A record's slugs before its last rename (its redirects), for the hook (only when there is one): one statement. */
  async #formerSlugs(trx: Transaction<Database>, kind: Kind, id: number): Promise<string[]> {
    if (!this.onRecordChanged) return [];
    const { redirects, column } = LINKS[kind];
    const rows = await trx
      .selectFrom(redirects)
      .select('old_slug')
      .where(sql.ref(column), '=', id)
      .orderBy('old_slug')
      .execute();
    return rows.map((r) => r.old_slug);
  }

  /** Authors whose name contains `q` (case-insensitive), by name; every author when `q` is empty. */
  async searchAuthors(q: string, limit: number): Promise<AdminAuthor[]> {
    let query = this.db.selectFrom('authors').selectAll();
    if (q) query = query.where((eb) => eb(eb.fn('lower', ['name']), 'like', `%${escapeLike(q.toLowerCase())}%`));
    const rows = await query.orderBy('name').orderBy('id').limit(limit).execute();
    const counts = await articleCounts(
      this.db,
      'authors',
      rows.map((r) => Number(r.id)),
    );
    return rows.map((r) => toAdminAuthor(r, counts.get(Number(r.id)) ?? 0));
  }

  async searchTags(q: string, limit: number): Promise<AdminTag[]> {
    let query = this.db.selectFrom('tags').selectAll();
    if (q) query = query.where((eb) => eb(eb.fn('lower', ['name']), 'like', `%${escapeLike(q.toLowerCase())}%`));
    const rows = await query.orderBy('name').orderBy('id').limit(limit).execute();
    const counts = await articleCounts(
      this.db,
      'tags',
      rows.map((r) => Number(r.id)),
    );
    return rows.map((r) => toAdminTag(r, counts.get(Number(r.id)) ?? 0));
  }

  async getAuthor(id: number): Promise<AdminAuthor | undefined> {
    const row = await this.db.selectFrom('authors').selectAll().where('id', '=', id).executeTakeFirst();
    return row ? toAdminAuthor(row) : undefined;
  }

  async getTag(id: number): Promise<AdminTag | undefined> {
    const row = await this.db.selectFrom('tags').selectAll().where('id', '=', id).executeTakeFirst();
    return row ? toAdminTag(row) : undefined;
  }

  /** A new author; a name whose slug another author has is refused ('duplicate'). */
  createAuthor(fields: AuthorFields & { name: string }, actor: Actor, now = new Date().toISOString()) {
    return this.db.transaction().execute(async (trx): Promise<RecordWrite<AdminAuthor>> => {
      const slug = slugify(fields.name);
      const taken = await trx.selectFrom('authors').select('id').where('slug', '=', slug).executeTakeFirst();
      if (taken) return { ok: false, reason: 'duplicate', slug };
      const row = await trx
        .insertInto('authors')
        .values({
          name: fields.name,
          slug,
          bio: fields.bio ?? '',
          photo_url: fields.photoUrl ?? null,
          photo_image_id: uploadedImageId(fields.photoUrl ?? '') ?? null,
          x_handle: fields.xHandle ?? null,
          created_at: now,
          updated_at: now,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      await releaseSlug(trx, 'authors', slug);
      const value = toAdminAuthor(row as AuthorRow);
      await writeRecordAudit(trx, { action: 'author-create', actor, at: now, before: null, after: value });
      return { ok: true, value };
    });
  }

  createTag(name: string, actor: Actor, now = new Date().toISOString()) {
    return this.db.transaction().execute(async (trx): Promise<RecordWrite<AdminTag>> => {
      const slug = slugify(name);
      const taken = await trx.selectFrom('tags').select('id').where('slug', '=', slug).executeTakeFirst();
      if (taken) return { ok: false, reason: 'duplicate', slug };
      const row = await trx
        .insertInto('tags')
        .values({ name, slug, created_at: now, updated_at: now })
        .returningAll()
        .executeTakeFirstOrThrow();
      await releaseSlug(trx, 'tags', slug);
      const value = toAdminTag(row as TagRow);
      await writeRecordAudit(trx, { action: 'tag-create', actor, at: now, before: null, after: value });
      return { ok: true, value };
    });
  }

  /**
   * Changes an author. A new name that gives a new slug moves the page: the old slug becomes a
   * redirect (301) and the bylines of the author's articles are written again with the new name.
   */
  updateAuthor(id: number, fields: AuthorFields, actor: Actor, now = new Date().toISOString()) {
    return this.db.transaction().execute(async (trx): Promise<RecordWrite<AdminAuthor>> => {
      await lockForChange(trx, 'authors', [id], this.dialect);
      const before = await trx.selectFrom('authors').selectAll().where('id', '=', id).executeTakeFirst();
      if (!before) return { ok: false, reason: 'not-found' };
      const articles = await this.#namedBy(trx, 'authors', id);
      const formerSlugs = await this.#formerSlugs(trx, 'authors', id);
      const name = fields.name ?? before.name;
      const slug = fields.name !== undefined ? slugify(name) : before.slug;
      if (slug !== before.slug) {
        const taken = await trx.selectFrom('authors').select('id').where('slug', '=', slug).executeTakeFirst();
        if (taken) return { ok: false, reason: 'duplicate', slug };
      }
      const row = await trx
        .updateTable('authors')
        .set({
          name,
          slug,
          ...(fields.bio !== undefined ? { bio: fields.bio } : {}),
          ...(fields.photoUrl !== undefined
            ? { photo_url: fields.photoUrl, photo_image_id: uploadedImageId(fields.photoUrl ?? '') ?? null }
            : {}),
          ...(fields.xHandle !== undefined ? { x_handle: fields.xHandle } : {}),
          updated_at: now,
        })
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirstOrThrow();
      if (slug !== before.slug) {
        await releaseSlug(trx, 'authors', slug);
        await keepRedirect(trx, 'authors', before.slug, id, now);
      }
      if (name !== before.name) await this.rewriteBylines(trx, id);
      const value = toAdminAuthor(row as AuthorRow);
      await auditEdit(trx, 'author-edit', actor, now, toAdminAuthor(before), value);
      await this.onRecordChanged?.(trx, {
        kind: 'authors',
        before: toAdminAuthor(before),
        after: value,
        articles,
        formerSlugs,
      });
      return { ok: true, value };
    });
  }

  /** Renames a tag; a new slug keeps the old one as a redirect. */
  updateTag(id: number, name: string, actor: Actor, now = new Date().toISOString()) {
    return this.db.transaction().execute(async (trx): Promise<RecordWrite<AdminTag>> => {
      const before = await trx.selectFrom('tags').selectAll().where('id', '=', id).executeTakeFirst();
      if (!before) return { ok: false, reason: 'not-found' };
      const articles = await this.#namedBy(trx, 'tags', id);
      const formerSlugs = await this.#formerSlugs(trx, 'tags', id);
      const slug = slugify(name);
      if (slug !== before.slug) {
        const taken = await trx.selectFrom('tags').select('id').where('slug', '=', slug).executeTakeFirst();
        if (taken) return { ok: false, reason: 'duplicate', slug };
      }
      const row = await trx
        .updateTable('tags')
        .set({ name, slug, updated_at: now })
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirstOrThrow();
      if (slug !== before.slug) {
        await releaseSlug(trx, 'tags', slug);
        await keepRedirect(trx, 'tags', before.slug, id, now);
      }
      const value = toAdminTag(row as TagRow);
      await auditEdit(trx, 'tag-edit', actor, now, toAdminTag(before), value);
      await this.onRecordChanged?.(trx, {
        kind: 'tags',
        before: toAdminTag(before),
        after: value,
        articles,
        formerSlugs,
      });
      return { ok: true, value };
    });
  }

  /**
   * Merges one author or tag into another: every article that named `id` names `intoId` in its
   * place (an article that named both keeps one), the old address and the addresses it had before
   * lead to `intoId`'s page, and the record is removed. Authors' bylines are written again. Answers
   * the record merged into, with its article count.
   */
  merge(kind: 'authors', id: number, intoId: number, actor: Actor, now?: string): Promise<RecordRemoval<AdminAuthor>>;
  merge(kind: 'tags', id: number, intoId: number, actor: Actor, now?: string): Promise<RecordRemoval<AdminTag>>;
  merge(kind: Kind, id: number, intoId: number, actor: Actor, now = new Date().toISOString()) {
    return this.db.transaction().execute(async (trx): Promise<RecordRemoval<AdminAuthor | AdminTag>> => {
      const { table, column, redirects } = LINKS[kind];
      await lockForChange(trx, kind, [id, intoId], this.dialect);
      const source = await this.#withCount(trx, kind, id);
      if (!source) return { ok: false, reason: 'not-found', which: 'record' };
      const target = await trx.selectFrom(kind).select('id').where('id', '=', intoId).executeTakeFirst();
      if (!target) return { ok: false, reason: 'not-found', which: 'target' };
      const articles = await this.#namedBy(trx, kind, id);
      const formerSlugs = await this.#formerSlugs(trx, kind, id);
      const both = trx.selectFrom(table).select('article_id').where(column, '=', intoId);
      await trx.deleteFrom(table).where(column, '=', id).where('article_id', 'in', both).execute();
      await trx.updateTable(table).set(column, intoId).where(column, '=', id).execute();
      await trx.updateTable(redirects).set(column, intoId).where(column, '=', id).execute();
      await keepRedirect(trx, kind, source.slug, intoId, now);
      await trx.deleteFrom(kind).where('id', '=', id).execute();
      if (kind === 'authors') await this.rewriteBylines(trx, intoId);
      const value = (await this.#withCount(trx, kind, intoId))!;
      await writeRecordAudit(trx, { action: `${noun(kind)}-merge`, actor, at: now, before: source, after: value });
      await this.onRecordChanged?.(trx, { kind, before: source, after: value, articles, formerSlugs });
      return { ok: true, value };
    });
  }

  /**
   * Deletes an author or a tag and the addresses that led to it (its page then answers 404). A tag
   * is taken off its articles; an author still named on an article is refused ('in-use'): a byline
   * is not emptied behind its story's back, the author is merged into another instead.
   */
  remove(
    kind: Kind,
    id: number,
    actor: Actor,
    now = new Date().toISOString(),
  ): Promise<RecordRemoval<{ articles: number }>> {
    return this.db.transaction().execute(async (trx): Promise<RecordRemoval<{ articles: number }>> => {
      const { table, column, redirects } = LINKS[kind];
      await lockForChange(trx, kind, [id], this.dialect);
      const record = await this.#withCount(trx, kind, id);
      if (!record) return { ok: false, reason: 'not-found', which: 'record' };
      const articles = record.articleCount!;
      if (kind === 'authors' && articles > 0) return { ok: false, reason: 'in-use', articles };
      const named = await this.#namedBy(trx, kind, id);
      const formerSlugs = await this.#formerSlugs(trx, kind, id);
      await trx.deleteFrom(table).where(column, '=', id).execute();
      await trx.deleteFrom(redirects).where(column, '=', id).execute();
      await trx.deleteFrom(kind).where('id', '=', id).execute();
      await writeRecordAudit(trx, { action: `${noun(kind)}-delete`, actor, at: now, before: record, after: null });
      await this.onRecordChanged?.(trx, { kind, before: record, after: null, articles: named, formerSlugs });
      return { ok: true, value: { articles } };
    });
  }

  /** The record with the number of articles that name it; undefined when there is none. */
  async #withCount(trx: Transaction<Database>, kind: Kind, id: number): Promise<AdminAuthor | AdminTag | undefined> {
    if (kind === 'authors') {
      const row = await trx.selectFrom('authors').selectAll().where('id', '=', id).executeTakeFirst();
      return row && toAdminAuthor(row, await articleCount(trx, kind, id));
    }
    const row = await trx.selectFrom('tags').selectAll().where('id', '=', id).executeTakeFirst();
    return row && toAdminTag(row, await articleCount(trx, kind, id));
  }

  /**
   * The records an old version of an article named, as they are now (restoring a revision): a record
   * that still exists by its id, one merged away by the record it was merged into (its address
   * leads there), one deleted by its name (matched by slug, or created again as it was).
   */
  async currentRefs(kind: Kind, refs: readonly NamedRef[]): Promise<NameRef[]> {
    if (refs.length === 0) return [];
    const ids = refs.map((r) => r.id);
    const existing = new Set(
      (await this.db.selectFrom(kind).select('id').where('id', 'in', ids).execute()).map((r) => Number(r.id)),
    );
    const out: NameRef[] = [];
    for (const ref of refs) {
      if (existing.has(ref.id)) {
        out.push({ id: ref.id });
        continue;
      }
      const movedTo = await this.redirectFor(kind, ref.slug);
      const moved = movedTo
        ? await this.db.selectFrom(kind).select('id').where('slug', '=', movedTo).executeTakeFirst()
        : undefined;
      out.push(moved ? { id: Number(moved.id) } : { name: ref.name });
    }
    return out;
  }

  /** The display byline of every article of an author, written again from the records. */
  private async rewriteBylines(trx: Transaction<Database>, authorId: number): Promise<void> {
    const articles = await trx
      .selectFrom('article_authors')
      .select('article_id')
      .where('author_id', '=', authorId)
      .execute();
    for (const { article_id } of articles) {
      const names = await trx
        .selectFrom('article_authors')
        .innerJoin('authors', 'authors.id', 'article_authors.author_id')
        .select('authors.name')
        .where('article_authors.article_id', '=', article_id)
        .orderBy('article_authors.position')
        .execute();
      await trx
        .updateTable('articles')
        .set({ author: joinByline(names.map((n) => n.name)) })
        .where('id', '=', article_id)
        .execute();
    }
  }

  // ---- public reads ----

  async authorBySlug(slug: string): Promise<AuthorRow | undefined> {
    return this.db.selectFrom('authors').selectAll().where('slug', '=', slug).executeTakeFirst();
  }

  async tagBySlug(slug: string): Promise<TagRow | undefined> {
    return this.db.selectFrom('tags').selectAll().where('slug', '=', slug).executeTakeFirst();
  }

  /** Where an old slug of a renamed author or tag leads now (undefined: nowhere, or a record has that slug today). */
  async redirectFor(kind: Kind, oldSlug: string): Promise<string | undefined> {
    const row =
      kind === 'authors'
        ? await this.db
            .selectFrom('author_slug_redirects')
            .innerJoin('authors', 'authors.id', 'author_slug_redirects.author_id')
            .select('authors.slug')
            .where('author_slug_redirects.old_slug', '=', oldSlug)
            .executeTakeFirst()
        : await this.db
            .selectFrom('tag_slug_redirects')
            .innerJoin('tags', 'tags.id', 'tag_slug_redirects.tag_id')
            .select('tags.slug')
            .where('tag_slug_redirects.old_slug', '=', oldSlug)
            .executeTakeFirst();
    return row && row.slug !== oldSlug ? row.slug : undefined;
  }

  /**
   * The published stories of an author or tag, read from its links: their copy of the article's
   * published_at (migration 041) keeps them in the order of the index (record, published_at, article_id).
   */
  #stories(kind: Kind, id: number) {
    const { table, column } = LINKS[kind];
    return this.db
      .selectFrom(table)
      .innerJoin('articles', 'articles.id', `${table}.article_id`)
      .select(LINKED_LIST_COLUMNS)
      .where(sql.ref(`${table}.${column}`), '=', id)
      .where(`${table}.published_at`, 'is not', null)
      .where(PUBLISHED);
  }

  /** One keyset page of the published stories of an author or tag, newest first (keyset-page.ts). */
  stories(kind: Kind, id: number, request: PageRequest): Promise<KeysetPage<ListRow>> {
    const { table } = LINKS[kind];
    return keysetPage(
      () => this.#stories(kind, id),
      { publishedAt: `${table}.published_at`, id: `${table}.article_id` },
      request,
    );
  }

  /** The newest published stories of an author or tag with their content (the feeds). */
  async latestWithContent(
    kind: Kind,
    id: number,
    count: number,
  ): Promise<(ListRow & { content: string; body: string })[]> {
    const { table } = LINKS[kind];
    return this.#stories(kind, id)
      .select(['articles.content', 'articles.body'])
      .orderBy(sql.ref(`${table}.published_at`), 'desc')
      .orderBy(sql.ref(`${table}.article_id`), 'desc')
      .limit(count)
      .execute();
  }

  /** Authors or tags with at least one published story: slug and the newest story's time (sitemaps). */
  async withStories(kind: Kind): Promise<{ slug: string; lastmod: string | null }[]> {
    const rows =
      kind === 'authors'
        ? await this.db
            .selectFrom('authors')
            .innerJoin('article_authors', 'article_authors.author_id', 'authors.id')
            .innerJoin('articles', 'articles.id', 'article_authors.article_id')
            .select((eb) => ['authors.slug', eb.fn.max('articles.published_at').as('lastmod')])
            .where('articles.published_at', 'is not', null)
            .groupBy('authors.slug')
            .orderBy('authors.slug')
            .execute()
        : await this.db
            .selectFrom('tags')
            .innerJoin('article_tags', 'article_tags.tag_id', 'tags.id')
            .innerJoin('articles', 'articles.id', 'article_tags.article_id')
            .select((eb) => ['tags.slug', eb.fn.max('articles.published_at').as('lastmod')])
            .where('articles.published_at', 'is not', null)
            .groupBy('tags.slug')
            .orderBy('tags.slug')
            .execute();
    return rows.map((r) => ({ slug: r.slug, lastmod: (r.lastmod as string | null) ?? null }));
  }
}
