/**
 * The one door every public API call goes through, so that telemetry can later time
 * each call as a dependency (method, URL, status, duration) in a single place.
 */
export interface ApiCallRecord {
  method: string;
  url: string;
  status: number | null;
  durationMs: number;
  ok: boolean;
  /**
   * The page cancelled the call itself (its AbortSignal fired: TanStack Query cancels a fetch nobody
   * waits for any more, e.g. when the reader moves on). Not a failure of the service.
   */
  aborted?: boolean;
}

type ApiCallListener = (record: ApiCallRecord) => void;
const listeners = new Set<ApiCallListener>();

/** Registers a listener for finished calls (telemetry plugs in here). Returns an unsubscribe function. */
export function onApiCall(listener: ApiCallListener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function notify(record: ApiCallRecord) {
  for (const listener of listeners) {
    try {
      listener(record);
    } catch {
      // a broken listener must never break a page
    }
  }
}

/** fetch() with JSON accept header and a completion record for telemetry. Throws like fetch on network errors. */
export async function apiFetch(url: string, init: RequestInit = {}): Promise<Response> {
  const method = (init.method ?? 'GET').toUpperCase();
  const headers = new Headers(init.headers);
  if (!headers.has('Accept')) headers.set('Accept', 'application/json');
  const started = performance.now();
  try {
    const response = await fetch(url, { ...init, method, headers });
    notify({ method, url, status: response.status, durationMs: performance.now() - started, ok: response.ok });
    return response;
  } catch (error) {
    notify({
      method,
      url,
      status: null,
      durationMs: performance.now() - started,
      ok: false,
      aborted: wasCancelled(error, init.signal),
    });
    throw error;
  }
}

function errorName(value: unknown): string {
  return value && typeof value === 'object' && 'name' in value ? String(value.name) : '';
}

/** The call was cancelled (AbortSignal), not timed out (AbortSignal.timeout rejects with TimeoutError: a failure). */
function wasCancelled(error: unknown, signal: AbortSignal | null | undefined): boolean {
  if (errorName(error) === 'TimeoutError') return false;
  return errorName(error) === 'AbortError' || (signal?.aborted === true && errorName(signal.reason) !== 'TimeoutError');
}

/** An HTTP answer that was not OK, with its status for retry decisions. */
export class HttpError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}
