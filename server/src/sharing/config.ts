/**
 * Social publishing configuration (X and Facebook), read from the environment by loadConfig().
 * Every provider address is configurable so the tests and the dev mode can use the local fakes.
 */
export interface SocialConfig {
  xClientId: string;
  xClientSecret: string;
  /** Browser-facing authorisation page, default https://x.com/i/oauth2/authorize. */
  xAuthorizeUrl: string;
  /** API base (token at /2/oauth2/token, /2/users/me, /2/tweets), default https://api.x.com. */
  xApiUrl: string;
  facebookAppId: string;
  facebookAppSecret: string;
  facebookPageId: string;
  /** Graph API base including the version, default https://graph.facebook.com/v25.0. */
  facebookGraphUrl: string;
  /** 32-byte AES key from TOKEN_ENCRYPTION_KEY (base64); null: use/generate DATA_DIR/token-encryption.key. */
  tokenEncryptionKey: Buffer | null;
  /** Time limit of every call to X or Facebook (SOCIAL_HTTP_TIMEOUT_MS, default 10000). */
  httpTimeoutMs: number;
  /** Sharing published articles (share jobs, server/src/jobs). */
  shares: ShareJobsConfig;
}

export interface ShareJobsConfig {
  /** SHARE_JOBS_ENABLED (default true): run share workers in this process. Jobs are queued either way. */
  workers: boolean;
  /** SHARE_RETRY_BASE_MS (default 120000): first retry delay; doubled per try with jitter (5 tries: about 30 min). */
  retryBaseMs: number;
  /** SHARE_MAX_ATTEMPTS (default 5). */
  maxAttempts: number;
  /** JOBS_POLL_MS (default 1000): how often an idle worker looks for due jobs. */
  pollMs: number;
  /** JOBS_CONCURRENCY (default 4): jobs one process runs at once. */
  concurrency: number;
  /**
   * JOBS_GIVE_WAY_MS (default 2000, 0 turns it off): the longest a free worker waits for a moment
   * when the process answers no request before it takes the next job (the posts go out after the
   * answers, so publishing answers as fast with sharing on as without).
   */
  giveWayMs: number;
  /** PGBOSS_POOL_MAX (default 2, PostgreSQL only): connections of pg-boss's own pool, beside DATABASE_POOL_MAX. */
  pgBossPoolMax: number;
  /**
   * PGBOSS_MAINTENANCE_SECONDS (default 10, PostgreSQL only): how often pg-boss's maintenance runs
   * (in one instance at a time): it puts back a job whose worker died once its lease is over.
   */
  pgBossMaintenanceSeconds: number;
}

function intEnv(
  name: string,
  raw: string | undefined,
  fallback: number,
  min: number,
  max: number,
  problems: string[],
): number {
  const v = (raw ?? '').trim();
  if (!v) return fallback;
  const n = Number(v);
  if (!Number.isInteger(n) || n < min || n > max) {
    problems.push(`${name} must be a whole number from ${min} to ${max} (got "${v}")`);
    return fallback;
  }
  return n;
}

function loadShareJobsConfig(env: NodeJS.ProcessEnv, problems: string[]): ShareJobsConfig {
  const rawWorkers = (env.SHARE_JOBS_ENABLED ?? '').trim().toLowerCase();
  if (rawWorkers && !['true', 'false'].includes(rawWorkers))
    problems.push(`SHARE_JOBS_ENABLED must be true or false (got "${rawWorkers}")`);
  return {
    workers: rawWorkers !== 'false',
    retryBaseMs: intEnv('SHARE_RETRY_BASE_MS', env.SHARE_RETRY_BASE_MS, 120_000, 10, 3_600_000, problems),
    maxAttempts: intEnv('SHARE_MAX_ATTEMPTS', env.SHARE_MAX_ATTEMPTS, 5, 1, 20, problems),
    pollMs: intEnv('JOBS_POLL_MS', env.JOBS_POLL_MS, 1000, 10, 60_000, problems),
    concurrency: intEnv('JOBS_CONCURRENCY', env.JOBS_CONCURRENCY, 4, 1, 64, problems),
    giveWayMs: intEnv('JOBS_GIVE_WAY_MS', env.JOBS_GIVE_WAY_MS, 2000, 0, 60_000, problems),
    pgBossPoolMax: intEnv('PGBOSS_POOL_MAX', env.PGBOSS_POOL_MAX, 2, 1, 20, problems),
    pgBossMaintenanceSeconds: intEnv(
      'PGBOSS_MAINTENANCE_SECONDS',
      env.PGBOSS_MAINTENANCE_SECONDS,
      10,
      1,
      3600,
      problems,
    ),
  };
}

