import { sql, type Kysely, type SqlBool, type Transaction } from 'kysely';
import { IMAGE_WIDTHS, imageVariantUrl } from '../../../common/images.ts';
import { ARTICLE_UPLOADED_IMAGE } from '../db/migrations/028-image-references.ts';
import { IMAGE_UNDESCRIBED } from '../db/migrations/045-undescribed-images.ts';
import type { ArticleRow, Database, ImageRow } from '../db/schema.ts';
import { writeImageAudit, type Actor, type AuditedImage } from './audit-log.ts';
import { fillArticleAlts } from './image-alt-fill.ts';

/** The library's text fields and focal point; left out: unchanged. */
export interface ImageChange {
  alt?: string;
  caption?: string;
  credit?: string;
  focalX?: number;
  focalY?: number;
}

/** The articles using a picture: how many, and the newest few of them. */
export interface ImageUsage {
  count: number;
  articles: { id: number; headline: string }[];
}

/** An article a picture change changed, as the change left it. */
export type ImageChangedArticle = Pick<ArticleRow, 'id' | 'slug' | 'published_at' | 'deleted_at'>;

/**
 * Runs inside the transaction of a picture change that changed articles, after its audit row, with
 * those articles (each once): IndexNow queues the URLs of the public ones (decision 045).
 */
export type ImageArticlesHook = (trx: Transaction<Database>, articles: ImageChangedArticle[]) => Promise<void>;

/** How many articles `usage` names per picture (the count covers all). */
export const USAGE_ARTICLES_LISTED = 3;

export interface ImagePage {
  rows: ImageRow[];
  total: number;
}

/** A picture as its audit rows keep it. */
const audited = (row: ImageRow): AuditedImage => ({
  id: row.id,
  alt: row.alt,
  caption: row.caption,
  credit: row.credit,
  focalX: Number(row.focal_x),
  focalY: Number(row.focal_y),
});

/** LIKE's wildcards taken literally ('!' is the escape character). */
const escapeLike = (text: string) => text.replace(/[!%_]/g, (c) => `!${c}`);

/**
 * The picture library (`images`, migration 036): one row per upload, with its description and
 * focal point. A change of the focal point is copied onto every article showing the picture in the
 * same transaction (articles keep a copy so the public reads need no join), with its audit row.
 */
