/**
 * The newsroom's appearance (decision 050): 'system' follows the operating system's
 * prefers-color-scheme, 'light' and 'dark' are an editor's explicit choice, kept per browser in
 * localStorage. The public site has no dark mode.
 *
 * The theme in force ('light' or 'dark') is the `data-admin-theme` attribute of <html>. The newsroom's
 * shell sets it before the first paint with APPEARANCE_BOOT_SCRIPT (inline in its <head>, allowed by
 * its SHA-256 in the Content-Security-Policy), and the header's Appearance control keeps it up to date.
 */

export const APPEARANCES = ['system', 'light', 'dark'] as const;
export type Appearance = (typeof APPEARANCES)[number];
export type Theme = Exclude<Appearance, 'system'>;

/** Where the choice is kept (localStorage); no value means 'system'. */
export const APPEARANCE_STORAGE_KEY = 'tabloid.admin.appearance';
/** The attribute of <html> that names the theme in force. */
export const THEME_ATTRIBUTE = 'data-admin-theme';
export const DARK_QUERY = '(prefers-color-scheme: dark)';

/** A stored value as a choice: anything unknown (or nothing) is 'system'. */
export function toAppearance(value: unknown): Appearance {
  return value === 'light' || value === 'dark' ? value : 'system';
}

/** The theme a choice gives when the system prefers dark (`systemDark`) or not. */
export function themeOf(appearance: Appearance, systemDark: boolean): Theme {
  if (appearance !== 'system') return appearance;
  return systemDark ? 'dark' : 'light';
}

/**
 * Run before the first paint: the stored choice (or the system's preference) as the attribute. A
 * browser that refuses localStorage follows the system.
 */
export const APPEARANCE_BOOT_SCRIPT =
  `(function(){var c=null;try{c=localStorage.getItem(${JSON.stringify(APPEARANCE_STORAGE_KEY)})}catch(e){}` +
  `var t=c==='light'||c==='dark'?c:window.matchMedia&&window.matchMedia(${JSON.stringify(DARK_QUERY)}).matches?'dark':'light';` +
  `document.documentElement.setAttribute(${JSON.stringify(THEME_ATTRIBUTE)},t)})()`;

/**
 * The page's own background for the dark theme, before the newsroom's stylesheet arrives (so a reload
 * never flashes white), and native controls drawn dark. Inline styles are allowed by the policy.
 */
export const APPEARANCE_BOOT_STYLE = `html[${THEME_ATTRIBUTE}='dark']{background:#14171c;color-scheme:dark}`;