export const DEFAULT_X_AUTHORIZE_URL = 'https://x.com/i/oauth2/authorize';
export const DEFAULT_X_API_URL = 'https://api.x.com';
export const DEFAULT_FACEBOOK_GRAPH_URL = 'https://graph.facebook.com/v25.0';

function url(name: string, raw: string | undefined, fallback: string, problems: string[]): string {
  const v = (raw ?? '').trim().replace(/\/+$/, '') || fallback;
  try {
    const u = new URL(v);
    if (u.protocol !== 'http:' && u.protocol !== 'https:') throw new Error('protocol');
  } catch {
    problems.push(`${name} must be an http(s) URL (got "${v}")`);
  }
  return v;
}

/** Decodes TOKEN_ENCRYPTION_KEY; pushes a problem when it is not 32 bytes of base64. */
export function parseEncryptionKey(raw: string, problems: string[]): Buffer | null {
  const v = raw.trim();
  if (!v) return null;
  const ok = /^[A-Za-z0-9+/_-]+={0,2}$/.test(v);
  const key = ok ? Buffer.from(v.replace(/-/g, '+').replace(/_/g, '/'), 'base64') : Buffer.alloc(0);
  if (key.length !== 32) {
    problems.push('TOKEN_ENCRYPTION_KEY must be 32 bytes encoded as base64 (e.g. `openssl rand -base64 32`)');
    return null;
  }
  return key;
}

export function loadSocialConfig(env: NodeJS.ProcessEnv, databaseUrl: string, problems: string[]): SocialConfig {
  const tokenEncryptionKey = parseEncryptionKey(env.TOKEN_ENCRYPTION_KEY ?? '', problems);
  if (!tokenEncryptionKey && databaseUrl && !(env.TOKEN_ENCRYPTION_KEY ?? '').trim()) {
    problems.push(
      'TOKEN_ENCRYPTION_KEY is required with DATABASE_URL (every instance must share the key that encrypts stored social tokens)',
    );
  }
  const rawTimeout = (env.SOCIAL_HTTP_TIMEOUT_MS ?? '').trim();
  let httpTimeoutMs = 10_000;
  if (rawTimeout) {
    const n = Number(rawTimeout);
    if (!Number.isInteger(n) || n < 50 || n > 120_000)
      problems.push(`SOCIAL_HTTP_TIMEOUT_MS must be a whole number from 50 to 120000 (got "${rawTimeout}")`);
    else httpTimeoutMs = n;
  }
  return {
    xClientId: (env.X_CLIENT_ID ?? '').trim(),
    xClientSecret: (env.X_CLIENT_SECRET ?? '').trim(),
    xAuthorizeUrl: url('X_AUTHORIZE_URL', env.X_AUTHORIZE_URL, DEFAULT_X_AUTHORIZE_URL, problems),
    xApiUrl: url('X_API_URL', env.X_API_URL, DEFAULT_X_API_URL, problems),
    facebookAppId: (env.FACEBOOK_APP_ID ?? '').trim(),
    facebookAppSecret: (env.FACEBOOK_APP_SECRET ?? '').trim(),
    facebookPageId: (env.FACEBOOK_PAGE_ID ?? '').trim(),
    facebookGraphUrl: url('FACEBOOK_GRAPH_URL', env.FACEBOOK_GRAPH_URL, DEFAULT_FACEBOOK_GRAPH_URL, problems),
    tokenEncryptionKey,
    httpTimeoutMs,
    shares: loadShareJobsConfig(env, problems),
  };
}