export class ImagesRepository {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly onArticlesChanged?: ImageArticlesHook,
  ) {}

  async get(id: string): Promise<ImageRow | undefined> {
    return this.db.selectFrom('images').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /**
   * The stored size of each of these pictures that has a library row (one query for up to 500
   * pictures; a picture without a row, or with no size recorded, is left out).
   */
  async sizes(ids: Iterable<string>): Promise<Map<string, { width: number; height: number }>> {
    const unique = [...new Set(ids)];
    const sizes = new Map<string, { width: number; height: number }>();
    for (let i = 0; i < unique.length; i += 500) {
      const rows = await this.db
        .selectFrom('images')
        .select(['id', 'width', 'height'])
        .where('id', 'in', unique.slice(i, i + 500))
        .execute();
      for (const row of rows) {
        const width = Number(row.width);
        const height = Number(row.height);
        if (width > 0 && height > 0) sizes.set(row.id, { width, height });
      }
    }
    return sizes;
  }

  /**
   * Adds the row of a new picture (an upload, or an older picture met for the first time): no
   * description, caption or credit yet, its focal point in the centre. An existing row is kept.
   */
  async insert(p: { id: string; width: number; height: number; uploadedBy: string | null }): Promise<ImageRow> {
    const row: ImageRow = {
      id: p.id,
      width: p.width,
      height: p.height,
      alt: '',
      caption: '',
      credit: '',
      focal_x: 0.5,
      focal_y: 0.5,
      created_at: new Date().toISOString(),
      uploaded_by: p.uploadedBy,
    };
    await this.db
      .insertInto('images')
      .values(row)
      .onConflict((oc) => oc.column('id').doNothing())
      .execute();
    return (await this.get(row.id))!;
  }

  /**
   * Newest first; `q` matches alt, caption or credit (case-insensitive, every word); `described`
   * false keeps the pictures with an empty alt text (stored trimmed; read through migration 045's
   * partial index, its condition repeated word for word), true those with one; `id` keeps that
   * picture only.
   */
  async list({
    id,
    q,
    described,
    page,
    pageSize,
  }: {
    id?: string;
    q?: string;
    described?: boolean;
    page: number;
    pageSize: number;
  }): Promise<ImagePage> {
    let query = this.db.selectFrom('images');
    if (id !== undefined) query = query.where('id', '=', id);
    if (described !== undefined) query = query.where(described ? sql<SqlBool>`alt <> ''` : IMAGE_UNDESCRIBED);
    for (const word of (q ?? '').toLowerCase().split(/\s+/).filter(Boolean)) {
      const pattern = `%${escapeLike(word)}%`;
      query = query.where(
        sql<SqlBool>`(lower(alt) like ${pattern} escape '!' or lower(caption) like ${pattern} escape '!' or lower(credit) like ${pattern} escape '!')`,
      );
    }
    const [rows, count] = await Promise.all([
      query
        .selectAll()
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(pageSize)
        .offset((page - 1) * pageSize)
        .execute(),
      query.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirst(),
    ]);
    return { rows, total: Number(count?.n ?? 0) };
  }

  /**
   * Which articles out of the trash use each of these pictures: as their main picture (any width),
   * or in their body now or in an earlier version (article_body_images). One statement of index reads
   * on both databases: migration 028's partial index on image_url (its condition repeated word for
   * word), article_body_images_image_idx, then each article found by its primary key. Pictures no
   * article uses are left out of the map.
   */
  async usage(ids: readonly string[]): Promise<Map<string, ImageUsage>> {
    const usage = new Map<string, ImageUsage>();
    if (ids.length === 0) return usage;
    const urls = ids.flatMap((id) => IMAGE_WIDTHS.map((w) => imageVariantUrl(id, w)));
    // '/images/' is 8 characters: the upload's id follows it.
    const rows = await sql<{ image_id: string; id: number | string; headline: string; n: number | string }>`
      select u.image_id, u.id, u.headline, u.n
      from (
        select x.image_id, a.id, a.headline,
          count(*) over (partition by x.image_id) as n,
          row_number() over (partition by x.image_id order by a.id desc) as rn
        from (
          select substr(image_url, 9, 32) as image_id, id as article_id
          from articles
          where ${ARTICLE_UPLOADED_IMAGE} and image_url in (${sql.join(urls)})
          union
          select image_id, article_id from article_body_images where image_id in (${sql.join(ids)})
        ) x
        join articles a on a.id = x.article_id
        where a.deleted_at is null
      ) u
      where u.rn <= ${USAGE_ARTICLES_LISTED}
      order by u.image_id, u.id desc
    `.execute(this.db);
    for (const row of rows.rows) {
      const entry = usage.get(row.image_id) ?? { count: Number(row.n), articles: [] };
      entry.articles.push({ id: Number(row.id), headline: row.headline });
      usage.set(row.image_id, entry);
    }
    return usage;
  }

  /**
   * Changes the description and/or the focal point. A new focal point is copied onto the articles
   * that show the picture (any width) and have another one, and a new description onto those of them
   * that have none (each such article a new version with its revision by `actor`: fillArticleAlts),
   * in one transaction. `articles`: how many articles changed (each once). When the
   * picture or an article changed, the same transaction writes an `image-update` audit row by
   * `actor`: the picture before and after, and `articles`, then the repository's articles hook with
   * the changed articles. Undefined: no such image.
   */
  async update(
    id: string,
    change: ImageChange,
    actor: Actor,
    at = new Date().toISOString(),
  ): Promise<{ row: ImageRow; articles: number } | undefined> {
    return this.db.transaction().execute(async (trx) => {
      const before = await trx.selectFrom('images').selectAll().where('id', '=', id).executeTakeFirst();
      if (!before) return undefined;
      const set = {
        ...(change.alt !== undefined ? { alt: change.alt } : {}),
        ...(change.caption !== undefined ? { caption: change.caption } : {}),
        ...(change.credit !== undefined ? { credit: change.credit } : {}),
        ...(change.focalX !== undefined ? { focal_x: change.focalX } : {}),
        ...(change.focalY !== undefined ? { focal_y: change.focalY } : {}),
      };
      const row =
        Object.keys(set).length > 0
          ? await trx.updateTable('images').set(set).where('id', '=', id).returningAll().executeTakeFirst()
          : before;
      if (!row) return undefined;
      const urls = IMAGE_WIDTHS.map((w) => imageVariantUrl(id, w));
      const moved = change.focalX !== undefined || change.focalY !== undefined;
      // The focal point first: the revisions the description writes then keep the article as it ends.
      const focused = moved
        ? await trx
            .updateTable('articles')
            .set({ image_focal_x: row.focal_x, image_focal_y: row.focal_y })
            .where(ARTICLE_UPLOADED_IMAGE)
            .where('image_url', 'in', urls)
            .where((eb) => eb.or([eb('image_focal_x', '<>', row.focal_x), eb('image_focal_y', '<>', row.focal_y)]))
            .returning(['id', 'slug', 'published_at', 'deleted_at'])
            .execute()
        : [];
      // An article showing the picture without a description of its own gets the library's, as a new
      // version with its revision (one that has its own keeps it: the description belongs to the
      // article, decision 033).
      const described = change.alt ? await fillArticleAlts(trx, urls, change.alt, actor, at) : [];
      // Each article once, though it took both.
      const byId = new Map<number, ImageChangedArticle>();
      for (const a of [...focused, ...described]) {
        byId.set(Number(a.id), { id: a.id, slug: a.slug, published_at: a.published_at, deleted_at: a.deleted_at });
      }
      const changedArticles = [...byId.values()];
      const articles = changedArticles.length;
      const was = audited(before);
      const now = audited(row as ImageRow);
      if (articles > 0 || JSON.stringify(was) !== JSON.stringify(now)) {
        await writeImageAudit(trx, {
          action: 'image-update',
          actor,
          at,
          before: was,
          after: { ...now, articleCount: articles },
        });
      }
      if (articles > 0) await this.onArticlesChanged?.(trx, changedArticles);
      return { row: row as ImageRow, articles };
    });
  }

  /** Fills the library's empty text fields from an article's description of the picture. */
  async fillBlank(id: string, text: { alt: string; caption: string; credit: string }): Promise<void> {
    for (const field of ['alt', 'caption', 'credit'] as const) {
      const value = text[field].trim();
      if (!value) continue;
      await this.db
        .updateTable('images')
        .set({ [field]: value })
        .where('id', '=', id)
        .where(field, '=', '')
        .execute();
    }
  }

  /** Forgets the rows of deleted uploads (the image sweep). */
  async deleteRows(ids: readonly string[]): Promise<void> {
    for (let i = 0; i < ids.length; i += 500) {
      await this.db
        .deleteFrom('images')
        .where('id', 'in', ids.slice(i, i + 500))
        .execute();
    }
  }

  /**
   * How many library pictures without a description (empty alt) an article out of the trash uses,
   * as `usage` counts use: its main picture (any width) or its body now or in an earlier version.
   * A picture no article uses is left out (the sweep deletes it). One statement: the undescribed
   * pictures read from migration 045's partial index alone (its condition repeated word for word;
   * the described ones, most of the library, are not read), each probed through
   * article_body_images_image_idx and migration 028's partial index on image_url (its condition
   * repeated word for word, one lookup per stored width), then each article by its primary key. One
   * EXISTS over a UNION ALL keeps the probes per picture (PostgreSQL would hash two EXISTS joined
   * by OR over the whole tables).
   */
  async undescribedInUse(): Promise<number> {
    const urls = IMAGE_WIDTHS.map((w) => sql`'/images/' || i.id || ${`-${w}.webp`}`);
    const row = await sql<{ n: number | string }>`
      select count(*) as n
      from images i
      where ${IMAGE_UNDESCRIBED}
        and exists (
          select 1
          from (
            select article_id from article_body_images where image_id = i.id
            union all
            select id from articles where ${ARTICLE_UPLOADED_IMAGE} and image_url in (${sql.join(urls)})
          ) u
          join articles a on a.id = u.article_id
          where a.deleted_at is null
        )
    `.execute(this.db);
    return Number(row.rows[0]?.n ?? 0);
  }
}
