import { adminRequest, type AdminApiClient } from '@/lib/admin-api-client';
import { hasTag, type TagChoice } from '../lib/bulk-edits.ts';
import type { AdminArticle } from '../types.ts';
import { getArticle } from './get-article.ts';

type TagRef = { id: number } | { name: string };

/**
 * The edit that changes only the tags: every field the edit form sends, as the article has it now, with
 * the tags in its place. The fields an edit may leave out (the editor's name, the picture's description,
 * the search and social texts, the share choice) are left out: the server keeps them.
 */
export function tagsEdit(a: AdminArticle, tags: TagRef[]) {
  return {
    headline: a.headline,
    summary: a.summary,
    body: a.body,
    categoryId: a.categoryId,
    author: a.author,
    // The byline's records as they are (a byline without records keeps its text, split as the form splits it).
    ...(a.authors?.length ? { authors: a.authors.map((x) => ({ id: x.id })) } : {}),
    tags,
    source: a.source,
    originalUrl: a.originalUrl,
    imageUrl: a.imageUrl,
    ratingOutOfTen: a.ratingOutOfTen,
    comments: a.comments,
    isBreaking: a.isBreaking,
  };
}

/**
 * Adds or removes a tag: GET the article as it is now, then its edit (PUT /api/admin/articles/{id}) with
 * every field as it is and the tags changed, If-Match its version (decision 012: a change made in between
 * is a 412, never overwritten). A new name is sent as a name: the first article's save creates the tag,
 * the next ones find it by its slug. An article that meanwhile has (Add) or has not (Remove) the tag is
 * refused without a write.
 */
export async function changeArticleTags(
  client: AdminApiClient,
  id: number,
  change: 'add' | 'remove',
  tag: TagChoice,
): Promise<AdminArticle> {
  const article = await getArticle(client, id);
  const tags = article.tags ?? [];
  const has = hasTag(tags, tag);
  if (change === 'add' && has) throw new Error(`The article already has the tag “${tag.name}”.`);
  if (change === 'remove' && !has) throw new Error(`The article does not have the tag “${tag.name}”.`);
  const kept: TagRef[] = tags.filter((t) => !hasTag([t], tag)).map((t) => ({ id: t.id }));
  const next = change === 'add' ? [...kept, tag.id !== undefined ? { id: tag.id } : { name: tag.name }] : kept;
  return adminRequest<AdminArticle>(
    client,
    `/api/admin/articles/${id}`,
    { failed: 'Failed to save article', error: 'Error saving article' },
    { method: 'PUT', body: tagsEdit(article, next), headers: { 'If-Match': `"${article.version}"` } },
  );
}
