/**
 * Application Insights connection strings look like
 * `InstrumentationKey=00000000-...;IngestionEndpoint=https://...;LiveEndpoint=https://...`.
 * Keys are case-insensitive; an empty or missing value gives ''.
 */
export function instrumentationKeyOf(connectionString: string): string {
  for (const part of connectionString.split(';')) {
    const eq = part.indexOf('=');
    if (eq === -1) continue;
    if (part.slice(0, eq).trim().toLowerCase() === 'instrumentationkey') return part.slice(eq + 1).trim();
  }
  return '';
}

export function appInsightsConfig(connectionString: string): { ConnectionString: string; InstrumentationKey: string } {
  const value = connectionString.trim();
  return { ConnectionString: value, InstrumentationKey: instrumentationKeyOf(value) };
}
