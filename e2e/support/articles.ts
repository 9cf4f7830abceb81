import { CATEGORIES } from '../../common/categories.ts';
import { slugify } from '../../common/slug.ts';
import type { App } from '../../server/src/app.ts';
import type { Db } from '../../server/src/db/index.ts';
import type { ArticleRow, NewArticleRow } from '../../server/src/db/schema.ts';

export type ArticleInput = Partial<Omit<NewArticleRow, 'category_id'>> & { headline: string; category?: string };

/**
 * Inserts articles straight into the test database (for states the demo content does not have,
 * e.g. an empty category) and clears the public news cache if the news routes keep one.
 * Defaults: published now, not breaking, Politics.
 */
export async function insertArticles(database: Db, app: App | undefined, items: ArticleInput[]): Promise<ArticleRow[]> {
  const now = Date.now();
  const rows: NewArticleRow[] = items.map((item, i) => {
    const { category = 'Politics', ...rest } = item;
    const cat = CATEGORIES.find((c) => c.name === category || c.path === category);
    if (!cat) throw new Error(`unknown category ${category}`);
    const at = new Date(now - i * 60_000).toISOString();
    return {
      slug: slugify(item.headline),
      summary: `Summary of ${item.headline}`,
      content: `First paragraph of ${item.headline}.\n\nSecond paragraph, in which nothing is confirmed.`,
      author: 'Test Author',
      source: 'Test Source',
      editor_name: 'Test Editor',
      rating: 5,
      comments: '',
      image_url: '',
      original_url: '',
      is_breaking: 0,
      published_at: at,
      created_at: at,
      updated_at: at,
      ...rest,
      category_id: cat.id,
    };
  });
  const inserted = await database.db.insertInto('articles').values(rows).returningAll().execute();
  const cache = (app as unknown as { newsCache?: { clear(): void } } | undefined)?.newsCache;
  cache?.clear();
  return inserted;
}
