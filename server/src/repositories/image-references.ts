import type { Kysely } from 'kysely';
import { IMAGE_WIDTHS, imageVariantUrl, uploadedImageId } from '../../../common/images.ts';
import { ARTICLE_UPLOADED_IMAGE } from '../db/migrations/028-image-references.ts';
import type { Database } from '../db/schema.ts';

/** Ids per statement: every width of each is one IN entry, well under any parameter limit. */
const CHUNK = 100;

/**
 * Which of these uploaded images something still shows or may show again: an article (in the trash
 * or not, any width of the image) or any revision of one (a restore brings it back), as its main
 * picture or in its body (a picture or an embed's thumbnail). Index reads only (migrations
 * 028-image-references, 035-article-bodies).
 */
export async function referencedImageIds(db: Kysely<Database>, ids: readonly string[]): Promise<Set<string>> {
  const admin = db;
  const referenced = new Set<string>();
  for (let i = 0; i < ids.length; i += CHUNK) {
    const chunk = ids.slice(i, i + CHUNK);
    const urls = chunk.flatMap((id) => IMAGE_WIDTHS.map((w) => imageVariantUrl(id, w)));
    const [inArticles, inRevisions, inBodies, inAuthors] = await Promise.all([
      admin
        .selectFrom('articles')
        .select('image_url')
        .distinct()
        .where(ARTICLE_UPLOADED_IMAGE)
        .where('image_url', 'in', urls)
        .execute(),
      admin.selectFrom('article_revisions').select('image_id').distinct().where('image_id', 'in', chunk).execute(),
      // Pictures and embed thumbnails of bodies, of articles and their revisions (migration 035).
      admin.selectFrom('article_body_images').select('image_id').distinct().where('image_id', 'in', chunk).execute(),
      // An author's photo (migration 037).
      admin.selectFrom('authors').select('photo_image_id').where('photo_image_id', 'in', chunk).execute(),
    ]);
    for (const row of inAuthors) if (row.photo_image_id) referenced.add(row.photo_image_id);
    for (const row of inArticles) {
      const id = uploadedImageId(row.image_url);
      if (id) referenced.add(id);
    }
    for (const row of inRevisions) if (row.image_id) referenced.add(row.image_id);
    for (const row of inBodies) referenced.add(row.image_id);
  }
  return referenced;
}
