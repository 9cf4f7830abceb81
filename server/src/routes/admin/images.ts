import crypto from 'node:crypto';
import type { FastifyPluginAsync } from 'fastify';
import multipart from '@fastify/multipart';
import { Type } from '@sinclair/typebox';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { imageVariantUrl } from '../../../../common/images.ts';
import { formatMegabytes } from '../../../../common/file-size.ts';
import { HttpProblem } from '../../plugins/problem.ts';
import { ImageRejected, processImage } from '../../images/process.ts';
import { DecodeBusy } from '../../images/decode-queue.ts';
import { cropKeys, ensureImageRow, toLibraryItem } from '../../images/library.ts';
import { ImagesRepository } from '../../repositories/images-repository.ts';
import { ValidationError, forbiddenCharacterErrors } from '../../domain/typebox-validation.ts';
import {
  characterLimitErrors,
  IMAGE_ALT_MAX,
  IMAGE_CAPTION_MAX,
  IMAGE_CREDIT_MAX,
} from '../../domain/article-input.ts';
import { actorOf } from '../../auth/actor.ts';
import { clearNewsCache } from '../../services/news-cache.ts';
import {
  ImageIdParamsSchema,
  ImageLibraryItemSchema,
  ImageListQuerySchema,
  ImageListSchema,
  ImagePatchSchema,
  ImageUploadSchema,
} from './schemas.ts';

/** The library's description of a picture, limited as an article's (in characters, counted after trimming). */
const IMAGE_TEXT_LIMITS = { alt: IMAGE_ALT_MAX, caption: IMAGE_CAPTION_MAX, credit: IMAGE_CREDIT_MAX };

/** Pictures per page of the library. */
export const IMAGE_PAGE_SIZE = 24;

/**
 * POST /api/admin/images: one image (multipart/form-data, file field `file`), at most
 * IMAGE_MAX_BYTES. Checked by content, stripped of metadata, stored in every width of
 * common/images.ts as WebP, and added to the library (`images`). A refused file stores nothing.
 * GET /api/admin/images?q=&page=&described=&id=: the library, newest first, searched in alt, caption and
 * credit; `described=no` keeps the pictures without a description (alt text), `yes` those with one;
 * `id` only that picture. Each picture says which articles use it (`usedBy`: how many, the newest
 * three); `maxUploadBytes` is IMAGE_MAX_BYTES, for the upload hints.
 * PATCH /api/admin/images/{id}: its description and focal point (decision 033); the articles showing
 * it get the new focal point, and its description when they have none of their own. A change is
 * audited (`image-update`, by the signed-in editor) in the same transaction, which also queues the
 * changed public articles' URLs for IndexNow when it is on.
 */
