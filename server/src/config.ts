import path from 'node:path';
import { loadNewsroomConfig, type NewsroomConfig } from './newsroom-config.ts';
import { DEFAULT_SITE_NAME } from '../../common/site.ts';
import { LIVE_HEARTBEAT_MS } from '../../common/live-stream-contract.ts';
import { loadAuthConfig, type AuthConfig } from './auth/config.ts';
import { loadSocialConfig, type SocialConfig } from './sharing/config.ts';
import { parseTrustProxy, type TrustProxy } from './trust-proxy.ts';
import { PROJECT_ROOT } from './project-root.ts';
import { loadBackupConfig, type BackupConfig } from './backup/config.ts';
import { loadIndexNowConfig, type IndexNowConfig } from './indexnow/config.ts';

/**
 * All configuration comes from the environment and is validated here, once, at start.
 * Every variable is documented in the README's configuration table and in .env.example.
 * Later features add their own fields below (auth, social, telemetry, database).
 */
export interface Config {
  port: number;
  host: string;
  /** Public origin of the site, e.g. https://dailysmear.example; used for canonical and og:url. Empty: taken from the request. */
  publicUrl: string;
  /** TRUST_PROXY (default false): whose X-Forwarded-* headers are believed (server/src/trust-proxy.ts). */
  trustProxy: TrustProxy;
  dataDir: string;
  /** postgres://... switches to PostgreSQL; empty means the embedded SQLite file in dataDir. */
  databaseUrl: string;
  /** PostgreSQL pool size per instance (DATABASE_POOL_MAX, default 10). */
  databasePoolMax: number;
  /** PostgreSQL statement timeout in ms (DATABASE_STATEMENT_TIMEOUT_MS, default 10000). */
  databaseStatementTimeoutMs: number;
  siteName: string;
  /**
   * The site's accounts, named in page heads and the organisation's JSON-LD when set:
   * TWITTER_SITE (twitter:site, '@handle'), FACEBOOK_APP_ID (fb:app_id), SAME_AS (comma-separated
   * profile URLs: schema.org sameAs).
   */
  siteAccounts: { twitterSite: string; facebookAppId: string; sameAs: string[] };
  seedDemo: boolean;
  logLevel: string;
  appInsightsConnectionString: string;
  /** Where the built front end lives (index.html and assets). */
  webDistDir: string;
  /** Editors' sign-in: Entra ID or the built-in provider (server/src/auth/config.ts). */
  auth: AuthConfig;
  /** X and Facebook publishing (server/src/sharing/config.ts). */
  social: SocialConfig;
  /** Scheduler, trash and image storage (server/src/newsroom-config.ts). */
  newsroom: NewsroomConfig;
  /** Scheduled backups and their retention (server/src/backup/config.ts). */
  backup: BackupConfig;
  /** IndexNow notifications to search engines (server/src/indexnow/config.ts); null: off (INDEXNOW_KEY unset). */
  indexNow: IndexNowConfig | null;
  /** The live event stream (server/src/live/, decision 036). */
  live: {
    /** Open streams one instance accepts (LIVE_MAX_STREAMS, default 12000); beyond it 503 with Retry-After. */
    maxStreams: number;
    /** The heartbeat comment's period in ms (LIVE_HEARTBEAT_MS, default 25000). */
    heartbeatMs: number;
  };
}

export class ConfigError extends Error {}

function bool(name: string, raw: string | undefined, fallback: boolean, problems: string[]): boolean {
  if (raw === undefined || raw === '') return fallback;
  const v = raw.trim().toLowerCase();
  if (['1', 'true', 'yes', 'on'].includes(v)) return true;
  if (['0', 'false', 'no', 'off'].includes(v)) return false;
  problems.push(`${name} must be true or false (got "${raw}")`);
  return fallback;
}

function int(
  name: string,
  raw: string | undefined,
  fallback: number,
  min: number,
  max: number,
  problems: string[],
): number {
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < min || n > max) {
    problems.push(`${name} must be a whole number from ${min} to ${max} (got "${raw}")`);
    return fallback;
  }
  return n;
}

