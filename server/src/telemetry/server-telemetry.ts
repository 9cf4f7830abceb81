import type { FastifyPluginAsync } from 'fastify';
import type { Db } from '../db/index.ts';

/**
 * Server telemetry to Application Insights through OpenTelemetry and the Azure Monitor exporter,
 * on only when APPLICATIONINSIGHTS_CONNECTION_STRING is set (otel.ts starts it; otel-sdk.ts is it).
 *
 * What is sent: each HTTP request (a server span per request: RequestData), its exceptions
 * (ExceptionData), database queries (a client span per Kysely query, both dialects) and outgoing
 * HTTP through fetch, i.e. the X and Facebook calls (undici instrumentation), and a few gauges
 * (the open live streams) as custom metrics once a minute.
 */
export interface ServerTelemetry {
  /** Registers the request spans (buildApp does this first, before any route). */
  readonly fastifyPlugin: FastifyPluginAsync;
  /** Adds a span per query to the database handle (call before buildApp). */
  instrumentDatabase(database: Db): void;
  /**
   * A gauge read when metrics are collected (every minute, and at shutdown): e.g. the open live
   * streams (`live.streams.open`). Costs nothing between collections.
   */
  observeGauge(name: string, description: string, read: () => number): void;
  /** Sends what is buffered now. */
  flush(): Promise<void>;
  shutdown(): Promise<void>;
}
