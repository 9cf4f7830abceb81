export type EmbedProvider = 'x' | 'youtube';

const X_HOSTS = new Set(['x.com', 'www.x.com', 'twitter.com', 'www.twitter.com', 'mobile.twitter.com']);
const YOUTUBE_HOSTS = new Set(['youtube.com', 'www.youtube.com', 'm.youtube.com', 'youtu.be']);

/** The provider of an X post or YouTube video address (https only), or undefined for anything else. */
export function embedProviderOf(address: string): EmbedProvider | undefined {
  let url: URL;
  try {
    url = new URL(address.trim());
  } catch {
    return undefined;
  }
  if (url.protocol !== 'https:') return undefined;
  const host = url.hostname.toLowerCase();
  if (X_HOSTS.has(host)) return /^\/[A-Za-z0-9_]{1,15}\/status\/\d+/.test(url.pathname) ? 'x' : undefined;
  if (!YOUTUBE_HOSTS.has(host)) return undefined;
  if (host === 'youtu.be') return /^\/[\w-]{6,}$/.test(url.pathname) ? 'youtube' : undefined;
  if (url.pathname === '/watch') return url.searchParams.get('v') ? 'youtube' : undefined;
  return /^\/(?:shorts|embed|live)\/[\w-]{6,}/.test(url.pathname) ? 'youtube' : undefined;
}
