import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { NOT_CONFIGURED_WARNING, TELEMETRY } from './constants';
import { buildSdkConfig, readTelemetrySettings } from './sdk-config';

describe('the telemetry constants', () => {
  it('have the product values', () => {
    expect(TELEMETRY).toEqual({
      maxAjaxCallsPerView: 20,
      maxBatchSizeInBytes: 102400,
      maxBatchIntervalMs: 15000,
      sessionRenewalMs: 1_800_000,
      sessionExpirationMs: 86_400_000,
      eventsLimitInMem: 10000,
      sessionStorageBufferEvents: 2000,
      maxRetryCount: 10,
      retryStatusCodes: [401, 408, 429, 500, 502, 503, 504],
      routePageViewDelayMs: 500,
      samplingPercentage: 100,
    });
    expect(NOT_CONFIGURED_WARNING).toBe(
      'Application Insights not configured - missing connection string or instrumentation key',
    );
  });

  it("match the SDK's fixed session-storage buffer (2000 events, not configurable)", () => {
    const require = createRequire(import.meta.url);
    const channel = path.dirname(require.resolve('@microsoft/applicationinsights-channel-js/package.json'));
    const source = fs.readFileSync(path.join(channel, 'dist-es5/SendBuffer.js'), 'utf8');
    const match = /SessionStorageSendBuffer\.MAX_BUFFER_SIZE = (\d+);/.exec(source);
    expect(match, 'the SDK still defines SessionStorageSendBuffer.MAX_BUFFER_SIZE').not.toBeNull();
    expect(Number(match![1])).toBe(TELEMETRY.sessionStorageBufferEvents);
  });
});

describe('readTelemetrySettings', () => {
  it('takes the connection string and/or the instrumentation key', () => {
    expect(
      readTelemetrySettings({
        ConnectionString: ' InstrumentationKey=k;IngestionEndpoint=https://i.example/ ',
        InstrumentationKey: 'k',
      }),
    ).toEqual({
      connectionString: 'InstrumentationKey=k;IngestionEndpoint=https://i.example/',
      instrumentationKey: 'k',
    });
    expect(readTelemetrySettings({ ConnectionString: '', InstrumentationKey: 'k' })).toEqual({
      connectionString: '',
      instrumentationKey: 'k',
    });
  });
  it('is null when neither is there (telemetry is skipped)', () => {
    expect(readTelemetrySettings({ ConnectionString: '', InstrumentationKey: '' })).toBeNull();
    expect(readTelemetrySettings({ ConnectionString: '  ' })).toBeNull();
    expect(readTelemetrySettings({})).toBeNull();
    expect(readTelemetrySettings(null)).toBeNull();
    expect(readTelemetrySettings('garbage')).toBeNull();
    expect(readTelemetrySettings({ ConnectionString: 42, InstrumentationKey: ['k'] })).toBeNull();
  });
});

describe('buildSdkConfig', () => {
  const config = buildSdkConfig({
    connectionString: 'InstrumentationKey=k;IngestionEndpoint=https://i.example/',
    instrumentationKey: 'k',
  });

  it('sets every product constant explicitly', () => {
    expect(config).toMatchObject({
      maxAjaxCallsPerView: 20,
      maxBatchSizeInBytes: 102400,
      maxBatchInterval: 15000,
      sessionRenewalMs: 30 * 60 * 1000,
      sessionExpirationMs: 24 * 60 * 60 * 1000,
      eventsLimitInMem: 10000,
      enableSessionStorageBuffer: true,
      retryCodes: [401, 408, 429, 500, 502, 503, 504],
      maxRetryCnt: 10,
      samplingPercentage: 100,
    });
  });

  it("never asks Microsoft's CDN for configuration and does not track fetch/XHR itself (news calls are tracked explicitly)", () => {
    expect(config.extensionConfig).toEqual({ AppInsightsCfgSyncPlugin: { blkCdnCfg: true } });
    expect(config.disableFetchTracking).toBe(true);
    expect(config.disableAjaxTracking).toBe(true);
    // page views come from the router (route-page-views.ts), not from the SDK's history hook too
    expect(config.enableAutoRouteTracking).toBe(false);
  });

  it('prefers the connection string; the key alone also works', () => {
    expect(config.connectionString).toBe('InstrumentationKey=k;IngestionEndpoint=https://i.example/');
    expect(config.instrumentationKey).toBeUndefined();
    const keyOnly = buildSdkConfig({ connectionString: '', instrumentationKey: 'k2' });
    expect(keyOnly.instrumentationKey).toBe('k2');
    expect(keyOnly.connectionString).toBeUndefined();
  });
});
