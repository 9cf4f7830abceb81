import { AzureMonitorMetricExporter, AzureMonitorTraceExporter } from '@azure/monitor-opentelemetry-exporter';
import {
  context,
  propagation,
  ROOT_CONTEXT,
  SpanKind,
  SpanStatusCode,
  trace,
  type Span,
  type Tracer,
} from '@opentelemetry/api';
import { UndiciInstrumentation } from '@opentelemetry/instrumentation-undici';
import { MeterProvider, PeriodicExportingMetricReader, type MetricReader } from '@opentelemetry/sdk-metrics';
import {
  BatchSpanProcessor,
  NodeTracerProvider,
  SimpleSpanProcessor,
  type SpanExporter,
} from '@opentelemetry/sdk-trace-node';
import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type {
  KyselyPlugin,
  PluginTransformQueryArgs,
  PluginTransformResultArgs,
  QueryResult,
  RootOperationNode,
  UnknownRow,
} from 'kysely';
import type { Db } from '../db/index.ts';
import { redactUrl } from './logger.ts';
import type { ServerTelemetry } from './server-telemetry.ts';
import { REQUEST_SPAN } from './request-span.ts';

/** Loaded by otel.ts only when a connection string is set. */
export const SERVICE_NAME = 'tabloid';
/** Spans are sent in batches at least this often. */
export const EXPORT_DELAY_MS = 5_000;
/** Metrics (gauges) are collected and sent this often, and once more at shutdown. */
export const METRICS_INTERVAL_MS = 60_000;

/**
 * `exporter` replaces the Azure Monitor exporter (tests: an in-memory exporter, spans passed on at
 * once); `metricReader` replaces the periodic reader of the Azure Monitor metric exporter.
 */
export function createServerTelemetry(
  connectionString: string,
  options: { exporter?: SpanExporter; metricReader?: MetricReader } = {},
): ServerTelemetry {
  // the cloud role name in Application Insights
  process.env.OTEL_SERVICE_NAME ||= SERVICE_NAME;
  const processor = options.exporter
    ? new SimpleSpanProcessor(options.exporter)
    : new BatchSpanProcessor(new AzureMonitorTraceExporter({ connectionString }), {
        scheduledDelayMillis: EXPORT_DELAY_MS,
      });
  const provider = new NodeTracerProvider({ spanProcessors: [processor] });
  provider.register();
  // outgoing fetch (X, Facebook): undici reports through diagnostics channels, no patching needed
  const undici = new UndiciInstrumentation({
    ignoreRequestHook: (request) => request.path.startsWith('/v2') && request.path.endsWith('/track'),
  });
  const tracer = trace.getTracer(SERVICE_NAME);
  // Its own provider, not the global one: nothing else in the process records metrics.
  const meterProvider = new MeterProvider({
    readers: [
      options.metricReader ??
        new PeriodicExportingMetricReader({
          exporter: new AzureMonitorMetricExporter({ connectionString }),
          exportIntervalMillis: METRICS_INTERVAL_MS,
        }),
    ],
  });
  const meter = meterProvider.getMeter(SERVICE_NAME);

  return {
    fastifyPlugin: requestSpans(tracer),
    instrumentDatabase(database: Db) {
      database.db = database.db.withPlugin(new QuerySpans(tracer, database.dialect));
    },
    observeGauge(name, description, read) {
      meter.createObservableGauge(name, { description }).addCallback((result) => result.observe(read()));
    },
    flush: async () => {
      await Promise.all([provider.forceFlush(), meterProvider.forceFlush()]);
    },
    async shutdown() {
      undici.disable();
      await Promise.all([provider.shutdown(), meterProvider.shutdown()]);
      // Release the globals register() took, so a later start in the same process (a test file after
      // another in one worker) registers its own provider.
      trace.disable();
      context.disable();
      propagation.disable();
    },
  };
}

const requestSpan = REQUEST_SPAN;
type WithSpan = FastifyRequest & { [requestSpan]?: Span };

