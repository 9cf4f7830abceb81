import { TAGLINE } from '../../../common/site.ts';

/** Where the public pages link their web app manifest (`<link rel="manifest">`). */
export const MANIFEST_PATH = '/manifest.webmanifest';
export const MANIFEST_CONTENT_TYPE = 'application/manifest+json; charset=utf-8';
/** The brand red and the paper white (--color-tabloid-red, --color-paper in web/src/styles/index.css). */
export const THEME_COLOR = '#D7000F';
export const BACKGROUND_COLOR = '#FFFFFF';
/** Launchers show about 12 characters under an icon. */
const SHORT_NAME_MAX = 12;

/** The icons drawn by scripts/make-icons.ts into web/public (served as static files). */
export const MANIFEST_ICONS = [
  { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
  { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
  { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
] as const;

export interface WebManifestIcon {
  src: string;
  sizes: string;
  type: string;
  purpose: string;
}

/** The members of the site's web app manifest (https://www.w3.org/TR/appmanifest/). */
export interface WebManifest {
  id: string;
  name: string;
  short_name: string;
  description: string;
  lang: string;
  dir: string;
  start_url: string;
  scope: string;
  display: string;
  theme_color: string;
  background_color: string;
  categories: string[];
  icons: WebManifestIcon[];
}

/**
 * The name under the icon on a home screen: the site's name without a leading "The " when that
 * fits ("Daily Smear"), else the whole name (the launcher shortens it).
 */
export function shortNameOf(siteName: string): string {
  const short = siteName.replace(/^the\s+/i, '');
  return short && short.length <= SHORT_NAME_MAX ? short : siteName;
}

/**
 * The site as an installable web app. `display: minimal-ui` (docs/decisions/053): opened from a
 * home screen the site gets its own window that keeps the back and reload buttons and the page's
 * address, no service worker and no offline copy; a browser that does not offer it (iOS) opens a
 * tab. Every URL is relative to the manifest, so PUBLIC_URL and the Host need no say.
 */
export function webManifest(siteName: string): WebManifest {
  return {
    id: '/',
    name: siteName,
    short_name: shortNameOf(siteName),
    description: TAGLINE,
    lang: 'en-GB',
    dir: 'ltr',
    start_url: '/',
    scope: '/',
    display: 'minimal-ui',
    theme_color: THEME_COLOR,
    background_color: BACKGROUND_COLOR,
    categories: ['news'],
    icons: MANIFEST_ICONS.map((icon) => ({ ...icon })),
  };
}
