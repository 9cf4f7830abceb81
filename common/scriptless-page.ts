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

/** What a page shows readers without script, which a browser running script does not show inside a <noscript>. */
const NOSCRIPT = /<noscript>([\s\S]*?)<\/noscript>/gi;
/**
 * A control that needs the app and takes no room without script (Tailwind's `noscript:hidden`, the
 * `scripting: none` media feature): 'Share on Social', whose <noscript> offers plain links instead.
 * Without the app's script it is taken out (a browser running script would keep its hidden box).
 */
const ROOMLESS_WITHOUT_SCRIPT =
  /<button\b[^>]*\bclass="(?:[^"]*\s)?noscript:hidden(?:\s[^"]*)?"[^>]*>[\s\S]*?<\/button>/gi;
const NAV_OPEN = new RegExp(`<nav\\b[^>]*\\bid="${SITE_NAV_ID}"[^>]*>`, 'gi');
/**
 * A live blog's running status ('● Live', live-blog-view.tsx): it says the page updates itself, which
 * only the app does. Not the ended status ('Coverage ended …', class `live-status live-status--ended`).
 */
const RUNNING_LIVE_STATUS = /<p\b[^>]*\bclass="live-status"[^>]*>[\s\S]*?<\/p>/gi;

export interface ScriptlessPageOptions {
  /**
   * What a running live blog's status says instead of '● Live' (which the page, without the app, no
   * longer is): shown as the ended status is (grey, no dot). Without it the status is left as it is.
   */
  liveStatus?: string;
}

/**
 * A page the app rendered (on the server) made a page without its script, as a browser without
 * script shows it, whether the browser runs script or not: no script; what its <noscript> elements
 * hold shown in their place (the header's MENU link, on top of the button that needs the app, which
 * stays hidden as it is until the app runs; the share links), and the category bar opened by the
 * MENU link; the controls that take no room without script taken out; a running live blog's status
 * saying `options.liveStatus` when given.
 */
export function asScriptlessPage(html: string, options: ScriptlessPageOptions = {}): string {
  const { liveStatus } = options;
  const page = liveStatus === undefined ? html : html.replace(RUNNING_LIVE_STATUS, () => pausedLiveStatus(liveStatus));
  return withoutAppScript(page)
    .replace(ROOMLESS_WITHOUT_SCRIPT, '')
    .replace(NOSCRIPT, (_whole, content: string) => content)
    .replace(NAV_OPEN, (open) =>
      /\bclass="/.test(open)
        ? open.replace(/\bclass="/, `class="${LINKED_NAV_CLASS} `)
        : open.replace(/>$/, ` class="${LINKED_NAV_CLASS}">`),
    );
}

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** The live status of a page that no longer updates itself: the ended status's look, the text given. */
function pausedLiveStatus(text: string): string {
  const escaped = text.replace(/[&<>"']/g, (c) => ESCAPES[c]!);
  return `<p class="live-status live-status--ended" data-testid="live-status">${escaped}</p>`;
}
