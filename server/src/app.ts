import Fastify, { type FastifyServerOptions } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { Config } from './config.ts';
import type { Db } from './db/index.ts';
import './types.ts';
import problemPlugin from './plugins/problem.ts';
import newsRoutes from './routes/news/index.ts';
import configRoutes from './routes/config/index.ts';
import authPlugin from './auth/index.ts';
import adminRoutes from './routes/admin/index.ts';
import spaPlugin from './plugins/spa.ts';

export interface AppOptions {
  config: Config;
  database: Db;
  logger?: FastifyServerOptions['logger'];
}

/**
 * Builds the whole application (API, sign-in, pages) without listening.
 * server.ts listens; tests call this and use inject() or listen on port 0.
 */
export async function buildApp({ config, database, logger }: AppOptions) {
  const app = Fastify({
    logger: logger ?? { level: config.logLevel },
    trustProxy: true,
    genReqId: () => crypto.randomUUID(),
    requestIdHeader: 'x-request-id',
    ajv: { customOptions: { coerceTypes: true, removeAdditional: false, allErrors: false } },
  }).withTypeProvider<TypeBoxTypeProvider>();

  app.decorate('config', config);
  app.decorate('database', database);

  await app.register(problemPlugin);
  await app.register(newsRoutes);
  await app.register(configRoutes);
  await app.register(authPlugin);
  await app.register(adminRoutes);
  // Last: static assets and the HTML shell for every page route (with per-article meta tags).
  await app.register(spaPlugin);
  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
