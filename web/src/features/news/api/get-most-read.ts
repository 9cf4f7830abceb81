import { queryOptions, useQuery } from '@tanstack/react-query';
import { mostReadApiPath, MOST_READ_COUNT, type MostReadStory } from '@common/most-read-contract';
import { apiFetch, HttpError } from '@/lib/api-client';

const MOST_READ_LOAD_ERROR = 'Failed to load the most read stories';

/** GET /News/most-read's JSON as the block's stories (anything malformed left out). */
export function toMostRead(body: unknown): MostReadStory[] {
  const rows = (body as { articles?: unknown } | null)?.articles;
  if (!Array.isArray(rows)) return [];
  const str = (v: unknown) => (typeof v === 'string' ? v : '');
  return (rows as Record<string, unknown>[])
    .filter((r) => r && typeof r.id === 'number' && typeof r.slug === 'string' && r.slug !== '')
    .map((r) => ({
      id: r.id as number,
      slug: str(r.slug),
      headline: str(r.headline),
      category: str(r.category),
      publishedAt: str(r.publishedAt),
    }));
}

/** The site's list, or with `category` (a section's name) that section's. */
export async function getMostRead(category?: string, signal?: AbortSignal): Promise<MostReadStory[]> {
  const response = await apiFetch(mostReadApiPath(category), { signal });
  if (!response.ok) throw new HttpError(MOST_READ_LOAD_ERROR, response.status);
  return toMostRead(await response.json());
}

export function getMostReadQueryOptions(category?: string) {
  return queryOptions({
    queryKey: category ? ['most-read', category] : ['most-read'],
    queryFn: ({ signal }) => getMostRead(category, signal),
  });
}

/**
 * The 'MOST READ' block's stories: the five most read in the last 24 hours (of the section `category`
 * names, when given), `exclude` (the story being read) left out. Empty while loading and when the
 * list failed: the block is then not shown.
 */
export function useMostRead({ exclude, category }: { exclude?: string; category?: string } = {}): MostReadStory[] {
  const { data } = useQuery(getMostReadQueryOptions(category));
  return (data ?? []).filter((s) => s.slug !== exclude).slice(0, MOST_READ_COUNT);
}
