import { KEEP_STORY_AGAIN } from '@common/offline-contract';
import { asScriptlessPage } from '@common/scriptless-page';
import {
  LIVE_PAUSED_OFFLINE,
  OFFLINE_NOTHING_SAVED,
  OFFLINE_STORIES_LEAD,
  SERVICE_WORKER_PATH,
  offlineCopyNotice,
  savedLine,
} from '../texts';

/**
 * The service worker's decisions (docs/decisions/056-offline-reading.md), as pure functions: which
 * request it answers and how, which answer it keeps, which copy it drops, and the HTML it writes. The
 * worker (sw.ts) only wires them to the Cache API and the network.
 */

/** Bumped when what the caches hold changes shape: a worker of another version deletes the others' caches. */
export const CACHE_VERSION = 'v1';
const CACHE_PREFIX = 'offline-reading-';
/** The stories read on this device. */
export const STORIES_CACHE = `${CACHE_PREFIX}${CACHE_VERSION}-stories`;
/** The offline page, the public stylesheet and its fonts: what the stored pages need to look right. */
export const SHELL_CACHE = `${CACHE_PREFIX}${CACHE_VERSION}-shell`;
/** The kept stories' own pictures (same-origin only), dropped with their stories. */
export const PICTURES_CACHE = `${CACHE_PREFIX}${CACHE_VERSION}-pictures`;
export const CACHE_NAMES: readonly string[] = [STORIES_CACHE, SHELL_CACHE, PICTURES_CACHE];

/** At most this many stories are kept, the most recently read. */
export const MAX_STORIES = 20;
/** A copy older than this is neither answered nor kept. */
export const MAX_STORY_AGE_MS = 7 * 24 * 60 * 60 * 1000;
/** At most this many stylesheets and fonts (a few builds' worth; the oldest go first). */
export const MAX_SHELL_ASSETS = 40;
/** At most this many pictures of one story are kept (its main picture first, then the body's, in page order). */
export const MAX_PICTURES_PER_STORY = 8;
/** At most this many pictures in all: the latest stories' first; an older story beyond it shows descriptions. */
export const MAX_PICTURES = 40;
/** A picture larger than this is not kept (its description shows offline). */
export const MAX_PICTURE_BYTES = 600_000;
/**
 * The width of the candidate kept of a picture offered in several widths (`srcset`): the one a phone
 * at 390 px (2x) or a desktop column (1x) loads for a story's pictures, the smallest at least this wide.
 */
export const PICTURE_WIDTH = 960;

/** When a story was saved (ms since the epoch) and its headline (URI-encoded: headers hold Latin-1 only). */
export const SAVED_AT_HEADER = 'x-offline-saved-at';
export const HEADLINE_HEADER = 'x-offline-headline';
/** The story's pictures that are kept with it (URI-encoded JSON list of paths). */
export const PICTURES_HEADER = 'x-offline-pictures';
/**
 * Marks a picture's address in a copy answered offline (`?offline-copy`): only those requests are
 * answered by the worker (from the pictures kept); every other picture request never reaches it.
 */
export const OFFLINE_PICTURE_PARAM = 'offline-copy';

/** Paths the worker leaves alone: the newsroom, the APIs, sign-in, preview links, the read counter, itself. */
const NEVER = /^\/(?:admin|api|news|oidc)(?:\/|$)|^\/preview\/|^\/live\//i;
/** Content-hashed stylesheets and fonts of the build: they never change. */
const SHELL_ASSET = /^\/assets\/[^/]+-[A-Za-z0-9_-]{6,}\.(?:css|woff2)$/;
const ARTICLE = /^\/article\/[^/]+$/;

export interface RequestLike {
  method: string;
  url: string;
  mode: string;
}

/**
 * What the worker does with a request: 'page' (a navigation to a public page: network first, then the
 * stored copy or the offline page), 'asset' (a hashed stylesheet or font: from the cache once kept),
 * 'picture' (a kept story's picture named by its copy answered offline: from the pictures kept, else
 * the network), or 'pass' (not answered by the worker at all: the browser fetches it as without a worker).
 */
export type RequestHandling = 'page' | 'asset' | 'picture' | 'pass';

export function handlingOf(request: RequestLike, origin: string): RequestHandling {
  if (request.method !== 'GET') return 'pass';
  const url = new URL(request.url);
  if (url.origin !== origin || NEVER.test(url.pathname) || url.pathname === SERVICE_WORKER_PATH) return 'pass';
  if (request.mode === 'navigate') return 'page';
  if (SHELL_ASSET.test(url.pathname)) return 'asset';
  if (url.searchParams.has(OFFLINE_PICTURE_PARAM)) return 'picture';
  return 'pass';
}

