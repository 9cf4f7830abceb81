import fp from 'fastify-plugin';
import { withDirectives } from './content-security-policy.ts';
import type { FastifyInstance } from 'fastify';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import { openapiUiTheme } from './openapi-ui-theme.ts';

export const OPENAPI_UI_PREFIX = '/api/docs';

/**
 * The API described by an OpenAPI 3 document generated from the route schemas (@fastify/swagger),
 * served at /api/docs/json (and /api/docs/yaml), with Swagger UI at /api/docs. The UI's files come
 * from the installed package (no CDN). Its pages carry their own Content-Security-Policy (the UI
 * sets style attributes and shows data: images); the public pages keep their strict policy (plugins/spa.ts).
 * Register before the routes: routes added later are collected through onRoute.
 */
export default fp(
  async function openapi(app: FastifyInstance) {
    await app.register(fastifySwagger, {
      openapi: {
        openapi: '3.0.3',
        info: {
          title: `${app.config.siteName} API`,
          // Markdown. Its heading sits between the page's title (h1) and the groups (h3) Swagger UI draws.
          description:
            "Public news API, editors' admin API (bearer access tokens of the sign-in provider), social publishing, operations probes.\n\n" +
            "## Endpoints\n\nGrouped by tag. The admin and social endpoints need an editor's access token: Authorize.",
          version: '1.0.0',
        },
        components: {
          securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
        },
      },
      // Hide the sign-in provider's internals and the page shell's catch-all.
      hideUntagged: false,
      transform: ({ schema, url, route }) => {
        const hidden =
          url === '/*' || url.startsWith('/oidc') || url.startsWith(OPENAPI_UI_PREFIX) || url.startsWith('/test/');
        const out = { ...(schema ?? {}) } as Record<string, unknown>;
        if (hidden) out.hide = true;
        // Admin and social routes need an editor's bearer token.
        if (/^\/api\/(admin|social)(\/|$)/.test(url) && !out.security) out.security = [{ bearerAuth: [] }];
        if (!out.tags) {
          const tag = url.startsWith('/News')
            ? 'news'
            : url.startsWith('/api/admin')
              ? 'admin'
              : url.startsWith('/api/social')
                ? 'social'
                : url.startsWith('/api/config')
                  ? 'config'
                  : undefined;
          if (tag) out.tags = [tag];
        }
        void route;
        return { schema: out as never, url };
      },
    });

    await app.register(fastifySwaggerUi, {
      routePrefix: OPENAPI_UI_PREFIX,
      staticCSP: true,
      // The UI's own policy, with framing, <base> and form posts shut off (each directive once), its
      // styles, fonts and pictures from this server only, and the style attributes its scripts set
      // (style-src-attr).
      transformStaticCSP: (header) =>
        withDirectives(header, {
          'frame-ancestors': "'none'",
          'base-uri': "'none'",
          'form-action': "'none'",
          'style-src': "'self'",
          'style-src-attr': "'unsafe-inline'",
          'font-src': "'self' data:",
          'img-src': "'self' data:",
        }),
      // No validator badge: it would send the document's address to validator.swagger.io. No top bar
      // (BaseLayout): its logo has no text alternative and its "Explore" box (load another document)
      // no label; the page's title is the API's. The theme: openapi-ui-theme.ts.
      uiConfig: { deepLinking: false, validatorUrl: null, layout: 'BaseLayout' },
      theme: openapiUiTheme(`${app.config.siteName} API`),
    });
  },
  { name: 'openapi', dependencies: ['problem'] },
);
