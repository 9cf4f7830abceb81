import type { ApiCallRecord } from '@/lib/api-client';
import type { DependencyItem } from './telemetry-client';

/** GET /News and GET /News/slug/{slug}: the calls reported as dependencies. */
export function isNewsCall(pathname: string): boolean {
  return pathname === '/News' || pathname.startsWith('/News/');
}

/** A random id for the dependency (hex), without needing a secure context. */
export function dependencyId(
  random: (bytes: Uint8Array<ArrayBuffer>) => Uint8Array = (b) => crypto.getRandomValues(b),
): string {
  return Array.from(random(new Uint8Array(8)), (b) => b.toString(16).padStart(2, '0')).join('');
}

/**
 * A finished news call as a dependency: method and path as name, the full URL, the status code (0 when there was no answer), duration and success.
 * Other calls, and calls the page cancelled itself (aborted: the query was no longer needed, e.g. the
 * reader moved on), are not dependencies: null. A cancellation is not a failed call, and counting it
 * as one (resultCode 0, success false) would show up in Failures and in failure-rate alerts.
 */
export function toDependency(
  record: ApiCallRecord,
  pageOrigin: string,
  now: number = Date.now(),
): DependencyItem | null {
  if (record.aborted) return null;
  let url: URL;
  try {
    url = new URL(record.url, pageOrigin);
  } catch {
    return null;
  }
  if (!isNewsCall(url.pathname)) return null;
  const duration = Math.max(0, Math.round(record.durationMs));
  return {
    id: dependencyId(),
    name: `${record.method} ${url.pathname}`,
    url: url.href,
    type: 'Fetch',
    responseCode: record.status ?? 0,
    duration,
    success: record.ok,
    startTime: new Date(now - duration),
  };
}
