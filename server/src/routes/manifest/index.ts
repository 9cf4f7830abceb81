import fp from 'fastify-plugin';
import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { etagOf, sendCached, SHARED_CACHE_CONTROL } from '../../plugins/http-cache.ts';
import { MANIFEST_CONTENT_TYPE, MANIFEST_PATH, webManifest } from '../../rendering/web-manifest.ts';

const IconSchema = Type.Object({
  src: Type.String(),
  sizes: Type.String(),
  type: Type.String(),
  purpose: Type.String(),
});
const WebManifestSchema = Type.Object(
  {
    id: Type.String(),
    name: Type.String(),
    short_name: Type.String(),
    description: Type.String(),
    lang: Type.String(),
    dir: Type.String(),
    start_url: Type.String(),
    scope: Type.String(),
    display: Type.String(),
    theme_color: Type.String(),
    background_color: Type.String(),
    categories: Type.Array(Type.String()),
    icons: Type.Array(IconSchema),
  },
  { description: 'A web app manifest (application/manifest+json)' },
);

/**
 * GET /manifest.webmanifest: the web app manifest, named after the site (SITE_NAME). Served by the
 * app rather than from web/public so that it follows the configured name; cached like the pages.
 */
export default fp(
  async function manifestRoutes(fastify: FastifyInstance) {
    const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
    const body = JSON.stringify(webManifest(app.config.siteName));
    const etag = etagOf(body);

    app.get(
      MANIFEST_PATH,
      { schema: { summary: 'The web app manifest', response: { 200: WebManifestSchema } } },
      async (request, reply) =>
        sendCached(request, reply, body, etag, {
          cacheControl: SHARED_CACHE_CONTROL,
          contentType: MANIFEST_CONTENT_TYPE,
        }),
    );
  },
  { name: 'manifest-routes', dependencies: ['problem'] },
);
