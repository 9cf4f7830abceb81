/**
 * One IndexNow submission: `POST {endpoint}` with `Content-Type: application/json; charset=utf-8` and
 * `{ host, key, keyLocation, urlList }` (at most 10,000 URLs, all on `host`). What the answer means
 * for the job: 200 and 202 accepted; 429, 5xx, a time-out or no connection: try again later; 400
 * (malformed), 403 (the key file is missing or does not hold the key), 422 (a URL not on the host, or a
 * key not matching) and any other status: refused, not tried again.
 */
export interface Submission {
  endpoint: string;
  host: string;
  key: string;
  keyLocation: string;
  urlList: string[];
}

export type SubmitResult =
  | { kind: 'accepted'; status: number }
  | { kind: 'retry'; status: number | null; reason: string; retryAfterMs?: number }
  | { kind: 'refused'; status: number; reason: string };

/** The protocol's limit of URLs per submission. */
export const MAX_URLS_PER_SUBMISSION = 10_000;

const REFUSALS: Record<number, string> = {
  400: 'bad request (the submission was malformed)',
  403: 'key not valid (the key file is missing or does not hold the key)',
  422: 'unprocessable (a URL is not on the host, or the key does not match)',
};

/** Retry-After in seconds (or an HTTP date), as a delay in ms; undefined when absent or unreadable. */
function retryAfterMs(headers: Headers, now = Date.now()): number | undefined {
  const v = headers.get('retry-after')?.trim();
  if (!v) return undefined;
  if (/^\d+$/.test(v)) return Number(v) * 1000;
  const at = Date.parse(v);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}

export async function submitUrls(s: Submission, timeoutMs: number): Promise<SubmitResult> {
  let res: Response;
  try {
    res = await fetch(s.endpoint, {
      method: 'POST',
      headers: { 'content-type': 'application/json; charset=utf-8' },
      body: JSON.stringify({ host: s.host, key: s.key, keyLocation: s.keyLocation, urlList: s.urlList }),
      redirect: 'manual',
      signal: AbortSignal.timeout(timeoutMs),
    });
    // The answer's body says nothing the status does not; read it so the connection is reused.
    await res.arrayBuffer();
  } catch (err) {
    const name = (err as Error)?.name;
    const timedOut = name === 'TimeoutError' || name === 'AbortError';
    return { kind: 'retry', status: null, reason: timedOut ? 'no answer in time' : 'could not connect' };
  }
  const { status } = res;
  if (status === 200 || status === 202) return { kind: 'accepted', status };
  if (status === 429 || status >= 500) {
    return {
      kind: 'retry',
      status,
      reason: status === 429 ? 'too many requests' : 'server error',
      retryAfterMs: retryAfterMs(res.headers),
    };
  }
  return { kind: 'refused', status, reason: REFUSALS[status] ?? `unexpected status ${status}` };
}
