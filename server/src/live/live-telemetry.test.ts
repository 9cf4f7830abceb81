import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { SpanKind } from '@opentelemetry/api';
import { MetricReader, type ResourceMetrics } from '@opentelemetry/sdk-metrics';
import { InMemorySpanExporter } from '@opentelemetry/sdk-trace-node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIVE_STREAM_PATH } from '../../../common/live-stream-contract.ts';
import { buildApp, type App } from '../app.ts';
import { loadConfig } from '../config.ts';
import { openDatabase, type Db } from '../db/index.ts';
import { freePort } from '../test-support/free-port.ts';
import { openSse } from '../test-support/sse-client.ts';
import { TEST_APP_ENV } from '../test-support/test-app.ts';
import { createServerTelemetry } from '../telemetry/otel-sdk.ts';
import type { ServerTelemetry } from '../telemetry/server-telemetry.ts';
import { LIVE_STREAMS_METRIC } from './plugin.ts';

// What the server's telemetry records of the live stream: a request span that ends when the stream
// is open (not hours later, when it closes), and the open streams as a gauge.

/** Collects on demand (the Azure Monitor reader collects once a minute). */
class TestReader extends MetricReader {
  protected async onForceFlush(): Promise<void> {}
  protected async onShutdown(): Promise<void> {}
}

let exporter: InMemorySpanExporter;
let reader: TestReader;
let telemetry: ServerTelemetry;
let app: App;
let database: Db;
let dataDir: string;
let baseUrl: string;

async function openStreams(): Promise<number | undefined> {
  const { resourceMetrics } = await reader.collect();
  return gauge(resourceMetrics);
}
function gauge(metrics: ResourceMetrics): number | undefined {
  for (const scope of metrics.scopeMetrics)
    for (const m of scope.metrics)
      if (m.descriptor.name === LIVE_STREAMS_METRIC) return m.dataPoints[0]?.value as number;
  return undefined;
}

beforeAll(async () => {
  exporter = new InMemorySpanExporter();
  reader = new TestReader();
  telemetry = createServerTelemetry('InstrumentationKey=00000000-0000-0000-0000-000000000000', {
    exporter,
    metricReader: reader,
  });
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'tabloid-live-otel-'));
  const port = await freePort();
  const config = loadConfig({
    ...TEST_APP_ENV,
    DATA_DIR: dataDir,
    PORT: String(port),
    WEB_DIST_DIR: path.join(dataDir, 'no-dist'),
  });
  database = await openDatabase(config);
  telemetry.instrumentDatabase(database);
  app = await buildApp({ config, database, logger: false, telemetry });
  await app.listen({ port, host: '127.0.0.1' });
  baseUrl = `http://127.0.0.1:${port}`;
});

afterAll(async () => {
  await app?.close();
  await database?.destroy();
  await telemetry?.shutdown();
  await fs.rm(dataDir, { recursive: true, force: true });
});

describe('live stream telemetry', () => {
  it("ends the stream's request span once the stream is open, and counts the open streams", async () => {
    exporter.reset();
    expect(await openStreams()).toBe(0);
    const a = await openSse(`${baseUrl}${LIVE_STREAM_PATH}`);
    const b = await openSse(`${baseUrl}${LIVE_STREAM_PATH}?article=3`);
    try {
      await a.waitFor(() => a.raw().includes('retry:'));
      await b.waitFor(() => b.raw().includes('retry:'));
      // Both spans are finished (exported) while the streams are still open.
      const spans = exporter
        .getFinishedSpans()
        .filter((s) => s.kind === SpanKind.SERVER && s.name === `GET ${LIVE_STREAM_PATH}`);
      expect(spans).toHaveLength(2);
      expect(spans.every((s) => s.attributes['http.response.status_code'] === 200)).toBe(true);
      expect(await openStreams()).toBe(2);
    } finally {
      a.close();
      b.close();
    }
    await expect.poll(() => openStreams()).toBe(0);
    // Closing the streams records no second span.
    expect(exporter.getFinishedSpans().filter((s) => s.name === `GET ${LIVE_STREAM_PATH}`)).toHaveLength(2);
  });
});
