import { queryOptions, useQuery } from '@tanstack/react-query';
import { correctionsApiPath, type ListedCorrection } from '@common/corrections-contract';
import { apiFetch, HttpError } from '@/lib/api-client';

export const CORRECTIONS_LOAD_ERROR = 'Failed to load the corrections';

/** The page's cursor (none: the first page), as the 'Older corrections' links carry it. */
export interface CorrectionsCursor {
  before?: string;
  after?: string;
}

/**
 * A page of /corrections (GET /News/corrections); `invalid` when the API refused the cursor (400):
 * the not-found screen.
 */
export interface CorrectionsResult {
  corrections: ListedCorrection[];
  older: string | null;
  newer: string | null;
  invalid?: boolean;
}

/** The API's JSON (or a 400 problem, status given) as the page's result. */
export function toCorrectionsResult(status: number, body: unknown): CorrectionsResult {
  if (status !== 200) return { corrections: [], older: null, newer: null, invalid: true };
  const json = (body ?? {}) as Record<string, unknown>;
  const str = (v: unknown) => (typeof v === 'string' ? v : '');
  const rows = Array.isArray(json.corrections) ? (json.corrections as Record<string, unknown>[]) : [];
  return {
    corrections: rows.map((r) => ({
      text: str(r.text),
      publishedAt: str(r.publishedAt),
      headline: str(r.headline),
      slug: str(r.slug),
    })),
    older: typeof json.older === 'string' ? json.older : null,
    newer: typeof json.newer === 'string' ? json.newer : null,
  };
}

export async function getCorrections(cursor: CorrectionsCursor, signal?: AbortSignal): Promise<CorrectionsResult> {
  let response: Response;
  try {
    response = await apiFetch(correctionsApiPath(cursor), { signal });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new Error(CORRECTIONS_LOAD_ERROR, { cause: error });
  }
  if (response.status === 400) return toCorrectionsResult(400, null);
  if (!response.ok) throw new HttpError(CORRECTIONS_LOAD_ERROR, response.status);
  return toCorrectionsResult(200, await response.json());
}

export function getCorrectionsQueryOptions(cursor: CorrectionsCursor = {}) {
  return queryOptions({
    queryKey: ['corrections', cursor.before ?? '', cursor.after ?? ''],
    queryFn: ({ signal }) => getCorrections(cursor, signal),
  });
}

export function useCorrections(cursor: CorrectionsCursor = {}) {
  const query = useQuery(getCorrectionsQueryOptions(cursor));
  return { result: query.data, isLoading: query.isPending, error: query.isError };
}
