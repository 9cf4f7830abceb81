import Fastify, { LogController, type FastifyServerOptions } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { Config } from './config.ts';
import type { Db } from './db/index.ts';
import './types.ts';
import problemPlugin, { frameworkErrors } from './plugins/problem.ts';
import pageSettingsPlugin from './plugins/page-settings.ts';
import openapiPlugin from './plugins/openapi.ts';
import healthRoutes from './routes/health/index.ts';
import newsCacheSyncPlugin from './plugins/news-cache-sync.ts';
import newsRoutes from './routes/news/index.ts';
import searchRoutes from './routes/search/index.ts';
import archiveRoutes from './routes/archive/index.ts';
import seoRoutes from './routes/seo/index.ts';
import configRoutes from './routes/config/index.ts';
import manifestRoutes from './routes/manifest/index.ts';
import offlineRoutes from './routes/offline/index.ts';
import authPlugin from './auth/index.ts';
import adminRoutes from './routes/admin/index.ts';
import articleEventsPlugin from './scheduler/article-events.ts';
import imagesPlugin from './images/index.ts';
import schedulerPlugin from './scheduler/index.ts';
import backupPlugin from './backup/plugin.ts';
import slugRedirectsPlugin from './plugins/slug-redirects.ts';
import indexNowPlugin from './indexnow/plugin.ts';
import jobsPlugin from './jobs/plugin.ts';
import sharingPlugin from './sharing/plugin.ts';
import livePlugin from './live/plugin.ts';
import liveBlogPlugin from './live-blog/plugin.ts';
import previewsPlugin from './previews/plugin.ts';
import articleReadsPlugin from './reads/plugin.ts';
import type { ReadCountingOptions } from './reads/article-reads.ts';
import { loggerOptions, requestIdFor } from './telemetry/logger.ts';
import requestIdPlugin from './telemetry/request-id.ts';
import type { ServerTelemetry } from './telemetry/server-telemetry.ts';
import spaPlugin from './plugins/spa.ts';
import { RequestActivity } from './plugins/request-activity.ts';
import { clientErrorHandler } from './rendering/error-page.ts';
import securityHeadersPlugin from './plugins/security-headers.ts';
import sharedCachePlugin from './plugins/shared-cache.ts';
import sitePathsPlugin from './plugins/site-paths.ts';
import requestTextPlugin from './plugins/request-text.ts';
import serverTimingPlugin from './plugins/server-timing.ts';
import { fastifyTrustProxy } from './trust-proxy.ts';
import { typeboxValidatorCompiler } from './domain/typebox-validation.ts';

export interface AppOptions {
  config: Config;
  database: Db;
  logger?: FastifyServerOptions['logger'];
  /** Server telemetry (telemetry/server-telemetry.ts), when APPLICATIONINSIGHTS_CONNECTION_STRING is set. */
  telemetry?: ServerTelemetry | null;
  /** Read counting's timings (reads/article-reads.ts); tests shorten them. */
  reads?: ReadCountingOptions;
}

/**
 * Builds the whole application (API, sign-in, pages) without listening.
 * server.ts listens; tests call this and use inject() or listen on port 0.
 */
