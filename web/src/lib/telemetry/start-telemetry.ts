import { onApiCall } from '@/lib/api-client';
import { CONFIG_FAILED_WARNING, NOT_CONFIGURED_WARNING, TELEMETRY_CONFIG_URL } from './constants';
import { toDependency } from './dependency';
import { buildSdkConfig, readTelemetrySettings, type SdkConfig } from './sdk-config';
import { telemetry as pageTelemetry, type TelemetryClient, type TelemetrySink } from './telemetry-client';
import { whenIdle } from './when-idle';

export interface StartTelemetryOptions {
  client?: TelemetryClient;
  fetch?: typeof fetch;
  /** Schedules the start (default: when the browser is idle after the first render). */
  schedule?: (task: () => void) => void;
  /** Loads the SDK (default: a dynamic import, its own chunk). */
  loadSdk?: () => Promise<{ createSdkSink(config: SdkConfig): TelemetrySink }>;
  pageOrigin?: string;
}

/**
 * Turns on the page's telemetry, once per page load:
 *  - every news call made through apiFetch becomes a dependency (kept until the SDK is up);
 *  - when the browser is idle, GET /api/config/appinsights; with neither a connection string nor
 *    an instrumentation key telemetry is skipped with the product's warning, a failed call only warns;
 *  - otherwise the SDK is loaded (dynamic import) and started, and everything kept is replayed.
 * Returns a promise that settles when the decision is made (for tests); the page never waits for it.
 */
export function startTelemetry(options: StartTelemetryOptions = {}): Promise<void> {
  const client = options.client ?? pageTelemetry;
  const origin = options.pageOrigin ?? window.location.origin;
  const doFetch = options.fetch ?? ((input, init) => fetch(input, init));
  const schedule = options.schedule ?? whenIdle;
  const loadSdk = options.loadSdk ?? (() => import('./sdk'));

  onApiCall((record) => {
    const dependency = toDependency(record, origin);
    if (dependency) client.trackDependency(dependency);
  });

  return new Promise<void>((resolve) => {
    schedule(() => {
      void configure(client, doFetch, loadSdk).finally(resolve);
    });
  });
}

async function configure(
  client: TelemetryClient,
  doFetch: typeof fetch,
  loadSdk: NonNullable<StartTelemetryOptions['loadSdk']>,
): Promise<void> {
  let body: unknown;
  try {
    const response = await doFetch(TELEMETRY_CONFIG_URL, { headers: { Accept: 'application/json' } });
    if (!response.ok) throw new Error(`GET ${TELEMETRY_CONFIG_URL} answered ${response.status}`);
    body = await response.json();
  } catch (error) {
    console.warn(CONFIG_FAILED_WARNING, error instanceof Error ? error.message : error);
    client.skip();
    return;
  }
  const settings = readTelemetrySettings(body);
  if (!settings) {
    console.warn(NOT_CONFIGURED_WARNING);
    client.skip();
    return;
  }
  try {
    const sdk = await loadSdk();
    client.ready(sdk.createSdkSink(buildSdkConfig(settings)));
  } catch (error) {
    console.warn('Application Insights could not be started', error instanceof Error ? error.message : error);
    client.skip();
  }
}
