import crypto from 'node:crypto';
import type { FastifyPluginAsync } from 'fastify';
import multipart from '@fastify/multipart';
import { Type } from '@sinclair/typebox';
import { imageSrcSet, imageVariantUrl } from '../../../../common/images.ts';
import { HttpProblem } from '../../plugins/problem.ts';
import { ImageRejected, processImage } from '../../images/process.ts';
import { DecodeBusy } from '../../images/decode-queue.ts';
import { ImageUploadSchema } from './schemas.ts';

/**
 * POST /api/admin/images: one image (multipart/form-data, file field `file`), at most
 * IMAGE_MAX_BYTES. Checked by content, stripped of metadata, stored in every width of
 * common/images.ts as WebP. A refused file stores nothing.
 */
const imageRoutes: FastifyPluginAsync = async (app) => {
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
          throw new HttpProblem(413, `The image is larger than ${Math.round(maxBytes / 1024 / 1024)} MB.`);
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
      const variants = processed.variants.map((v) => ({ width: v.width, url: imageVariantUrl(id, v.width) }));
      const url = variants[variants.length - 1]!.url;
      reply.code(201).header('location', url);
      return { id, url, width: processed.width, height: processed.height, variants, srcset: imageSrcSet(url) ?? '' };
    },
  );
};

export default imageRoutes;
