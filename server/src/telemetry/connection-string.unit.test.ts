import { describe, expect, it } from 'vitest';
import { ContentSecurityPolicy } from '../plugins/content-security-policy.ts';
import { DEFAULT_INGESTION_ENDPOINT, ingestionOrigin, parseConnectionString } from './connection-string.ts';

const KEY = '11111111-2222-3333-4444-555555555555';

describe('parseConnectionString', () => {
  it('reads the key and the ingestion endpoint, keys case-insensitive, in any order', () => {
    expect(
      parseConnectionString(
        `IngestionEndpoint=https://westeurope-5.in.applicationinsights.azure.com/;instrumentationkey=${KEY};LiveEndpoint=https://live.example/`,
      ),
    ).toEqual({ instrumentationKey: KEY, ingestionEndpoint: 'https://westeurope-5.in.applicationinsights.azure.com' });
  });

  it('falls back to EndpointSuffix (with Location) and then to the global endpoint', () => {
    expect(
      parseConnectionString(`InstrumentationKey=${KEY};EndpointSuffix=applicationinsights.us;Location=usgov`)
        ?.ingestionEndpoint,
    ).toBe('https://usgov.dc.applicationinsights.us');
    expect(parseConnectionString(`InstrumentationKey=${KEY}`)?.ingestionEndpoint).toBe(DEFAULT_INGESTION_ENDPOINT);
  });

  it('rejects empty strings, a missing key and non-http endpoints', () => {
    expect(parseConnectionString('')).toBeNull();
    expect(parseConnectionString('IngestionEndpoint=https://x.example/')).toBeNull();
    expect(parseConnectionString(`InstrumentationKey=${KEY};IngestionEndpoint=javascript:alert(1)`)).toBeNull();
    expect(parseConnectionString(`InstrumentationKey=${KEY};IngestionEndpoint=not a url`)).toBeNull();
  });
});

describe('ingestionOrigin (the CSP connect-src source)', () => {
  it('is the origin only: no path, no trailing slash', () => {
    expect(ingestionOrigin(`InstrumentationKey=${KEY};IngestionEndpoint=http://127.0.0.1:4100/some/path/`)).toBe(
      'http://127.0.0.1:4100',
    );
    expect(ingestionOrigin(`InstrumentationKey=${KEY};IngestionEndpoint=https://Ingest.Example:443/`)).toBe(
      'https://ingest.example',
    );
  });
  it('is null when telemetry is off', () => {
    expect(ingestionOrigin('')).toBeNull();
  });
});

describe("the pages' CSP with telemetry (as plugins/spa.ts builds it)", () => {
  function connectSrc(connectionString: string): string | undefined {
    const csp = new ContentSecurityPolicy();
    const origin = ingestionOrigin(connectionString);
    if (origin) csp.add('connect-src', origin);
    return csp
      .toString()
      .split('; ')
      .find((d) => d.startsWith('connect-src'));
  }

  it('allows the ingestion origin and nothing more', () => {
    expect(
      connectSrc(
        `InstrumentationKey=${KEY};IngestionEndpoint=https://westeurope-5.in.applicationinsights.azure.com/;LiveEndpoint=https://westeurope.livediagnostics.monitor.azure.com/`,
      ),
    ).toBe("connect-src 'self' https://westeurope-5.in.applicationinsights.azure.com");
  });
  it('stays self-only without telemetry or with an unusable connection string', () => {
    expect(connectSrc('')).toBe("connect-src 'self'");
    expect(connectSrc('IngestionEndpoint=https://x.example/')).toBe("connect-src 'self'");
  });
});
