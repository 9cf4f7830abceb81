import type { Kysely } from 'kysely';
import { columnsToText } from '../columns-to-text.ts';
import type { Dialect } from '../dialect.ts';

/** The columns whose texts the API limits in characters, as `varchar(N)` until now on PostgreSQL. */
const COLUMNS = {
  articles: [
    'headline',
    'source',
    'editor_name',
    'image_url',
    'original_url',
    'image_alt',
    'image_caption',
    'image_credit',
  ],
  images: ['alt', 'caption', 'credit'],
} as const;

/**
 * The article's texts (headline, source, editor, links, the picture's description, caption and credit)
 * and the picture library's description, caption and credit as `text` on PostgreSQL. Their limits count
 * user-perceived characters (common/text-length.ts), and one character may take up to 32 UTF-16 units
 * (a family emoji takes 7 code points): 300 of them overflowed the headline's `varchar(500)`, which
 * PostgreSQL counts in code points. The API's safety cap bounds what is stored (limit × 32 units), so
 * the columns need no bound of their own, as migration 046 did for the search and social fields.
 * The search document's trigger names the headline: columnsToText drops and makes it again. SQLite does
 * not enforce a varchar's length: nothing to do.
 */
export async function up(db: Kysely<any>, dialect: Dialect): Promise<void> {
  await columnsToText(db, dialect, COLUMNS);
}
