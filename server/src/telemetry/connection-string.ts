/**
 * Application Insights connection strings:
 * `InstrumentationKey=<guid>;IngestionEndpoint=https://<region>.in.applicationinsights.azure.com/;LiveEndpoint=...`
 * Keys are case-insensitive. Without IngestionEndpoint the endpoint is built from EndpointSuffix
 * (and Location), else it is the global default, like the SDKs do.
 */
export const DEFAULT_INGESTION_ENDPOINT = 'https://dc.services.visualstudio.com';

export interface ConnectionString {
  instrumentationKey: string;
  /** Absolute http(s) URL of the ingestion endpoint, without a trailing slash. */
  ingestionEndpoint: string;
}

export function parseConnectionStringFields(value: string): Map<string, string> {
  const fields = new Map<string, string>();
  for (const part of value.split(';')) {
    const eq = part.indexOf('=');
    if (eq === -1) continue;
    const key = part.slice(0, eq).trim().toLowerCase();
    const v = part.slice(eq + 1).trim();
    if (key && v) fields.set(key, v);
  }
  return fields;
}

/** The parsed connection string, or null when it is empty or names an endpoint that is not http(s). */
export function parseConnectionString(value: string): ConnectionString | null {
  const fields = parseConnectionStringFields(value.trim());
  const instrumentationKey = fields.get('instrumentationkey') ?? '';
  let endpoint = fields.get('ingestionendpoint');
  if (!endpoint && fields.get('endpointsuffix')) {
    const location = fields.get('location');
    endpoint = `https://${location ? `${location}.` : ''}dc.${fields.get('endpointsuffix')}`;
  }
  endpoint ??= DEFAULT_INGESTION_ENDPOINT;
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  if (!instrumentationKey) return null;
  return { instrumentationKey, ingestionEndpoint: url.href.replace(/\/+$/, '') };
}

/**
 * The one origin the browser sends telemetry to (for the pages' CSP connect-src), or null when
 * telemetry is off or the connection string is unusable.
 */
export function ingestionOrigin(connectionString: string): string | null {
  const parsed = parseConnectionString(connectionString);
  return parsed ? new URL(parsed.ingestionEndpoint).origin : null;
}