const imageRoutes: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  // IndexNow hears of the public articles a picture change changed (decision 045), when it is on.
  const indexNow = app.hasDecorator('indexNow') ? app.indexNow : undefined;
  const images = new ImagesRepository(app.database.db, indexNow?.onImageChanged.bind(indexNow));
  const maxBytes = app.config.newsroom.imageMaxBytes;
  await app.register(multipart, {
    limits: { fileSize: maxBytes, files: 1, fields: 5, fieldSize: 1024, parts: 6, headerPairs: 100 },
  });

  app.post(
    '/images',
    {
      schema: {
        consumes: ['multipart/form-data'],
        body: Type.Object({ file: Type.Unsafe<unknown>({ type: 'string', format: 'binary' }) }),
        response: { 201: ImageUploadSchema },
      },
      // The multipart body is read and checked by the handler (the parser leaves it unparsed).
      validatorCompiler: () => () => true,
    },
    async (request, reply) => {
      if (!request.isMultipart()) {
        throw new HttpProblem(415, 'Send the image as multipart/form-data with a file field named "file".');
      }
      let bytes: Buffer;
      try {
        const part = await request.file();
        if (!part || part.fieldname !== 'file') {
          throw new HttpProblem(400, 'No file: send the image in a file field named "file".', {
            extensions: { errors: [{ in: 'body', name: 'file', message: 'is required' }] },
          });
        }
        bytes = await part.toBuffer();
      } catch (err) {
        if (err instanceof HttpProblem) throw err;
        const code = (err as { code?: string }).code;
        if (code === 'FST_REQ_FILE_TOO_LARGE') {
          throw new HttpProblem(413, `The image is larger than ${formatMegabytes(maxBytes)}.`);
        }
        // Anything else here is the body itself (no boundary, a cut-off part, a bad part header):
        // busboy's parse errors carry no code, and none of them is the server's fault.
        throw new HttpProblem(400, 'The multipart body could not be read.');
      }
      if (bytes.length === 0) throw new HttpProblem(400, 'The file is empty.');
      let processed;
      try {
        processed = await processImage(bytes);
      } catch (err) {
        if (err instanceof ImageRejected) throw new HttpProblem(err.status, err.message);
        if (err instanceof DecodeBusy) {
          throw new HttpProblem(503, 'Another large image is being processed. Please try again in a moment.', {
            headers: { 'retry-after': String(err.retryAfterSeconds) },
          });
        }
        throw err;
      }
      const id = crypto.randomBytes(16).toString('hex');
      for (const v of processed.variants) {
        await app.imageStore.put(`${id}-${v.width}.webp`, v.body, 'image/webp');
      }
      const row = await images.insert({
        id,
        width: processed.width,
        height: processed.height,
        uploadedBy: actorOf(request).name,
      });
      const variants = processed.variants.map((v) => ({ width: v.width, url: imageVariantUrl(id, v.width) }));
      const url = variants[variants.length - 1]!.url;
      reply.code(201).header('location', url);
      return { ...toLibraryItem(row), url, variants };
    },
  );

  app.get(
    '/images',
    { schema: { querystring: ImageListQuerySchema, response: { 200: ImageListSchema } } },
    async (request) => {
      const { q, page = 1, described, id } = request.query;
      const found = await images.list({
        id,
        q: q?.trim() || undefined,
        described: described === undefined ? undefined : described === 'yes',
        page,
        pageSize: IMAGE_PAGE_SIZE,
      });
      const usage = await images.usage(found.rows.map((row) => row.id));
      const items = found.rows.map((row) => ({
        ...toLibraryItem(row),
        usedBy: usage.get(row.id) ?? { count: 0, articles: [] },
      }));
      return { items, total: found.total, page, pageSize: IMAGE_PAGE_SIZE, maxUploadBytes: maxBytes };
    },
  );

  app.patch(
    '/images/:id',
    { schema: { params: ImageIdParamsSchema, body: ImagePatchSchema, response: { 200: ImageLibraryItemSchema } } },
    async (request) => {
      const { id } = request.params;
      const forbidden = forbiddenCharacterErrors(request.body);
      if (forbidden.length > 0) throw new ValidationError(forbidden, 'body');
      const tooLong = characterLimitErrors(request.body, IMAGE_TEXT_LIMITS);
      if (tooLong.length > 0) throw new ValidationError(tooLong, 'body');
      const { alt, caption, credit, focalX, focalY } = request.body;
      // A picture uploaded before the library gets its row here.
      const before = await ensureImageRow(images, app.imageStore, id);
      if (!before) throw new HttpProblem(404, `No image ${id}.`);
      const changed = await images.update(
        id,
        {
          ...(alt !== undefined ? { alt: alt.trim() } : {}),
          ...(caption !== undefined ? { caption: caption.trim() } : {}),
          ...(credit !== undefined ? { credit: credit.trim() } : {}),
          ...(focalX !== undefined ? { focalX } : {}),
          ...(focalY !== undefined ? { focalY } : {}),
        },
        actorOf(request),
      );
      if (!changed) throw new HttpProblem(404, `No image ${id}.`);
      const after = changed.row;
      const old = cropKeys(id, before.focal_x, before.focal_y);
      if (old.join() !== cropKeys(id, after.focal_x, after.focal_y).join()) {
        // The crops at the old focal point are not shown any more (their URLs answer 301 to the new ones).
        await app.imageStore.delete(old);
      }
      // Articles showing the picture moved their crop or got its description: pages, cards and
      // sitemaps are rebuilt.
      if (changed.articles > 0) clearNewsCache(app);
      return toLibraryItem(after);
    },
  );
};

export default imageRoutes;
