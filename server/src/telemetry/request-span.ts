import type { FastifyRequest } from 'fastify';

/**
 * Where the request span of telemetry/otel-sdk.ts is kept on a request (no OpenTelemetry import here:
 * without telemetry this module loads nothing).
 */
export const REQUEST_SPAN = Symbol.for('tabloid.telemetry.request-span');

interface EndableSpan {
  setAttribute(key: string, value: string | number): unknown;
  updateName(name: string): unknown;
  end(): void;
}

/**
 * Ends the request's span now, with `status`, instead of when the answer finishes: for an answer that
 * stays open for hours (the live event stream), the span measures the time to open it and is not
 * kept in memory for as long as the stream lasts. Nothing happens without telemetry.
 */
export function endRequestSpanEarly(request: FastifyRequest, status: number): void {
  const holder = request as FastifyRequest & { [REQUEST_SPAN]?: EndableSpan };
  const span = holder[REQUEST_SPAN];
  if (!span) return;
  holder[REQUEST_SPAN] = undefined;
  const route = request.routeOptions.url;
  if (route) {
    span.setAttribute('http.route', route);
    span.updateName(`${request.method} ${route}`);
  }
  span.setAttribute('http.response.status_code', status);
  span.end();
}
