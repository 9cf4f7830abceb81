/**
 * A local stand-in for Application Insights' ingestion endpoint, for tests and local runs:
 * point a connection string at it (`InstrumentationKey=<key>;IngestionEndpoint=<baseUrl>/`).
 *  - answers the browser's CORS preflight (POST, the requested headers);
 *  - accepts POST /v2/track and /v2.1/track with a JSON array or newline-delimited envelopes,
 *    plain, gzip or deflate encoded;
 *  - checks each envelope like the service does (iKey present and ours, name, time, data.baseType; an
 *    ExceptionData's exceptions, each with typeName and message),
 *    stores the good ones and answers { itemsReceived, itemsAccepted, errors }: 200 when all were
 *    accepted, 206 with per-item errors when some were not, 400 when none was.
 * Dev mode: `node --import tsx server/src/fakes/appinsights-collector.ts` prints what arrives.
 */
import http from 'node:http';
import https from 'node:https';
import type { AddressInfo, Socket } from 'node:net';
import { promisify } from 'node:util';
import zlib from 'node:zlib';

const gunzip = promisify(zlib.gunzip);
const inflate = promisify(zlib.inflate);

export interface Envelope {
  iKey: string;
  name: string;
  time: string;
  tags?: Record<string, string>;
  data: { baseType: string; baseData?: Record<string, unknown> };
  [key: string]: unknown;
}

export interface ItemError {
  index: number;
  statusCode: number;
  message: string;
}

export interface CollectorRequest {
  method: string;
  path: string;
  status: number;
  origin?: string;
}

export interface AppInsightsCollector {
  /** http(s)://127.0.0.1:PORT (no trailing slash). */
  baseUrl: string;
  instrumentationKey: string;
  /** A connection string pointing at this collector. */
  connectionString: string;
  /** Accepted envelopes, in arrival order. */
  readonly envelopes: Envelope[];
  /** Every request (including preflights and rejected ones). */
  readonly requests: CollectorRequest[];
  /** Accepted envelopes of one data.baseType (PageviewData, EventData, RemoteDependencyData, RequestData, ...). */
  ofType(baseType: string): Envelope[];
  clear(): void;
  close(): Promise<void>;
}

export interface CollectorOptions {
  instrumentationKey?: string;
  port?: number;
  /**
   * Serve HTTPS with this key and certificate (PEM). The server-side Azure Monitor exporter only
   * talks https (it rewrites http:// endpoints), so its tests need this; browsers are fine with http.
   */
  tls?: { key: string; cert: string };
}

const TRACK_PATHS = new Set(['/v2/track', '/v2.1/track']);
const MAX_BODY_BYTES = 10 * 1024 * 1024;

/** Splits a body into envelopes: a JSON array, one JSON object, or one JSON object per line. */
export function parseEnvelopes(text: string): unknown[] {
  const trimmed = text.trim();
  if (!trimmed) return [];
  if (trimmed.startsWith('[')) {
    const parsed = JSON.parse(trimmed) as unknown;
    if (!Array.isArray(parsed)) throw new Error('not an array');
    return parsed;
  }
  return trimmed
    .split(/\r?\n/)
    .filter((line) => line.trim())
    .map((line) => JSON.parse(line) as unknown);
}

/** What the service would say about one envelope: null when it is fine. */
export function checkEnvelope(item: unknown, instrumentationKey: string): string | null {
  if (!item || typeof item !== 'object') return 'Envelope must be an object';
  const e = item as Partial<Envelope>;
  if (typeof e.iKey !== 'string' || !e.iKey) return 'Field iKey on type Envelope is required';
  if (normalizeKey(e.iKey) !== normalizeKey(instrumentationKey)) return 'Invalid instrumentation key';
  if (typeof e.name !== 'string' || !e.name) return 'Field name on type Envelope is required';
  if (typeof e.time !== 'string' || Number.isNaN(Date.parse(e.time))) return 'Field time on type Envelope is required';
  const data = e.data as Envelope['data'] | undefined;
  if (!data || typeof data !== 'object' || typeof data.baseType !== 'string' || !data.baseType) {
    return 'Field baseType on type Data is required';
  }
  if (data.baseType === 'ExceptionData') return checkExceptionData(data.baseData);
  return null;
}

/**
 * Microsoft.ApplicationInsights.Exception: baseData { ver, exceptions: [{ typeName, message, hasFullStack,
 * stack or parsedStack }], severityLevel?, properties? }; the service requires the exceptions and each
 * one's type name and message.
 */
function checkExceptionData(baseData: Record<string, unknown> | undefined): string | null {
  const exceptions = baseData?.exceptions;
  if (!Array.isArray(exceptions) || exceptions.length === 0)
    return 'Field exceptions on type ExceptionData is required';
  for (const x of exceptions as unknown[]) {
    const detail = (x && typeof x === 'object' ? x : {}) as Record<string, unknown>;
    if (typeof detail.typeName !== 'string' || !detail.typeName) {
      return 'Field typeName on type ExceptionDetails is required';
    }
    if (typeof detail.message !== 'string') return 'Field message on type ExceptionDetails is required';
  }
  return null;
}

