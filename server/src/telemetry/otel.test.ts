import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startAppInsightsCollector, type AppInsightsCollector } from '../fakes/appinsights-collector.ts';
import { selfSignedCertificate } from '../test-support/self-signed-certificate.ts';

// The real entry point (server.ts) in a child process, with a module-resolution hook that lists
// every @opentelemetry/* and @azure/* package the process asks for.

const ROOT = path.resolve(import.meta.dirname, '../../..');
const HOOK = `
import fs from 'node:fs';
export async function resolve(specifier, context, next) {
  if (/^@(opentelemetry|azure)\\//.test(specifier)) fs.appendFileSync(process.env.TELEMETRY_TEST_LOADED, specifier + '\\n');
  return next(specifier, context);
}`;
const REGISTER = `data:text/javascript,${encodeURIComponent(
  `import { register } from 'node:module'; register(${JSON.stringify(`data:text/javascript,${encodeURIComponent(HOOK)}`)});`,
)}`;

interface ServerRun {
  loaded: string[];
  status: number;
}

/** Starts server.ts, asks GET /News?count=15 once, stops it with SIGTERM (which flushes telemetry). */
async function runServer(connectionString: string, extraEnv: Record<string, string> = {}): Promise<ServerRun> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'tabloid-otel-'));
  const loadedFile = path.join(dir, 'loaded.txt');
  await fs.writeFile(loadedFile, '');
  const child = spawn(process.execPath, ['--import', 'tsx', '--import', REGISTER, 'server/src/server.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      PORT: '0',
      HOST: '127.0.0.1',
      PUBLIC_URL: '',
      DATA_DIR: dir,
      DATABASE_URL: '',
      SEED_DEMO: 'false',
      LOG_LEVEL: 'info',
      WEB_DIST_DIR: path.join(dir, 'no-dist'),
      APPLICATIONINSIGHTS_CONNECTION_STRING: connectionString,
      TELEMETRY_TEST_LOADED: loadedFile,
      ...extraEnv,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  try {
    let output = '';
    const baseUrl = await new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`server did not start:\n${output}`)), 60_000);
      const onData = (chunk: Buffer) => {
        output += chunk.toString('utf8');
        const m = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(output);
        if (m) {
          clearTimeout(timer);
          resolve(m[1]!);
        }
      };
      child.stdout.on('data', onData);
      child.stderr.on('data', onData);
      child.on('exit', (code) => reject(new Error(`server exited (${code}):\n${output}`)));
    });
    const res = await fetch(`${baseUrl}/News?count=15`);
    await res.arrayBuffer();
    const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
    child.kill('SIGTERM');
    await exited;
    const loaded = [...new Set((await fs.readFile(loadedFile, 'utf8')).split('\n').filter(Boolean))];
    return { loaded, status: res.status };
  } finally {
    if (child.exitCode === null) child.kill('SIGKILL');
    await fs.rm(dir, { recursive: true, force: true });
  }
}

let collector: AppInsightsCollector | undefined;
let certDir: string | undefined;
afterEach(async () => {
  await collector?.close();
  collector = undefined;
  if (certDir) await fs.rm(certDir, { recursive: true, force: true });
  certDir = undefined;
});

describe('server telemetry (OpenTelemetry -> Azure Monitor exporter)', () => {
  it('without a connection string loads no OpenTelemetry or Azure package and sends nothing', async () => {
    collector = await startAppInsightsCollector();
    const run = await runServer('');
    expect(run.status).toBe(200);
    expect(run.loaded).toEqual([]);
    expect(collector.requests).toEqual([]);
  }, 90_000);

  it('with a connection string sends the request and its database queries to the ingestion endpoint', async () => {
    certDir = await fs.mkdtemp(path.join(os.tmpdir(), 'tabloid-otel-tls-'));
    const tls = await selfSignedCertificate(certDir);
    collector = await startAppInsightsCollector({ tls });
    const run = await runServer(collector.connectionString, { NODE_EXTRA_CA_CERTS: tls.certFile });
    expect(run.status).toBe(200);
    expect(run.loaded).toEqual(expect.arrayContaining(['@opentelemetry/api', '@azure/monitor-opentelemetry-exporter']));

    const requests = collector.ofType('RequestData').map((e) => e.data.baseData ?? {});
    const news = requests.find((r) => r.name === 'GET /News');
    expect(news, JSON.stringify(requests, null, 2)).toMatchObject({ responseCode: '200', success: true });
    expect(String(news!.url)).toContain('/News?count=15');
    // the request's query is a SQL dependency inside the request's operation
    const requestEnvelope = collector.ofType('RequestData').find((e) => e.data.baseData?.name === 'GET /News')!;
    const operationId = requestEnvelope.tags?.['ai.operation.id'];
    const sql = collector
      .ofType('RemoteDependencyData')
      .filter((e) => e.data.baseData?.type === 'SQL' && e.data.baseData?.name === 'SELECT articles');
    expect(
      sql.length,
      JSON.stringify(
        collector.envelopes.map((e) => e.data),
        null,
        2,
      ),
    ).toBeGreaterThanOrEqual(1);
    expect(
      sql.some((e) => e.tags?.['ai.operation.id'] === operationId && e.tags?.['ai.operation.parentId'] === news!.id),
    ).toBe(true);
    // The gauges are sent at shutdown too: the open live streams (none here).
    const metrics = collector
      .ofType('MetricData')
      .flatMap((e) => (e.data.baseData?.metrics ?? []) as { name: string }[]);
    expect(metrics.map((m) => m.name)).toContain('live.streams.open');
    for (const e of collector.envelopes) expect(e.iKey).toBe(collector.instrumentationKey);
  }, 90_000);
});
