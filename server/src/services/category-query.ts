import { Type, type Static } from '@sinclair/typebox';
import { CATEGORIES, findCategory } from '../../../common/categories.ts';
import { HttpProblem } from '../plugins/problem.ts';

/**
 * `?category=`: a section's name or path, case-insensitive, as GET /News and GET /News/most-read take
 * it (NewsListQuerySchema's `category` is this one).
 */
export const CategoryQuerySchema = Type.Object({
  category: Type.Optional(
    Type.String({ maxLength: 50, description: 'Category name or path, case-insensitive (Politics, politics, US, us)' }),
  ),
});
export type CategoryQuery = Static<typeof CategoryQuerySchema>;

/**
 * The id of the section `category` names (a name or path, case-insensitive); undefined when it is
 * absent or blank (every section). An unknown one: a 400 problem naming the sections.
 */
export function categoryIdOf(category: string | undefined): number | undefined {
  if (category === undefined || category.trim() === '') return undefined;
  const found = findCategory(category);
  if (!found) {
    throw new HttpProblem(
      400,
      `Unknown category '${category}'. Use one of: ${CATEGORIES.map((c) => c.name).join(', ')}.`,
      { extensions: { errors: [{ in: 'querystring', name: 'category', message: 'is not a known category' }] } },
    );
  }
  return found.id;
}
