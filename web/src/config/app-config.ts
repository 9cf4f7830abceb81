import { DEFAULT_SITE_NAME } from '@common/site';

/**
 * Runtime configuration injected by the server into index.html as
 * <script id="app-config" type="application/json">{...}</script> (not executed, so CSP-safe).
 */
export interface AppConfig {
  siteName: string;
  /** PUBLIC_URL when the server has one: the origin of every absolute link the page makes. */
  publicUrl?: string;
  [key: string]: unknown;
}

let cached: AppConfig | undefined;
let serverOrigin: string | undefined;

/** The server renderer sets the configuration (and the request's origin) it embeds in the page. */
export function setServerAppConfig(config: AppConfig, origin: string): void {
  cached = config;
  serverOrigin = origin;
}

/**
 * The site's origin for absolute links (share URLs): the configured public one (PUBLIC_URL), else
 * the browser's, or the one the server renders for.
 */
export function getSiteOrigin(): string {
  const configured = getAppConfig().publicUrl;
  if (typeof configured === 'string' && /^https?:\/\/[^/\s]+$/i.test(configured)) return configured;
  if (typeof window !== 'undefined') return window.location.origin;
  return serverOrigin ?? '';
}

export function getAppConfig(): AppConfig {
  if (cached) return cached;
  let parsed: Partial<AppConfig> = {};
  try {
    const el = typeof document !== 'undefined' ? document.getElementById('app-config') : null;
    if (el?.textContent) parsed = JSON.parse(el.textContent);
  } catch {
    parsed = {};
  }
  cached = {
    ...parsed,
    siteName: typeof parsed.siteName === 'string' && parsed.siteName ? parsed.siteName : DEFAULT_SITE_NAME,
  };
  return cached;
}