/** The address a picture is kept under: its path and query, without the offline copy's mark. */
export function pictureKey(requestUrl: string): string {
  const url = new URL(requestUrl);
  url.searchParams.delete(OFFLINE_PICTURE_PARAM);
  return url.pathname + url.search;
}

/**
 * The key a story's copy is kept under: its address without the query (a shared link's tracking
 * parameters open the same copy); null for any page that is not a story, and for a live blog's page of
 * older entries (`?before=`), which is not the story as a reader opened it.
 */
export function storyKey(requestUrl: string): string | null {
  const url = new URL(requestUrl);
  if (!ARTICLE.test(url.pathname) || url.searchParams.has('before')) return null;
  return url.origin + url.pathname;
}

/**
 * How long after a page changed its story may be fetched: the shared cache (decision 028) may answer
 * a page up to 1 s old, and 1 s more while it fetches the next (`s-maxage=1, stale-while-revalidate=1`).
 */
export const SHARED_CACHE_DELAY_MS = 2_000;

/**
 * A live blog's page asks the worker to keep its story again (KEEP_STORY_AGAIN, posted when entries
 * arrived since its copy was kept): the story's key (storyKey: a story of this site, not a page of older
 * entries) and how long to wait before fetching it (the page's last change plus SHARED_CACHE_DELAY_MS,
 * so the page fetched has it; never more than that). Null for any other message or address.
 */
export function storyToKeepAgain(data: unknown, origin: string, now: number): { key: string; waitMs: number } | null {
  if (typeof data !== 'object' || data === null) return null;
  const { type, url, changedAt } = data as Record<string, unknown>;
  if (type !== KEEP_STORY_AGAIN || typeof url !== 'string') return null;
  let key: string | null;
  try {
    key = storyKey(url);
  } catch {
    return null;
  }
  if (!key || new URL(key).origin !== origin) return null;
  const since = typeof changedAt === 'number' && Number.isFinite(changedAt) ? now - changedAt : 0;
  return { key, waitMs: Math.min(SHARED_CACHE_DELAY_MS, Math.max(0, SHARED_CACHE_DELAY_MS - since)) };
}

export interface ResponseLike {
  status: number;
  /** 'basic' for a same-origin answer; 'opaqueredirect' for a redirect, which is never kept. */
  type: string;
  headers: { get(name: string): string | null };
}

/** Whether an answer may be kept: a whole HTML page (200) that its server lets anyone store. */
export function isStorable(response: ResponseLike): boolean {
  return isWholeAnswer(response) && /^text\/html\b/i.test(response.headers.get('content-type') ?? '');
}

/** Whether a picture's answer may be kept: a whole image (200) anyone may store, not larger than MAX_PICTURE_BYTES. */
export function isStorablePicture(response: ResponseLike): boolean {
  if (!isWholeAnswer(response) || !/^image\//i.test(response.headers.get('content-type') ?? '')) return false;
  const length = Number(response.headers.get('content-length') ?? '0');
  return !(length > MAX_PICTURE_BYTES);
}

/** A same-origin 200 that its server lets anyone store (no `private`, no `no-store`). */
function isWholeAnswer(response: ResponseLike): boolean {
  if (response.status !== 200 || (response.type !== 'basic' && response.type !== 'default')) return false;
  const cacheControl = (response.headers.get('cache-control') ?? '').toLowerCase();
  return !/(?:^|[\s,])(?:private|no-store)(?:[\s,=]|$)/.test(cacheControl);
}

/** An answer that says the story is gone (unpublished, deleted): its copy is dropped. */
export function dropsCopy(status: number): boolean {
  return status === 404 || status === 410;
}

/** Whether a copy saved at `savedAt` may still be answered at `now`. */
export function isFresh(savedAt: number, now: number): boolean {
  return Number.isFinite(savedAt) && savedAt <= now + 60_000 && now - savedAt <= MAX_STORY_AGE_MS;
}

export interface StoredStory {
  /** The key (storyKey): the story's address. */
  url: string;
  headline: string;
  savedAt: number;
  /** Its pictures kept with it (picturesOf): paths on the site. */
  pictures?: readonly string[];
}

/** The copies to delete: those too old, then the oldest beyond MAX_STORIES. */
export function storiesToDrop(stories: readonly StoredStory[], now: number): string[] {
  const fresh = stories.filter((s) => isFresh(s.savedAt, now)).sort((a, b) => b.savedAt - a.savedAt);
  const keep = new Set(fresh.slice(0, MAX_STORIES).map((s) => s.url));
  return stories.filter((s) => !keep.has(s.url)).map((s) => s.url);
}

/** The stories the offline page lists: the fresh ones, the most recently saved first. */
export function storiesToList(stories: readonly StoredStory[], now: number): StoredStory[] {
  return stories
    .filter((s) => isFresh(s.savedAt, now))
    .sort((a, b) => b.savedAt - a.savedAt)
    .slice(0, MAX_STORIES);
}

/**
 * The pictures kept with the stories: those of the stories still kept (storiesToList), the latest
 * story's first, at most MAX_PICTURES in all. Every other kept picture is dropped: a story's pictures
 * go with it (too old, beyond the last 20, unpublished or deleted).
 */
export function picturesToKeep(stories: readonly StoredStory[], now: number): Set<string> {
  const keep = new Set<string>();
  for (const story of storiesToList(stories, now)) {
    for (const picture of story.pictures ?? []) {
      if (keep.size >= MAX_PICTURES) return keep;
      keep.add(picture);
    }
  }
  return keep;
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' };

/** An HTML text or attribute value with its character references decoded. */
function decodeEntities(html: string): string {
  return html.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
    if (name[0] === '#') {
      const code = name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
      return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    return ENTITIES[name.toLowerCase()] ?? whole;
  });
}

/** The text of an HTML fragment: tags dropped, entities decoded, spaces collapsed. */
export function textOf(html: string): string {
  return decodeEntities(html.replace(/<[^>]*>/g, ''))
    .replace(/\s+/g, ' ')
    .trim();
}

/** A story page's headline: its first `<h1>`, else its `<title>` without the site's name. */
export function headlineOf(html: string): string {
  const h1 = /<h1\b[^>]*>([\s\S]*?)<\/h1>/i.exec(html);
  const fromH1 = h1 ? textOf(h1[1]!) : '';
  if (fromH1) return fromH1;
  const title = /<title\b[^>]*>([\s\S]*?)<\/title>/i.exec(html);
  return title ? textOf(title[1]!).replace(/\s+\|[^|]*$/, '') : '';
}

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
export const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]!);

