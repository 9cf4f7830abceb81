import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { adminKeys, adminRequest, useAdminApi, type AdminApiClient } from '@/lib/admin-api-client';
import { adminQueryDefaults } from '@/lib/admin-query-defaults';

/** A picture of the library, as GET /api/admin/images lists it. */
export interface LibraryImage {
  id: string;
  /** The 960 px wide variant. */
  url: string;
  srcset?: string;
  width?: number;
  height?: number;
  alt: string;
  caption: string;
  credit: string;
  createdAt?: string;
}

export interface LibraryPage {
  items: LibraryImage[];
  total: number;
  /** The largest upload the server takes (IMAGE_MAX_BYTES). */
  maxUploadBytes?: number;
}

/** GET /api/admin/images?q=&page=: the library, newest first, searched by its texts. */
export function getImages(client: AdminApiClient, q: string, page: number, signal?: AbortSignal) {
  const search = new URLSearchParams({ page: String(page) });
  if (q.trim()) search.set('q', q.trim());
  return adminRequest<LibraryPage>(
    client,
    `/api/admin/images?${search}`,
    { failed: 'Failed to load pictures', error: 'Error loading pictures' },
    { signal },
  );
}

export function imagesQueryOptions(client: AdminApiClient, q: string, page: number) {
  return queryOptions({
    queryKey: [...adminKeys.all, 'images', { q: q.trim(), page }],
    queryFn: ({ signal }) => getImages(client, q, page, signal),
    placeholderData: keepPreviousData,
    ...adminQueryDefaults,
  });
}

export function useImages(q: string, page: number, enabled = true) {
  return useQuery({ ...imagesQueryOptions(useAdminApi(), q, page), enabled });
}
