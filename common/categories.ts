/** The six sections of the publication. Ids are stable: they are seeded by the first migration. */
export const CATEGORIES = [
  { id: 1, name: 'Politics', path: 'politics' },
  { id: 2, name: 'Technology', path: 'technology' },
  { id: 3, name: 'Sport', path: 'sport' },
  { id: 4, name: 'Business', path: 'business' },
  { id: 5, name: 'US', path: 'us' },
  { id: 6, name: 'UK', path: 'uk' },
] as const;

export type Category = (typeof CATEGORIES)[number];

/** Finds a category by its path segment or name, case-insensitively. */
export function findCategory(value: string | null | undefined): Category | undefined {
  if (typeof value !== 'string') return undefined;
  const v = value.trim().toLowerCase();
  return CATEGORIES.find((c) => c.path === v || c.name.toLowerCase() === v);
}