const BODY_OPEN = /<body\b[^>]*>/i;
const MAIN_OPEN = /<main\b[^>]*>/i;

/** Marks the notice the worker puts at the top of a stored story it answers. */
export const NOTICE_ID = 'offline-copy-notice';

/**
 * A stored story as the worker answers it offline: the notice 'You're offline: this is the copy saved
 * on {date}.' first in its main content, and made a page without the app's script as the preview and
 * offline pages are (asScriptlessPage: no script, and the header's MENU a link that opens the category
 * bar, the button that needs the app staying hidden; a running live blog's '● Live' saying 'Paused
 * offline'). The page works without script (every public
 * page does), and the app would only try to fetch what is not there: its links then stay plain links,
 * whose navigations the worker answers.
 */
export function offlineCopy(html: string, savedAt: number, pictures?: KeptPictures): string {
  const notice =
    `<p id="${NOTICE_ID}" role="status" class="mx-auto mb-6 max-w-3xl border-l-8 border-tabloid-red ` +
    `bg-tabloid-yellow px-4 py-3 font-sans text-base font-bold text-ink">` +
    `${escapeHtml(offlineCopyNotice(savedAt))}</p>`;
  const stripped = withKeptPictures(asScriptlessPage(html, { liveStatus: LIVE_PAUSED_OFFLINE }), pictures);
  // First in the page's main content, under the masthead: the app does not run, so nothing re-renders
  // it away, and a reload that brings back the reader's place relative to the masthead still shows it.
  const at = MAIN_OPEN.test(stripped) ? MAIN_OPEN : BODY_OPEN;
  return at.test(stripped) ? stripped.replace(at, (open) => `${open}${notice}`) : notice + stripped;
}

/** The pictures kept of a story: its address (pictures' addresses are relative to it) and their keys. */
export interface KeptPictures {
  pageUrl: string;
  kept: ReadonlySet<string>;
}

const IMG = /<img\b[^>]*>/gi;
const attribute = (tag: string, name: string) => new RegExp(`\\s${name}="([^"]*)"`, 'i').exec(tag)?.[1] ?? null;

/**
 * The picture a story keeps of an <img>: the candidate of its `srcset` at least PICTURE_WIDTH wide (the
 * smallest such, else the widest), or its `src`; as a key (path and query) when it is on the site, else null.
 */
