import { IMAGE_WIDTHS } from '../../../common/images.ts';
import { bodyImagePaths } from '../../../common/body/validate.ts';
import type { BodyDoc } from '../../../common/body/types.ts';
import type { FieldError } from '../domain/typebox-validation.ts';
import type { ImageStore } from './storage.ts';

/**
 * The body's pictures and embed thumbnails that are not uploaded library images of this site: one
 * problem per place, named by its path in the body (`body.content[4].attrs.imageId`). An image is
 * there when its smallest stored width is.
 */
export async function missingBodyImages(store: ImageStore, body: BodyDoc, root = 'body'): Promise<FieldError[]> {
  const places = bodyImagePaths(body, root);
  if (places.length === 0) return [];
  const ids = [...new Set(places.map((p) => p.id))];
  const present = new Map<string, boolean>();
  await Promise.all(
    ids.map(async (id) => present.set(id, (await store.get(`${id}-${IMAGE_WIDTHS[0]}.webp`)) !== undefined)),
  );
  return places
    .filter((p) => !present.get(p.id))
    .map((p) => ({ field: p.path, message: 'is not an uploaded image of the library (upload it first)' }));
}
