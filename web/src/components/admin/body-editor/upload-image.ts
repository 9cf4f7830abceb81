import { useCallback, useRef, useState } from 'react';
import type { ImageUploadResult } from '@common/admin-contract';
import { AdminApiError, describeFailure, useAdminApi, type AdminApiClient } from '@/lib/admin-api-client';

export type UploadedImage = Pick<ImageUploadResult, 'url'> & Partial<ImageUploadResult>;

/** The types the server takes (it checks the bytes): for a file input's `accept`. */
export const IMAGE_ACCEPT = 'image/jpeg,image/png,image/webp,image/avif';

const FAILED = 'Failed to upload image';
const ERROR = 'Error uploading image';

function imageUrlOf(body: unknown): string | undefined {
  const o = body && typeof body === 'object' ? (body as Record<string, unknown>) : {};
  for (const key of ['url', 'imageUrl', 'src']) if (typeof o[key] === 'string') return o[key] as string;
  return undefined;
}

/**
 * POST /api/admin/images (multipart, field `file`) through XMLHttpRequest, whose upload events
 * report progress (fetch cannot). `onProgress` gets 0..1.
 */
export async function uploadImage(
  client: AdminApiClient,
  file: File,
  onProgress: (fraction: number) => void,
  signal?: AbortSignal,
): Promise<UploadedImage> {
  const token = await client.getAccessToken();
  if (!token) throw new AdminApiError('No access token available');
  const form = new FormData();
  form.append('file', file, file.name);
  return new Promise<UploadedImage>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', '/api/admin/images');
    xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable && e.total > 0) onProgress(e.loaded / e.total);
    };
    xhr.onerror = () => reject(new AdminApiError(ERROR, 'The upload was interrupted'));
    xhr.onabort = () => reject(new DOMException('Upload cancelled', 'AbortError'));
    xhr.onload = () => {
      let body: unknown;
      try {
        body = xhr.responseText ? JSON.parse(xhr.responseText) : undefined;
      } catch {
        body = undefined;
      }
      if (xhr.status < 200 || xhr.status >= 300) {
        const problem = body && typeof body === 'object' ? (body as Record<string, unknown>) : undefined;
        reject(new AdminApiError(FAILED, describeFailure(xhr.status, xhr.statusText, body), xhr.status, problem));
        return;
      }
      const url = imageUrlOf(body);
      if (!url) {
        reject(new AdminApiError(ERROR, 'The server did not return the image address'));
        return;
      }
      onProgress(1);
      resolve({ ...(body as object), url });
    };
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(form);
  });
}

/** What an upload's failure says to the editor: the server's problem detail when it gave one. */
export function uploadFailureMessage(err: unknown): string {
  const problem = err instanceof AdminApiError ? err.problem : undefined;
  const detail = typeof problem?.detail === 'string' ? problem.detail : undefined;
  return detail ?? (err instanceof AdminApiError ? [err.message, err.details].filter(Boolean).join(': ') : ERROR);
}

/** Upload state for the form: one upload at a time, progress 0..1, the server's message on failure. */
export function useUploadImage() {
  const client = useAdminApi();
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const running = useRef(false);
  const upload = useCallback(
    async (file: File): Promise<UploadedImage | undefined> => {
      if (running.current) return undefined;
      running.current = true;
      setError(null);
      setProgress(0);
      try {
        return await uploadImage(client, file, setProgress);
      } catch (err) {
        setError(uploadFailureMessage(err));
        return undefined;
      } finally {
        running.current = false;
        setProgress(null);
      }
    },
    [client],
  );
  return { upload, progress, error, uploading: progress !== null };
}
