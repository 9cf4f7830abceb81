import { adminRequest, type AdminApiClient } from '@/lib/admin-api-client';
import type { ArticlePayload } from '../lib/article-fields.ts';
import type { AdminArticle } from '../types.ts';

/**
 * PUT /api/admin/articles/{id} with `autosave: true`: the form saves a draft by itself. Same version
 * check as a save (If-Match); no toast and no reload of the views, the form says "Saved" itself.
 */
export function autosaveArticle(client: AdminApiClient, id: number, version: number, body: ArticlePayload) {
  return adminRequest<AdminArticle>(
    client,
    `/api/admin/articles/${id}`,
    { failed: 'Failed to save the draft', error: 'Error saving the draft' },
    { method: 'PUT', body: { ...body, autosave: true }, headers: { 'If-Match': `"${version}"` } },
  );
}
