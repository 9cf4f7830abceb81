import type { ServerTelemetry } from './server-telemetry.ts';

/**
 * Starts server telemetry (server-telemetry.ts) when APPLICATIONINSIGHTS_CONNECTION_STRING is set.
 * Without it this module imports nothing: no OpenTelemetry or Azure package is ever loaded and nothing
 * is sent anywhere.
 */
export async function startServerTelemetry(connectionString: string): Promise<ServerTelemetry | null> {
  if (!connectionString.trim()) return null;
  const { createServerTelemetry } = await import('./otel-sdk.ts');
  return createServerTelemetry(connectionString.trim());
}
