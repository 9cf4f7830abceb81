import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';

export interface CategoryItem {
  id: number;
  name: string;
}

/** Every category, by id. */
export async function listCategories(db: Kysely<Database>): Promise<CategoryItem[]> {
  return db.selectFrom('categories').select(['id', 'name']).orderBy('id', 'asc').execute();
}