export async function buildApp({ config, database, logger, telemetry, reads }: AppOptions) {
  // The requests Fastify is answering: the job workers give way to them (jobs/queue.ts).
  const activity = new RequestActivity();
  const app = Fastify({
    // JSON lines with the request id (reqId) and secrets redacted (telemetry/logger.ts)
    logger: logger ?? loggerOptions(config.logLevel),
    // TRUST_PROXY (default false): a forged X-Forwarded-For cannot change request.ip
    trustProxy: fastifyTrustProxy(config.trustProxy),
    // a caller's x-request-id is kept when it is a plain token, else a new UUID
    genReqId: requestIdFor,
    // One access line per request (telemetry/request-id.ts) instead of Fastify's incoming/completed pair.
    logController: new LogController({ disableRequestLogging: true }),
    requestIdHeader: false,
    // Above any URL Node accepts (16 KB headers), so an over-long slug reaches validation (400), not a 404.
    routerOptions: { maxParamLength: 16_384 },
    // Bad URL encoding and over-long parameters answer problem+json like every other error.
    frameworkErrors,
    // A request Node refuses before routing (e.g. a URL over the header size limit): an HTML error page.
    clientErrorHandler,
    // On close (SIGTERM): idle keep-alive sockets are closed at once, in-flight requests finish.
    forceCloseConnections: 'idle',
  }).withTypeProvider<TypeBoxTypeProvider>();

  // One validator for every route: TypeBox's compiler with one message table (docs/decisions/016).
  app.setValidatorCompiler(typeboxValidatorCompiler);
  app.decorate('config', config);
  app.decorate('database', database);
  app.decorate('requestActivity', activity);
  // Counted from the first hook: the job workers give way while any request is being answered.
  app.addHook('onRequest', (_request, reply, done) => {
    activity.track(reply.raw);
    done();
  });

  await app.register(requestIdPlugin);
  if (telemetry) await app.register(telemetry.fastifyPlugin);
  await app.register(securityHeadersPlugin);
  // Answers to requests with credentials, and to writes, are kept by no shared cache.
  await app.register(sharedCachePlugin);
  // A redirect never leaves the site: '//host' and '/\\host' paths answer 404, every Location stays here.
  await app.register(sitePathsPlugin);
  // Server-Timing on API answers: the server's own time, for developer tools and the benches.
  await app.register(serverTimingPlugin);
  await app.register(problemPlugin);
  // Query strings and paths holding a control character (NUL...) are refused before any route.
  await app.register(requestTextPlugin);
  // Before every route: the OpenAPI document is collected from the routes' schemas.
  await app.register(openapiPlugin);
  await app.register(healthRoutes);
  await app.register(pageSettingsPlugin);
  await app.register(newsRoutes);
  // Read counts and the 'MOST READ' list (reads/, decision 049): the beacon, the list, the timed writes.
  await app.register(articleReadsPlugin, reads ?? {});
  await app.register(searchRoutes);
  await app.register(archiveRoutes);
  await app.register(seoRoutes);
  // Several instances on PostgreSQL: newsCache.clear() reaches every instance (LISTEN/NOTIFY).
  await app.register(newsCacheSyncPlugin);
  await app.register(configRoutes);
  await app.register(manifestRoutes);
  await app.register(offlineRoutes);
  await app.register(authPlugin);
  await app.register(articleEventsPlugin);
  // Live updates: the event log, app.live.publish() and GET /live/stream (live/plugin.ts).
  await app.register(livePlugin, { telemetry });
  // Uploaded images: storage and the public /images/<id>-<width>.webp route.
  await app.register(imagesPlugin);
  // The job queue (jobs/plugin.ts, decision 023): app.jobs, before the features whose jobs it runs;
  // its workers start once the app is ready (SHARE_JOBS_ENABLED).
  await app.register(jobsPlugin);
  // Sharing to X and Facebook (sharing/): before the admin API and the scheduler, since publishing
  // queues share jobs through app.articleShares.
  await app.register(sharingPlugin);
  // IndexNow (indexnow/): the key file and the notifier whose jobs run on the job queue; off
  // without INDEXNOW_KEY. Before the admin API and the scheduler, whose writes queue its jobs.
  await app.register(indexNowPlugin);
  await app.register(adminRoutes);
  // Live blogs (live-blog/): the newsroom's coverage and entries API, readers' older entries.
  await app.register(liveBlogPlugin);
  // Preview links (previews/): an unpublished article's secret page and the newsroom's API for it.
  await app.register(previewsPlugin);
  // Publishes scheduled articles and empties the trash (SCHEDULER_INTERVAL_MS).
  await app.register(schedulerPlugin);
  // Marks DATA_DIR as in use (a restore refuses it) and takes scheduled backups (BACKUP_INTERVAL_HOURS).
  await app.register(backupPlugin);
  // Old slugs of published articles answer 301 to the current one.
  await app.register(slugRedirectsPlugin);
  // Last: static assets and the HTML shell for every page route (with per-article meta tags).
  await app.register(spaPlugin);
  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
