import { CATEGORIES, findCategory } from '../../../../common/categories.ts';
import { HttpProblem } from '../../plugins/problem.ts';

/** The category id for a `category` query value (name or path, any case); undefined when absent; 400 when unknown. */
export function categoryIdFromQuery(category: string | undefined): number | undefined {
  if (category === undefined || category.trim() === '') return undefined;
  const found = findCategory(category);
  if (!found) {
    throw new HttpProblem(
      400,
      `Unknown category '${category.slice(0, 50)}'. Use one of: ${CATEGORIES.map((c) => c.name).join(', ')}.`,
      { extensions: { errors: [{ in: 'querystring', name: 'category', message: 'is not a known category' }] } },
    );
  }
  return found.id;
}