function normalizeKey(key: string): string {
  return key.trim().toLowerCase();
}

async function decode(body: Buffer, encoding: string | undefined): Promise<string> {
  const e = (encoding ?? '').trim().toLowerCase();
  if (e === 'gzip' || e === 'x-gzip') return (await gunzip(body)).toString('utf8');
  if (e === 'deflate') return (await inflate(body)).toString('utf8');
  return body.toString('utf8');
}

export async function startAppInsightsCollector(options: CollectorOptions = {}): Promise<AppInsightsCollector> {
  const instrumentationKey = options.instrumentationKey ?? crypto.randomUUID();
  const envelopes: Envelope[] = [];
  const requests: CollectorRequest[] = [];
  const sockets = new Set<Socket>();

  const handler: http.RequestListener = (req, res) => {
    const origin = typeof req.headers.origin === 'string' ? req.headers.origin : undefined;
    const path = new URL(req.url ?? '/', 'http://127.0.0.1').pathname;
    const cors: Record<string, string> = origin
      ? { 'access-control-allow-origin': origin, vary: 'Origin', 'access-control-allow-credentials': 'true' }
      : {};
    const send = (status: number, body?: unknown, headers: Record<string, string> = {}) => {
      requests.push({ method: req.method ?? '', path, status, origin });
      res.writeHead(status, {
        ...cors,
        ...(body === undefined ? {} : { 'content-type': 'application/json; charset=utf-8' }),
        ...headers,
      });
      res.end(body === undefined ? undefined : JSON.stringify(body));
    };

    if (req.method === 'OPTIONS') {
      const asked = req.headers['access-control-request-headers'];
      return send(204, undefined, {
        'access-control-allow-methods': 'POST, OPTIONS',
        'access-control-allow-headers': typeof asked === 'string' && asked ? asked : 'content-type',
        'access-control-max-age': '600',
      });
    }
    if (!TRACK_PATHS.has(path)) return send(404, { error: `no such endpoint: ${path}` });
    if (req.method !== 'POST') return send(405, { error: 'POST only' }, { allow: 'POST, OPTIONS' });

    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= MAX_BODY_BYTES) chunks.push(chunk);
    });
    req.on('end', () => {
      void (async () => {
        if (size > MAX_BODY_BYTES) return send(413, { itemsReceived: 0, itemsAccepted: 0, errors: [] });
        let items: unknown[];
        try {
          items = parseEnvelopes(
            await decode(Buffer.concat(chunks), req.headers['content-encoding'] as string | undefined),
          );
        } catch {
          return send(400, {
            itemsReceived: 0,
            itemsAccepted: 0,
            errors: [{ index: 0, statusCode: 400, message: 'Invalid JSON payload' }],
          });
        }
        const errors: ItemError[] = [];
        items.forEach((item, index) => {
          const problem = checkEnvelope(item, instrumentationKey);
          if (problem) errors.push({ index, statusCode: 400, message: problem });
          else envelopes.push(item as Envelope);
        });
        const accepted = items.length - errors.length;
        const status = errors.length === 0 ? 200 : accepted === 0 ? 400 : 206;
        send(status, { itemsReceived: items.length, itemsAccepted: accepted, appId: null, errors });
      })().catch(() => send(500, { itemsReceived: 0, itemsAccepted: 0, errors: [] }));
    });
  };
  const server = options.tls
    ? https.createServer({ key: options.tls.key, cert: options.tls.cert }, handler)
    : http.createServer(handler);
  server.on('connection', (socket: Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const baseUrl = `${options.tls ? 'https' : 'http'}://127.0.0.1:${port}`;

  return {
    baseUrl,
    instrumentationKey,
    connectionString: `InstrumentationKey=${instrumentationKey};IngestionEndpoint=${baseUrl}/`,
    envelopes,
    requests,
    ofType: (baseType) => envelopes.filter((e) => e.data?.baseType === baseType),
    clear() {
      envelopes.length = 0;
      requests.length = 0;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

// Dev mode: run this file directly to collect locally and print each item.
if (import.meta.url === `file://${process.argv[1]}`) {
  const collector = await startAppInsightsCollector({ port: Number(process.env.COLLECTOR_PORT ?? 4020) });
  console.log(`Application Insights collector on ${collector.baseUrl}. Start the site with:`);
  console.log(`  APPLICATIONINSIGHTS_CONNECTION_STRING='${collector.connectionString}' npm run dev\n`);
  let shown = 0;
  setInterval(() => {
    for (const e of collector.envelopes.slice(shown)) {
      const base = e.data.baseData ?? {};
      const exception = (base.exceptions as { message?: unknown }[] | undefined)?.[0]?.message;
      console.log(
        `${e.time} ${e.data.baseType} ${String(base.name ?? base.message ?? exception ?? '')} ${String(base.resultCode ?? base.responseCode ?? '')}`,
      );
    }
    shown = collector.envelopes.length;
  }, 500);
}