function keptCandidateOf(tag: string, pageUrl: string): string | null {
  let chosen = attribute(tag, 'src');
  const srcset = attribute(tag, 'srcset');
  if (srcset) {
    const candidates = [...decodeEntities(srcset).matchAll(/\s*([^\s,]+)\s+(\d+)w\s*(?:,|$)/g)]
      .map((m) => ({ url: m[1]!, width: Number(m[2]) }))
      .sort((a, b) => a.width - b.width);
    const pick = candidates.find((c) => c.width >= PICTURE_WIDTH) ?? candidates[candidates.length - 1];
    if (pick) chosen = pick.url;
  } else if (chosen) chosen = decodeEntities(chosen);
  if (!chosen) return null;
  try {
    const page = new URL(pageUrl);
    const url = new URL(chosen, page);
    return url.origin === page.origin ? url.pathname + url.search : null;
  } catch {
    return null;
  }
}

/** The region of the story itself: its first <article> element (main picture, body, live entries), not the teasers after it. */
function storyRegion(html: string): string {
  const start = html.search(/<article\b/i);
  if (start < 0) return '';
  let depth = 0;
  for (const m of html.slice(start).matchAll(/<(\/?)article\b[^>]*>/gi)) {
    depth += m[1] ? -1 : 1;
    if (depth === 0) return html.slice(start, start + m.index + m[0].length);
  }
  return html.slice(start);
}

/**
 * The pictures kept with a story: those of its <article> (the main picture, then the body's, in page
 * order) that are on the site, one candidate each (keptCandidateOf), at most MAX_PICTURES_PER_STORY.
 * Pictures on other sites are never fetched.
 */
export function picturesOf(html: string, pageUrl: string): string[] {
  const out = new Set<string>();
  for (const [tag] of storyRegion(html).matchAll(IMG)) {
    const key = keptCandidateOf(tag, pageUrl);
    if (key) out.add(key);
    if (out.size >= MAX_PICTURES_PER_STORY) break;
  }
  return [...out];
}

/**
 * A copy's pictures that are kept point at their kept candidate, marked for the worker
 * (OFFLINE_PICTURE_PARAM), without `srcset` and `sizes`: the browser asks for exactly that one. The
 * others are left as they were (offline they show their description).
 */
function withKeptPictures(html: string, pictures: KeptPictures | undefined): string {
  if (!pictures || pictures.kept.size === 0) return html;
  return html.replace(IMG, (tag) => {
    const key = keptCandidateOf(tag, pictures.pageUrl);
    if (!key || !pictures.kept.has(key)) return tag;
    const src = `${key}${key.includes('?') ? '&' : '?'}${OFFLINE_PICTURE_PARAM}`;
    return tag.replace(/\s(?:srcset|sizes)="[^"]*"/gi, '').replace(/\ssrc="[^"]*"/i, ` src="${escapeHtml(src)}"`);
  });
}

/** Where the offline page's list of stories goes (offline-page.tsx renders the markers). */
export const LIST_START = '<!--offline-stories-->';
export const LIST_END = '<!--/offline-stories-->';
const LIST_REGION = /<!--offline-stories-->[\s\S]*?<!--\/offline-stories-->/;

/**
 * The offline page's list: 'Stories you have read on this device are still here:' and the stories
 * (headline links, when saved), or the line saying there are none.
 */
export function storiesListHtml(stories: readonly StoredStory[]): string {
  if (stories.length === 0) return `<p>${escapeHtml(OFFLINE_NOTHING_SAVED)}</p>`;
  const items = stories.map((s) => {
    const path = new URL(s.url).pathname;
    return (
      `<li><a href="${escapeHtml(path)}">${escapeHtml(s.headline || path)}</a>` +
      `<span>${escapeHtml(savedLine(s.savedAt))}</span></li>`
    );
  });
  return `<h2>${escapeHtml(OFFLINE_STORIES_LEAD)}</h2><ul>${items.join('')}</ul>`;
}

/** The offline page with these stories in its list (the page as the server renders it, markers included). */
export function withStories(offlinePageHtml: string, stories: readonly StoredStory[]): string {
  return offlinePageHtml.replace(LIST_REGION, () => `${LIST_START}${storiesListHtml(stories)}${LIST_END}`);
}

/** The stylesheets a page links from the build's assets (`/assets/index-….css`). */
export function stylesheetsOf(html: string): string[] {
  const out = new Set<string>();
  for (const [link] of html.matchAll(/<link\b[^>]*>/gi)) {
    if (!/\brel="stylesheet"/i.test(link)) continue;
    const href = /\bhref="([^"]+)"/i.exec(link)?.[1];
    if (href && SHELL_ASSET.test(href)) out.add(href);
  }
  return [...out];
}

/** The fonts a stylesheet loads from the build's assets. */
export function fontsOf(css: string): string[] {
  const out = new Set<string>();
  for (const m of css.matchAll(/url\(\s*["']?(\/assets\/[^"')\s]+\.woff2)["']?\s*\)/gi)) {
    if (SHELL_ASSET.test(m[1]!)) out.add(m[1]!);
  }
  return [...out];
}