function loadSiteAccounts(env: NodeJS.ProcessEnv, problems: string[]): Config['siteAccounts'] {
  const twitterSite = (env.TWITTER_SITE ?? '').trim();
  if (twitterSite && !/^@[A-Za-z0-9_]{1,15}$/.test(twitterSite)) {
    problems.push(`TWITTER_SITE must be an X handle like @dailysmear (got "${twitterSite}")`);
  }
  const facebookAppId = (env.FACEBOOK_APP_ID ?? '').trim();
  if (facebookAppId && !/^[0-9]{1,30}$/.test(facebookAppId)) {
    problems.push(`FACEBOOK_APP_ID must be the app's numeric id (got "${facebookAppId}")`);
  }
  const sameAs = (env.SAME_AS ?? '')
    .split(',')
    .map((u) => u.trim())
    .filter(Boolean);
  for (const u of sameAs) {
    if (!/^https:\/\/[^\s"<>]+$/i.test(u))
      problems.push(`SAME_AS must list https:// URLs, comma-separated (got "${u}")`);
  }
  return { twitterSite, facebookAppId, sameAs };
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const problems: string[] = [];
  const root = PROJECT_ROOT;
  const publicUrl = (env.PUBLIC_URL ?? '').trim().replace(/\/+$/, '');
  if (publicUrl && !/^https?:\/\/[^/\s]+$/i.test(publicUrl)) {
    problems.push(`PUBLIC_URL must be an origin like https://news.example.com (got "${publicUrl}")`);
  }
  const databaseUrl = (env.DATABASE_URL ?? '').trim();
  if (databaseUrl && !/^postgres(ql)?:\/\//i.test(databaseUrl)) {
    problems.push('DATABASE_URL must start with postgres:// (leave it empty for the embedded SQLite database)');
  }
  const dataDir = path.resolve(root, (env.DATA_DIR ?? '').trim() || 'data');
  const siteName = (env.SITE_NAME ?? '').trim() || DEFAULT_SITE_NAME;
  if (siteName.length > 80) problems.push('SITE_NAME must be at most 80 characters');
  const config: Config = {
    port: int('PORT', env.PORT, 3000, 0, 65535, problems),
    host: (env.HOST ?? '').trim() || '0.0.0.0',
    publicUrl,
    trustProxy: parseTrustProxy(env.TRUST_PROXY, problems),
    dataDir,
    databaseUrl,
    databasePoolMax: int('DATABASE_POOL_MAX', env.DATABASE_POOL_MAX, 10, 1, 1000, problems),
    databaseStatementTimeoutMs: int(
      'DATABASE_STATEMENT_TIMEOUT_MS',
      env.DATABASE_STATEMENT_TIMEOUT_MS,
      10_000,
      100,
      600_000,
      problems,
    ),
    siteName,
    siteAccounts: loadSiteAccounts(env, problems),
    seedDemo: bool('SEED_DEMO', env.SEED_DEMO, true, problems),
    logLevel: (env.LOG_LEVEL ?? '').trim() || 'info',
    appInsightsConnectionString: (env.APPLICATIONINSIGHTS_CONNECTION_STRING ?? '').trim(),
    webDistDir: path.resolve(root, (env.WEB_DIST_DIR ?? '').trim() || 'dist/web'),
    auth: loadAuthConfig(env, problems),
    social: loadSocialConfig(env, databaseUrl, problems),
    newsroom: loadNewsroomConfig(env, problems),
    backup: loadBackupConfig(env, root, dataDir, problems),
    indexNow: loadIndexNowConfig(env, publicUrl, problems),
    live: {
      maxStreams: int('LIVE_MAX_STREAMS', env.LIVE_MAX_STREAMS, 12_000, 0, 1_000_000, problems),
      heartbeatMs: int('LIVE_HEARTBEAT_MS', env.LIVE_HEARTBEAT_MS, LIVE_HEARTBEAT_MS, 100, 600_000, problems),
    },
  };
  if (!['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'].includes(config.logLevel)) {
    problems.push(`LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent (got "${config.logLevel}")`);
  }
  if (problems.length) {
    throw new ConfigError(`Invalid configuration:\n  - ${problems.join('\n  - ')}`);
  }
  return config;
}
