/**
 * A public page read without the app's script: the preview links' pages and the offline page (the
 * server's scriptless shell), and a story's copy the offline worker answers (decision 056). Their
 * controls work as plain HTML even where the browser runs script: the header's MENU is a link to the
 * category bar (`#site-nav`), which CSS :target opens when the bar has LINKED_NAV_CLASS.
 */

/** The category bar's id: the no-script MENU link targets it. */
export const SITE_NAV_ID = 'site-nav';
/** The category bar's class on a page without the app's script: :target opens it, script or not. */
export const LINKED_NAV_CLASS = 'site-nav--linked';

/** The app's module script and its preloads. */
const MODULE_SCRIPTS =
  /\s*<script\b[^>]*\btype="module"[^>]*>\s*<\/script>|\s*<link\b[^>]*\brel="modulepreload"[^>]*>/gi;

/** A page (or the built index.html) without the app's script: the stylesheet stays, the app never loads. */
export function withoutAppScript(html: string): string {
  return html.replace(MODULE_SCRIPTS, '');
}

/** The header's no-script MENU link, which a browser running script does not show inside its <noscript>. */
const MENU_NOSCRIPT = new RegExp(`<noscript>(\\s*<a\\b[^>]*\\bhref="#${SITE_NAV_ID}"[\\s\\S]*?)</noscript>`, 'gi');
const NAV_OPEN = new RegExp(`<nav\\b[^>]*\\bid="${SITE_NAV_ID}"[^>]*>`, 'gi');

/**
 * A page the app rendered (on the server) made a page without its script, as the scriptless pages are
 * rendered: no script, the MENU link shown in place of the button that needs the app (the button
 * stays hidden, as it is until the app runs), and the category bar opened by it.
 */
export function asScriptlessPage(html: string): string {
  return withoutAppScript(html)
    .replace(MENU_NOSCRIPT, (_whole, link: string) => link)
    .replace(NAV_OPEN, (open) =>
      /\bclass="/.test(open)
        ? open.replace(/\bclass="/, `class="${LINKED_NAV_CLASS} `)
        : open.replace(/>$/, ` class="${LINKED_NAV_CLASS}">`),
    );
}
