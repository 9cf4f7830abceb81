import fs from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { SpanKind, SpanStatusCode } from '@opentelemetry/api';
import { InMemorySpanExporter } from '@opentelemetry/sdk-trace-node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../app.ts';
import { loadConfig } from '../config.ts';
import { openDatabase, type Db } from '../db/index.ts';
import { createServerTelemetry } from './otel-sdk.ts';
import type { ServerTelemetry } from './server-telemetry.ts';

// What the server's OpenTelemetry setup records, read from an in-memory exporter (the Azure
// Monitor exporter's own sending is covered by otel.test.ts against the local collector).

let exporter: InMemorySpanExporter;
let telemetry: ServerTelemetry;
let app: App;
let database: Db;
let dataDir: string;
let provider: http.Server;
let providerUrl: string;

beforeAll(async () => {
  exporter = new InMemorySpanExporter();
  telemetry = createServerTelemetry('InstrumentationKey=00000000-0000-0000-0000-000000000000', { exporter });
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'tabloid-spans-'));
  const config = loadConfig({
    ...process.env,
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    SEED_DEMO: 'false',
    LOG_LEVEL: 'silent',
    WEB_DIST_DIR: path.join(dataDir, 'no-dist'),
    ADMIN_USERNAME: 'test.editor',
    ADMIN_PASSWORD: 'test-only password, not a secret', // known first editor: no generated password printed
  });
  database = await openDatabase(config);
  telemetry.instrumentDatabase(database);
  app = await buildApp({ config, database, logger: false, telemetry });
  app.get('/api/test-boom', async () => {
    throw new Error('kaboom');
  });
  await app.ready();
  // stands in for X / Facebook: the clients call them with fetch
  provider = http.createServer((_req, res) =>
    res.writeHead(201, { 'content-type': 'application/json' }).end('{"data":{"id":"1"}}'),
  );
  await new Promise<void>((resolve) => provider.listen(0, '127.0.0.1', resolve));
  providerUrl = `http://127.0.0.1:${(provider.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await app?.close();
  await database?.destroy();
  await telemetry?.shutdown();
  await new Promise((resolve) => provider?.close(resolve));
  await fs.rm(dataDir, { recursive: true, force: true });
});

describe('server spans', () => {
  it('a request is a server span named by its route, with its database queries as children', async () => {
    exporter.reset();
    const res = await app.inject({ method: 'GET', url: '/News/slug/no-such-article' });
    expect(res.statusCode).toBe(404);
    const spans = exporter.getFinishedSpans();
    const request = spans.find((s) => s.kind === SpanKind.SERVER);
    expect(request?.name).toBe('GET /News/slug/:slug');
    expect(request?.attributes['http.response.status_code']).toBe(404);
    expect(request?.status.code).not.toBe(SpanStatusCode.ERROR); // a 4xx is the caller's problem
    const queries = spans.filter(
      (s) =>
        s.kind === SpanKind.CLIENT &&
        s.attributes['db.system'] === (database.dialect === 'postgres' ? 'postgresql' : 'sqlite'),
    );
    expect(queries.length).toBeGreaterThanOrEqual(1);
    expect(queries[0]!.name).toBe('SELECT articles');
    expect(queries.every((q) => q.parentSpanContext?.spanId === request!.spanContext().spanId)).toBe(true);
  });

  it('an exception is recorded on its request span, which is marked failed', async () => {
    exporter.reset();
    const res = await app.inject({ method: 'GET', url: '/api/test-boom' });
    expect(res.statusCode).toBe(500);
    expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
    const request = exporter.getFinishedSpans().find((s) => s.kind === SpanKind.SERVER)!;
    expect(request.status.code).toBe(SpanStatusCode.ERROR);
    const exception = request.events.find((e) => e.name === 'exception');
    expect(exception?.attributes?.['exception.message']).toBe('kaboom');
  });

  it('an outgoing fetch (the X and Facebook clients) is a client span', async () => {
    exporter.reset();
    const res = await fetch(`${providerUrl}/2/tweets`, {
      method: 'POST',
      body: '{"text":"hi"}',
      headers: { 'content-type': 'application/json' },
    });
    expect(res.status).toBe(201);
    await res.text();
    await expect
      .poll(() =>
        exporter
          .getFinishedSpans()
          .find((s) => s.kind === SpanKind.CLIENT && String(s.attributes['url.full']).startsWith(providerUrl)),
      )
      .toBeDefined();
    const span = exporter
      .getFinishedSpans()
      .find((s) => s.kind === SpanKind.CLIENT && String(s.attributes['url.full']).startsWith(providerUrl))!;
    expect(span.attributes['http.request.method']).toBe('POST');
    expect(span.attributes['http.response.status_code']).toBe(201);
  });
});
