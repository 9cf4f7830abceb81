import type { IConfig, IConfiguration } from '@microsoft/applicationinsights-web';
import { TELEMETRY } from './constants';

/** GET /api/config/appinsights answers { ConnectionString, InstrumentationKey } (either may be empty). */
export interface TelemetrySettings {
  connectionString: string;
  instrumentationKey: string;
}

/** The server's answer, tolerant of odd shapes; null when neither value is there (telemetry is skipped). */
export function readTelemetrySettings(body: unknown): TelemetrySettings | null {
  const record = (body && typeof body === 'object' ? body : {}) as Record<string, unknown>;
  const text = (v: unknown) => (typeof v === 'string' ? v.trim() : '');
  const connectionString = text(record.ConnectionString ?? record.connectionString);
  const instrumentationKey = text(record.InstrumentationKey ?? record.instrumentationKey);
  if (!connectionString && !instrumentationKey) return null;
  return { connectionString, instrumentationKey };
}

/** The retry settings of the channel (Sender), which the SDK's IConfig type does not list. */
interface SenderRetryConfig {
  retryCodes: number[];
  maxRetryCnt: number;
  eventsLimitInMem: number;
}

export type SdkConfig = IConfiguration & IConfig & SenderRetryConfig;

/**
 * The SDK configuration: every telemetry constant of docs/product.md (Limits and constants) set explicitly (TELEMETRY), the SDK's own
 * fetch/XHR tracking off (news calls are tracked explicitly, see dependency.ts, so they are not
 * counted twice), the SDK's own history hook off (page views come from the router, see
 * route-page-views.ts, 500 ms after each route change), and no request to Microsoft's CDN for a
 * remote configuration (blkCdnCfg).
 */
export function buildSdkConfig(settings: TelemetrySettings): SdkConfig {
  return {
    ...(settings.connectionString
      ? { connectionString: settings.connectionString }
      : { instrumentationKey: settings.instrumentationKey }),
    maxAjaxCallsPerView: TELEMETRY.maxAjaxCallsPerView,
    maxBatchSizeInBytes: TELEMETRY.maxBatchSizeInBytes,
    maxBatchInterval: TELEMETRY.maxBatchIntervalMs,
    sessionRenewalMs: TELEMETRY.sessionRenewalMs,
    sessionExpirationMs: TELEMETRY.sessionExpirationMs,
    eventsLimitInMem: TELEMETRY.eventsLimitInMem,
    // The session-storage buffer holds at most 2000 events (a constant of the SDK, see constants.ts).
    enableSessionStorageBuffer: true,
    retryCodes: [...TELEMETRY.retryStatusCodes],
    maxRetryCnt: TELEMETRY.maxRetryCount,
    samplingPercentage: TELEMETRY.samplingPercentage,
    enableAutoRouteTracking: false,
    disableFetchTracking: true,
    disableAjaxTracking: true,
    extensionConfig: { AppInsightsCfgSyncPlugin: { blkCdnCfg: true } },
  };
}
