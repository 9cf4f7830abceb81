/**
 * IndexNow (decision 045): the site's key and where submissions go, read from the environment by
 * loadConfig(). Unset INDEXNOW_KEY turns the feature off: no key file, no hooks, no jobs.
 */
export interface IndexNowConfig {
  /** INDEXNOW_KEY: 8-128 characters of a-z, A-Z, 0-9 and '-', served as /{key}.txt. */
  key: string;
  /** INDEXNOW_ENDPOINT (default https://api.indexnow.org/indexnow): where the URL lists are posted. */
  endpoint: string;
  /** INDEXNOW_BATCH_MS (default 2000): URLs queued within this window go in one submission. */
  batchMs: number;
}

export const DEFAULT_INDEXNOW_ENDPOINT = 'https://api.indexnow.org/indexnow';

/** The protocol's key format. */
export const INDEXNOW_KEY_PATTERN = /^[A-Za-z0-9-]{8,128}$/;

/** Null when INDEXNOW_KEY is unset; pushes a problem for every malformed value. */
export function loadIndexNowConfig(
  env: NodeJS.ProcessEnv,
  publicUrl: string,
  problems: string[],
): IndexNowConfig | null {
  const key = (env.INDEXNOW_KEY ?? '').trim();
  const rawEndpoint = (env.INDEXNOW_ENDPOINT ?? '').trim();
  const rawBatch = (env.INDEXNOW_BATCH_MS ?? '').trim();
  const endpoint = rawEndpoint || DEFAULT_INDEXNOW_ENDPOINT;
  try {
    const u = new URL(endpoint);
    if (u.protocol !== 'http:' && u.protocol !== 'https:') throw new Error('protocol');
  } catch {
    problems.push(`INDEXNOW_ENDPOINT must be an http(s) URL (got "${endpoint}")`);
  }
  let batchMs = 2000;
  if (rawBatch) {
    const n = Number(rawBatch);
    if (!Number.isInteger(n) || n < 0 || n > 600_000)
      problems.push(`INDEXNOW_BATCH_MS must be a whole number from 0 to 600000 (got "${rawBatch}")`);
    else batchMs = n;
  }
  if (!key) return null;
  if (!INDEXNOW_KEY_PATTERN.test(key)) {
    // The value itself is not repeated: it is the site's proof of ownership.
    problems.push(`INDEXNOW_KEY must be 8 to 128 characters of a-z, A-Z, 0-9 and '-' (got ${key.length} characters)`);
  }
  if (!publicUrl) {
    problems.push('INDEXNOW_KEY needs PUBLIC_URL: the URLs submitted and the key file are on that host');
  }
  return { key, endpoint, batchMs };
}
