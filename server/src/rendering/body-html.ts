import { renderBodyHtml, type RenderOptions } from '../../../common/body/render.ts';
import type { BodyDoc } from '../../../common/body/types.ts';
import { bodyImageIds } from '../../../common/body/validate.ts';
import type { ImagesRepository } from '../repositories/images-repository.ts';

/**
 * Bodies rendered for readers (the article page, the feeds) by the one renderer, every picture and
 * embed thumbnail with the width and height the library stored for it (read in one query for all the
 * bodies, never from the image files), so the page keeps their room while they load. A picture
 * without a library row is drawn without a size.
 */
export async function renderBodiesForReaders(
  images: ImagesRepository,
  docs: readonly BodyDoc[],
  options: Omit<RenderOptions, 'imageSize'> = {},
): Promise<string[]> {
  const sizes = await images.sizes(docs.flatMap(bodyImageIds));
  return docs.map((doc) => renderBodyHtml(doc, { ...options, imageSize: (id) => sizes.get(id) }));
}

/**
 * An article as the newsroom's screens get it (every admin answer holding one article): with its body
 * drawn as readers will see it, so a preview opened from any answer the screen kept (an autosave's
 * included) keeps each picture's room.
 */
export async function withReaderBody<T extends { body: BodyDoc }>(
  images: ImagesRepository,
  article: T,
): Promise<T & { bodyHtml: string }> {
  const [bodyHtml] = await renderBodiesForReaders(images, [article.body]);
  return { ...article, bodyHtml: bodyHtml! };
}
