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
    notify({ method, url, status: null, durationMs: performance.now() - started, ok: false });
    throw error;
  }
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
