import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { Correction, CorrectionInput, CorrectionList } from '@common/corrections-contract';
import { AdminApiError, adminKeys, adminRequest, useAdminApi } from '@/lib/admin-api-client';
import { adminQueryDefaults } from '@/lib/admin-query-defaults';
import { useArticleMutation } from './article-mutation.ts';

/** Under the article's key: reloaded with the article's screen, forgotten with the article. */
export const correctionsKey = (id: number) => [...adminKeys.articleDetail(id), 'corrections'] as const;

const url = (id: number, correctionId?: number) =>
  `/api/admin/articles/${id}/corrections${correctionId === undefined ? '' : `/${correctionId}`}`;

/** A refusal of the text (400 naming `text`): the form shows it by the field, not in a toast. */
export function textRefusal(err: unknown): string | undefined {
  if (!(err instanceof AdminApiError) || err.status !== 400) return undefined;
  const errors = err.problem?.errors;
  if (!Array.isArray(errors)) return undefined;
  const found = errors.find((e: { name?: unknown }) => e?.name === 'text') as { message?: unknown } | undefined;
  return typeof found?.message === 'string' ? `The correction ${found.message}.` : undefined;
}

/** GET …/corrections: newest first. */
export function useCorrections(id: number, enabled: boolean) {
  const client = useAdminApi();
  return useQuery({
    queryKey: correctionsKey(id),
    queryFn: ({ signal }) =>
      adminRequest<CorrectionList>(
        client,
        url(id),
        { failed: 'Failed to load the corrections', error: 'Error loading the corrections' },
        { signal },
      ),
    ...adminQueryDefaults,
    enabled,
  });
}

/** POST …/corrections: a new correction, dated now (the article shows as updated, so it reloads too). */
export function useAddCorrection() {
  const queryClient = useQueryClient();
  return useArticleMutation<{ id: number } & CorrectionInput, Correction>({
    request: (client, { id, text }) =>
      adminRequest<Correction>(
        client,
        url(id),
        { failed: 'Failed to add the correction', error: 'Error adding the correction' },
        { method: 'POST', body: { text } satisfies CorrectionInput },
      ),
    successTitle: 'Correction added',
    quiet: (err) => textRefusal(err) !== undefined,
    after: ({ id }) => queryClient.invalidateQueries({ queryKey: correctionsKey(id) }),
  });
}

/** PUT …/corrections/{correctionId}: the wording fixed, its date kept. */
export function useEditCorrection() {
  const queryClient = useQueryClient();
  return useArticleMutation<{ id: number; correctionId: number } & CorrectionInput, Correction>({
    request: (client, { id, correctionId, text }) =>
      adminRequest<Correction>(
        client,
        url(id, correctionId),
        { failed: 'Failed to save the correction', error: 'Error saving the correction' },
        { method: 'PUT', body: { text } satisfies CorrectionInput },
      ),
    successTitle: 'Correction saved',
    reload: () => false,
    quiet: (err) => textRefusal(err) !== undefined,
    after: ({ id }) => queryClient.invalidateQueries({ queryKey: correctionsKey(id) }),
  });
}

/** DELETE …/corrections/{correctionId}: readers no longer see it. */
export function useRemoveCorrection() {
  const queryClient = useQueryClient();
  return useArticleMutation<{ id: number; correctionId: number }, void>({
    request: (client, { id, correctionId }) =>
      adminRequest<void>(
        client,
        url(id, correctionId),
        { failed: 'Failed to remove the correction', error: 'Error removing the correction' },
        { method: 'DELETE' },
      ),
    successTitle: 'Correction removed',
    reload: () => false,
    after: ({ id }) => queryClient.invalidateQueries({ queryKey: correctionsKey(id) }),
  });
}
