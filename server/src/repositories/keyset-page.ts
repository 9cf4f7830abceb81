import { sql, type SelectQueryBuilder } from 'kysely';

/**
 * Keyset pages of published stories, newest first by (published_at, id): the older-stories pages
 * and feeds (archive-repository.ts) and the author and tag pages (authors-and-tags.ts). A page is
 * read from a cursor that names a story, never with OFFSET, off an index in that order, so page
 * 5,000 costs what page 1 costs and stories published between two page loads never shift a page
 * (no duplicates, no gaps).
 */

/** A position in the newest-first order: the raw stored published_at and the id. */
export interface StoryCursor {
  publishedAt: string;
  id: number;
}

export interface KeysetPage<Row> {
  rows: Row[];
  /** Cursor for the next older page, or null at the oldest story. */
  older: StoryCursor | null;
  /** Cursor for the next newer page, or null at the newest story. */
  newer: StoryCursor | null;
}

/** `count` stories: the newest, those just older than `before`, or those just newer than `after`. */
export interface PageRequest {
  count: number;
  before?: StoryCursor;
  after?: StoryCursor;
}

/** The two columns of the order as the query names them (the index's), e.g. articles.published_at and articles.id. */
export interface KeysetColumns {
  publishedAt: string;
  id: string;
}

export function formatCursor(c: StoryCursor): string {
  return `${c.publishedAt}_${c.id}`;
}

/** Parses `<publishedAt>_<id>`; undefined when malformed. */
export function parseCursor(value: string): StoryCursor | undefined {
  const at = value.lastIndexOf('_');
  if (at <= 0) return undefined;
  const publishedAt = value.slice(0, at);
  const idText = value.slice(at + 1);
  if (!/^\d{1,10}$/.test(idText) || !/^[0-9A-Za-z:.+-]{1,40}$/.test(publishedAt)) return undefined;
  const id = Number(idText);
  if (!Number.isSafeInteger(id) || id > 2_147_483_647) return undefined;
  return { publishedAt, id };
}

type StoryRow = { id: number | string; published_at: string | null };

const cursorOf = (row: StoryRow): StoryCursor => ({ publishedAt: String(row.published_at), id: Number(row.id) });

/**
 * One page of the rows `scope` selects (published stories, each with its `id` and `published_at`),
 * ordered by `columns`, with the cursors of the pages on either side.
 */
export async function keysetPage<DB, TB extends keyof DB, Row extends StoryRow>(
  scope: () => SelectQueryBuilder<DB, TB, Row>,
  columns: KeysetColumns,
  { count, before, after }: PageRequest,
): Promise<KeysetPage<Row>> {
  const key = sql.join([sql.ref(columns.publishedAt), sql.ref(columns.id)]);
  /** Rows past `from` ('<': older, newest first; '>': newer, oldest first). */
  const read = async (op: '<' | '>', from: StoryCursor | undefined, limit: number): Promise<Row[]> => {
    let q = scope();
    if (from) q = q.where(sql<boolean>`(${key}) ${sql.raw(op)} (${from.publishedAt}, ${from.id})`);
    const order = op === '<' ? 'desc' : 'asc';
    return (await q
      .orderBy(sql.ref(columns.publishedAt), order)
      .orderBy(sql.ref(columns.id), order)
      .limit(limit)
      .execute()) as Row[];
  };
  const beyond = async (op: '<' | '>', row: Row | undefined) =>
    row && (await read(op, cursorOf(row), 1)).length > 0 ? cursorOf(row) : null;

  if (after) {
    const rows = await read('>', after, count + 1);
    const page = rows.slice(0, count).reverse();
    return {
      rows: page,
      older: await beyond('<', page.at(-1)),
      newer: rows.length > count && page[0] ? cursorOf(page[0]) : null,
    };
  }
  const rows = await read('<', before, count + 1);
  const page = rows.slice(0, count);
  const last = page.at(-1);
  return {
    rows: page,
    older: rows.length > count && last ? cursorOf(last) : null,
    newer: before ? await beyond('>', page[0]) : null,
  };
}
