/** `categories` (migration 001-initial): the fixed list of sections (common/categories.ts). */
export interface CategoryTable {
  id: number;
  name: string;
  path: string;
}
