import { DEFAULT_SITE_NAME } from '@common/site';

/**
 * Runtime configuration injected by the server into index.html as
 * <script id="app-config" type="application/json">{...}</script> (not executed, so CSP-safe).
 */
export interface AppConfig {
  siteName: string;
  [key: string]: unknown;
}

let cached: AppConfig | undefined;

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
