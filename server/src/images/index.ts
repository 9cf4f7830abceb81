import path from 'node:path';
import fp from 'fastify-plugin';
import { Type } from '@sinclair/typebox';
import { HttpProblem } from '../plugins/problem.ts';
import { FileImageStore, S3ImageStore, type ImageStore } from './storage.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Uploaded images (admin uploads them, everyone reads them at /images/<id>-<width>.webp). */
    imageStore: ImageStore;
  }
}

/** The stable public name of one stored width: never changes, so it is cached for a year. */
export const IMAGE_KEY = /^[0-9a-f]{32}-\d{2,4}\.webp$/;

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

    app.get(
      '/images/:file(^[0-9a-f]{32}-\\d{2,4}\\.webp$)',
      {
        schema: {
          summary: 'An uploaded image in one width',
          params: Type.Object({ file: Type.String({ pattern: IMAGE_KEY.source }) }),
          response: { 200: Type.Unsafe<Buffer>({ type: 'string', format: 'binary' }) },
        },
      },
      async (request, reply) => {
        const { file } = request.params as { file: string };
        const body = await store.get(file);
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
