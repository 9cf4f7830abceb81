// The article record of `npm run export` (one JSON object per line) and how `npm run import`
// reads its extra fields. A record is what POST /api/admin/articles accepts (headline, category
// name, the body in the stored format, ..., publishedAt) plus `id`, `createdAt` and `updatedAt`, which the importer keeps with
// --keep-ids (and otherwise ignores), so export -> import --keep-ids -> export gives the same file.
import { CATEGORIES } from '../common/categories.ts';
import { splitByline } from '../common/byline.ts';
import { parseDateTime } from '../server/src/domain/article-input.ts';
import type { ArticleRow } from '../server/src/db/schema.ts';
import type { ArticleRecord } from '../common/admin-contract.ts';
import { parseStoredBody } from '../common/body/stored.ts';

export type { ArticleRecord };

/** Fixed key order, so two exports of the same data are byte-identical. */
export function toRecord(
  row: ArticleRow,
  links?: { authors: { name: string }[]; tags: { name: string }[] },
): ArticleRecord {
  return {
    id: Number(row.id),
    headline: row.headline,
    summary: row.summary,
    body: parseStoredBody(row.body, row.content),
    author: row.author,
    // A byline without author records (written by plain SQL) as the import will read it: split by the byline rule.
    ...(links ? { authors: links.authors.length ? links.authors.map((a) => a.name) : splitByline(row.author) } : {}),
    ...(links ? { tags: links.tags.map((t) => t.name) } : {}),
    category: CATEGORIES.find((c) => c.id === row.category_id)?.name ?? String(row.category_id),
    source: row.source,
    editorName: row.editor_name,
    ratingOutOfTen: Number(row.rating),
    comments: row.comments,
    imageUrl: row.image_url || null,
    originalUrl: row.original_url || null,
    // Only when set, so the records of articles without them stay as they were.
    ...(row.meta_title ? { metaTitle: row.meta_title } : {}),
    ...(row.meta_description ? { metaDescription: row.meta_description } : {}),
    isBreaking: Number(row.is_breaking) === 1,
    publishedAt: row.published_at,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

export interface RecordMeta {
  id?: number;
  createdAt?: string;
  updatedAt?: string;
}

const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,3})?Z$/;

/**
 * Takes the export's own fields (id, createdAt, updatedAt) off a record before it is validated as
 * an article. With `keep`, they must be there and well-formed; the reason is returned otherwise.
 */
export function splitMeta(value: unknown, keep: boolean): { article: unknown; meta: RecordMeta } | { error: string } {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return { article: value, meta: {} };
  const { id, createdAt, updatedAt, ...article } = value as Record<string, unknown>;
  if (!keep) return { article, meta: {} };
  if (typeof id !== 'number' || !Number.isSafeInteger(id) || id < 1)
    return { error: "'id' must be a positive whole number (--keep-ids)" };
  for (const [name, v] of [
    ['createdAt', createdAt],
    ['updatedAt', updatedAt],
  ] as const) {
    if (typeof v !== 'string' || !ISO.test(v) || parseDateTime(v) === undefined)
      return { error: `'${name}' must be an ISO-8601 UTC time (--keep-ids)` };
  }
  return { article, meta: { id, createdAt: createdAt as string, updatedAt: updatedAt as string } };
}
