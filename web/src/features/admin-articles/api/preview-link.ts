import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { CreatePreviewLink, NewPreviewLink, PreviewLinkStatus } from '@common/preview-contract';
import { adminKeys, adminRequest, useAdminApi } from '@/lib/admin-api-client';
import { adminQueryDefaults } from '@/lib/admin-query-defaults';
import { useArticleMutation } from './article-mutation.ts';

/** Under the article's key: reloaded with the article's screen, forgotten with the article. */
export const previewLinkKey = (id: number) => [...adminKeys.articleDetail(id), 'preview-link'] as const;

const url = (id: number) => `/api/admin/articles/${id}/preview-link`;

/** GET …/preview-link: whether a link is on (never its address, which only the POST gives). */
export function usePreviewLink(id: number, enabled: boolean) {
  const client = useAdminApi();
  return useQuery({
    queryKey: previewLinkKey(id),
    queryFn: ({ signal }) =>
      adminRequest<PreviewLinkStatus>(
        client,
        url(id),
        { failed: 'Failed to load the preview link', error: 'Error loading the preview link' },
        { signal },
      ),
    ...adminQueryDefaults,
    enabled,
  });
}

/**
 * POST …/preview-link: a new link (replacing any earlier one) that works for the days chosen; the
 * answer holds its full address.
 */
export function useCreatePreviewLink() {
  const queryClient = useQueryClient();
  return useArticleMutation<{ id: number } & Required<CreatePreviewLink>, NewPreviewLink>({
    request: (client, { id, days }) =>
      adminRequest<NewPreviewLink>(
        client,
        url(id),
        { failed: 'Failed to create the preview link', error: 'Error creating the preview link' },
        { method: 'POST', body: { days } satisfies CreatePreviewLink },
      ),
    successTitle: 'Preview link created',
    // Nothing of the article changed: only the link's own view.
    reload: () => false,
    after: ({ id }, created) => {
      queryClient.setQueryData<PreviewLinkStatus>(previewLinkKey(id), { link: created.link });
    },
  });
}

/** DELETE …/preview-link: the link stops working at once. */
export function useRevokePreviewLink() {
  const queryClient = useQueryClient();
  return useArticleMutation<number, void>({
    request: (client, id) =>
      adminRequest<void>(
        client,
        url(id),
        { failed: 'Failed to turn off the preview link', error: 'Error turning off the preview link' },
        { method: 'DELETE' },
      ),
    successTitle: 'Preview link turned off',
    reload: () => false,
    after: (id) => {
      queryClient.setQueryData<PreviewLinkStatus>(previewLinkKey(id), { link: null });
    },
  });
}