/** A server span per request (becomes RequestData), with the route, status and any exception. */
function requestSpans(tracer: Tracer) {
  return fp(
    async function telemetryRequests(app: FastifyInstance) {
      app.addHook('onRequest', (request, _reply, done) => {
        const parent = propagation.extract(ROOT_CONTEXT, request.headers);
        // A preview link's token is masked here too (the span's name and url.path).
        const path = redactUrl(request.url.split('?')[0] ?? '/');
        const span = tracer.startSpan(
          `${request.method} ${path}`,
          {
            kind: SpanKind.SERVER,
            attributes: {
              'http.request.method': request.method,
              'url.full': redactUrl(`${request.protocol}://${request.host}${request.url}`),
              'url.path': path,
              'url.scheme': request.protocol,
              'server.address': request.hostname,
              'client.address': request.ip,
              'user_agent.original': request.headers['user-agent'] ?? '',
            },
          },
          parent,
        );
        (request as WithSpan)[requestSpan] = span;
        context.with(trace.setSpan(parent, span), done);
      });
      app.addHook('onError', async (request, _reply, error) => {
        const span = (request as WithSpan)[requestSpan];
        if (!span) return;
        span.recordException(error);
        if (
          (error as { statusCode?: number }).statusCode === undefined ||
          ((error as { statusCode?: number }).statusCode ?? 500) >= 500
        ) {
          span.setStatus({ code: SpanStatusCode.ERROR, message: error.message });
        }
      });
      app.addHook('onResponse', async (request, reply) => {
        const span = (request as WithSpan)[requestSpan];
        if (!span) return;
        const route = request.routeOptions.url;
        if (route) {
          span.setAttribute('http.route', route);
          span.updateName(`${request.method} ${route}`);
        }
        span.setAttribute('http.response.status_code', reply.statusCode);
        if (reply.statusCode >= 500) span.setStatus({ code: SpanStatusCode.ERROR });
        span.end();
      });
    },
    { name: 'telemetry-requests' },
  );
}

/**
 * A client span per Kysely query (becomes a SQL RemoteDependencyData): started when the query is
 * compiled, ended when its result arrives. A query that fails never reaches transformResult; its
 * span is dropped with the query id (WeakMap), the request span records the error.
 */
class QuerySpans implements KyselyPlugin {
  private readonly spans = new WeakMap<object, Span>();

  constructor(
    private readonly tracer: Tracer,
    private readonly dialect: 'sqlite' | 'postgres',
  ) {}

  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    const operation = operationOf(args.node);
    const table = tableOf(args.node);
    const span = this.tracer.startSpan(`${operation}${table ? ` ${table}` : ''}`, {
      kind: SpanKind.CLIENT,
      attributes: {
        'db.system': this.dialect === 'postgres' ? 'postgresql' : 'sqlite',
        'db.operation': operation,
        ...(table ? { 'db.sql.table': table } : {}),
        'db.name': this.dialect === 'postgres' ? 'tabloid' : 'tabloid.db',
      },
    });
    this.spans.set(args.queryId, span);
    return args.node;
  }

  async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    const span = this.spans.get(args.queryId);
    if (span) {
      this.spans.delete(args.queryId);
      span.end();
    }
    return args.result;
  }
}

function operationOf(node: RootOperationNode): string {
  switch (node.kind) {
    case 'SelectQueryNode':
      return 'SELECT';
    case 'InsertQueryNode':
      return 'INSERT';
    case 'UpdateQueryNode':
      return 'UPDATE';
    case 'DeleteQueryNode':
      return 'DELETE';
    default:
      return node.kind.replace(/Node$/, '').toUpperCase();
  }
}

function tableOf(node: RootOperationNode): string | undefined {
  const n: Record<string, unknown> = { ...node };
  const candidates = [n.into, n.table, (n.from as { froms?: unknown[] } | undefined)?.froms?.[0]];
  for (const c of candidates) {
    const name = (c as { table?: { identifier?: { name?: string } } } | undefined)?.table?.identifier?.name;
    if (name) return name;
  }
  return undefined;
}
