import fp from 'fastify-plugin';
import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { etagOf, sendCached } from '../../plugins/http-cache.ts';
import { appInsightsConfig } from './app-insights.ts';

export const AppInsightsConfigSchema = Type.Object({
  ConnectionString: Type.String(),
  InstrumentationKey: Type.String(),
});

/**
 * GET /api/config/appinsights -> { ConnectionString, InstrumentationKey } for the browser's
 * telemetry client (both '' when APPLICATIONINSIGHTS_CONNECTION_STRING is unset). The connection
 * string is public by design: it only allows sending telemetry.
 */
export default fp(
  async function configRoutes(fastify: FastifyInstance) {
    const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
    const body = JSON.stringify(appInsightsConfig(app.config.appInsightsConnectionString));
    const etag = etagOf(body);

    app.get(
      '/api/config/appinsights',
      { schema: { summary: 'Telemetry configuration for the browser', response: { 200: AppInsightsConfigSchema } } },
      async (request, reply) =>
        sendCached(request, reply, body, etag, {
          cacheControl: 'public, max-age=300',
          contentType: 'application/json; charset=utf-8',
        }),
    );
  },
  { name: 'config-routes', dependencies: ['problem'] },
);
