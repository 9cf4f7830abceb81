import type { Kysely } from 'kysely';
import { columnsToText } from '../columns-to-text.ts';
import type { Dialect } from '../dialect.ts';

/** The columns whose texts the API now limits in characters, as `varchar(N)` until now on PostgreSQL. */
const COLUMNS = {
  authors: ['name', 'photo_url'],
  tags: ['name'],
  // The byline: the names of up to 10 authors joined ("A, B and C"), longer than one name.
  articles: ['author'],
} as const;

/**
 * Author and tag names and an author's photo address as `text` on PostgreSQL, as migration 048 did for
 * the article's texts (its triggers handled alike). Their limits count user-perceived characters
 * (common/text-length.ts), and one character may take up to 32 UTF-16 units: 200 family emoji (7 code
 * points each) overflowed the name's `varchar(200)`, which PostgreSQL counts in code points. The byline
 * (`articles.author`) joins up to 10 such names. The API's safety caps bound what is stored. The bio and
 * the share message were `text` already; SQLite does not enforce a varchar's length: nothing to do.
 */
export async function up(db: Kysely<any>, dialect: Dialect): Promise<void> {
  await columnsToText(db, dialect, COLUMNS);
}
