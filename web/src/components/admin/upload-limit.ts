import { useQuery } from '@tanstack/react-query';
import { formatMegabytes } from '@common/file-size';
import { useAdminApi } from '@/lib/admin-api-client';
import { imagesQueryOptions } from './body-editor/get-images.ts';

/**
 * The largest upload the server takes, as the upload hints write it ('15 MB'): `maxUploadBytes` of
 * GET /api/admin/images (IMAGE_MAX_BYTES), read from the library's first page (the one the picture
 * picker opens on, so it is loaded once). Undefined until it is known.
 */
export function useUploadLimit(): string | undefined {
  const bytes = useQuery({
    ...imagesQueryOptions(useAdminApi(), '', 1),
    select: (page) => page.maxUploadBytes,
  }).data;
  return uploadLimitText(bytes);
}

/** '15 MB' for 15 MiB; undefined for no limit known. */
export function uploadLimitText(bytes: number | undefined): string | undefined {
  return typeof bytes === 'number' && bytes > 0 ? formatMegabytes(bytes) : undefined;
}
