import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ImageListItem } from '@common/admin-contract';
import { updateImage } from '@/components/admin/update-image';
import { adminKeys, adminRequest, useAdminApi } from '@/lib/admin-api-client';
import { adminQueryDefaults } from '@/lib/admin-query-defaults';
import { useOneAtATime } from '@/lib/use-one-at-a-time';

export interface PicturesQuery {
  q: string;
  page: number;
  /** Only the pictures without a description (alt text). */
  undescribed: boolean;
  /** Only this picture (the audit trail's link to it). */
  id?: string;
}

export interface PicturesPage {
  items: ImageListItem[];
  total: number;
  page: number;
  pageSize: number;
  /** The largest upload the server takes (IMAGE_MAX_BYTES). */
  maxUploadBytes: number;
}

/** Every library query of the admin (this screen's and the article form's picker) starts with this key. */
const imagesKey = [...adminKeys.all, 'images'] as const;

/** GET /api/admin/images?q=&page=&described=no&id=: the library, newest first. */
export function usePictures({ q, page, undescribed, id }: PicturesQuery) {
  const client = useAdminApi();
  const search = new URLSearchParams({ page: String(page) });
  if (q.trim()) search.set('q', q.trim());
  if (undescribed) search.set('described', 'no');
  if (id) search.set('id', id);
  return useQuery({
    queryKey: [...imagesKey, 'screen', { q: q.trim(), page, undescribed, id }],
    queryFn: ({ signal }) =>
      adminRequest<PicturesPage>(
        client,
        `/api/admin/images?${search}`,
        { failed: 'Failed to load the pictures', error: 'Error loading the pictures' },
        { signal },
      ),
    placeholderData: keepPreviousData,
    ...adminQueryDefaults,
  });
}

export interface PictureChange {
  alt: string;
  caption: string;
  credit: string;
  focalX?: number;
  focalY?: number;
}

/**
 * PATCH /api/admin/images/{id}: the picture's description, caption, credit and focal point. The
 * library lists are loaded again before the returned promise settles (a described picture leaves
 * the 'Without a description' list).
 */
export function useUpdatePicture() {
  const client = useAdminApi();
  const queryClient = useQueryClient();
  // A double click on Save picture sends one PATCH.
  return useOneAtATime(
    useMutation({
      mutationFn: ({ id, change }: { id: string; change: PictureChange }) => updateImage(client, id, change),
      onSuccess: () => queryClient.invalidateQueries({ queryKey: imagesKey }),
    }),
  );
}

/** Loads every library list again (after an upload: the new picture comes first). */
export function useReloadPictures() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: imagesKey });
}
