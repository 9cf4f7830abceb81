import path from 'node:path';
import fp from 'fastify-plugin';
import { Type } from '@sinclair/typebox';
import { HttpProblem } from '../plugins/problem.ts';
import { imageCropUrl, focalPercent, type ImageCropRatio } from '../../../common/images.ts';
import { ImagesRepository } from '../repositories/images-repository.ts';
import { ensureImageRow, renderCrop } from './library.ts';
import { FileImageStore, S3ImageStore, STORED_KEY, type ImageStore } from './storage.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Uploaded images (admin uploads them, everyone reads them at /images/<id>-<width>.webp). */
    imageStore: ImageStore;
  }
}

/**
 * The stable public name of one stored width or one crop around a focal point: never changes, so it
 * is cached for a year.
 */
export const IMAGE_KEY = STORED_KEY;
/** A crop's name: the focal point in whole percent, written one way only (no leading zeros). */
const CROP_KEY = /^([0-9a-f]{32})-(16x9|4x3|1x1)-(0|[1-9]\d?|100)-(0|[1-9]\d?|100)\.webp$/;

/**
 * The image store (S3-compatible bucket when S3_BUCKET is set, else DATA_DIR/images) and the public
 * route that serves it: GET /images/<32 hex>-<width>.webp with immutable caching. Other /images/
 * paths (the site's own static pictures) are not this route's.
 */
export default fp(
  async (app) => {
    const { s3 } = app.config.newsroom;
    const store: ImageStore = s3 ? new S3ImageStore(s3) : new FileImageStore(path.join(app.config.dataDir, 'images'));
    app.decorate('imageStore', store);
    if (store instanceof S3ImageStore) app.addHook('onClose', async () => store.destroy());

    const images = new ImagesRepository(app.database.db);
    /** Crops being made: concurrent requests for one share its rendering. */
    const rendering = new Map<string, Promise<Buffer | undefined>>();

    /**
     * A crop is made on its first request (decision 033), only at the image's current focal point;
     * a crop at an earlier one answers 301 to the current crop, so no request makes arbitrary files.
     */
    const crop = async (file: string): Promise<{ body?: Buffer; redirect?: string }> => {
      const m = CROP_KEY.exec(file)!;
      const id = m[1]!;
      const ratio = m[2] as ImageCropRatio;
      const [x, y] = [m[3], m[4]];
      const row = await ensureImageRow(images, store, id);
      if (!row) return {};
      if (focalPercent(row.focal_x) !== Number(x) || focalPercent(row.focal_y) !== Number(y)) {
        return { redirect: imageCropUrl(id, ratio, row.focal_x, row.focal_y) };
      }
      let work = rendering.get(file);
      if (!work) {
        work = (async () => {
          const body = await renderCrop(store, row, ratio);
          if (body) await store.put(file, body, 'image/webp');
          return body;
        })().finally(() => rendering.delete(file));
        rendering.set(file, work);
      }
      return { body: await work };
    };

    app.get(
      '/images/:file(^[0-9a-f]{32}-[0-9x-]{2,12}\\.webp$)',
      {
        schema: {
          summary: 'An uploaded image in one width, or one crop of it (16x9, 4x3, 1x1) around its focal point',
          params: Type.Object({ file: Type.String({ pattern: IMAGE_KEY.source }) }),
          response: { 200: Type.Unsafe<Buffer>({ type: 'string', format: 'binary' }) },
        },
      },
      async (request, reply) => {
        const { file } = request.params as { file: string };
        let body = await store.get(file);
        if (!body && CROP_KEY.test(file)) {
          const made = await crop(file);
          if (made.redirect) return reply.redirect(made.redirect, 301);
          body = made.body;
        }
        if (!body) throw new HttpProblem(404, 'No such image.');
        return reply
          .header('cache-control', 'public, max-age=31536000, immutable')
          .header('x-content-type-options', 'nosniff')
          .type('image/webp')
          .send(body);
      },
    );
  },
  { name: 'images', dependencies: ['problem'] },
);
