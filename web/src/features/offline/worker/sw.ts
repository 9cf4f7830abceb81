import { OFFLINE_NOTHING_SAVED, OFFLINE_PATH, OFFLINE_TITLE } from '../texts';
import {
  CACHE_NAMES,
  HEADLINE_HEADER,
  MAX_PICTURE_BYTES,
  MAX_SHELL_ASSETS,
  PICTURES_CACHE,
  PICTURES_HEADER,
  SAVED_AT_HEADER,
  SHELL_CACHE,
  STORIES_CACHE,
  dropsCopy,
  escapeHtml,
  fontsOf,
  handlingOf,
  headlineOf,
  isFresh,
  isStorable,
  isStorablePicture,
  offlineCopy,
  pictureKey,
  picturesOf,
  picturesToKeep,
  storiesToDrop,
  storiesToList,
  storyKey,
  storyToKeepAgain,
  stylesheetsOf,
  withStories,
  type StoredStory,
} from './policy';

/**
 * The service worker of the public site (docs/decisions/056-offline-reading.md), built on its own to
 * /sw.js (web/vite.config.ts) and registered by the public pages (../register.ts). Pages come from
 * the network whenever it answers; only when it does not does the worker answer a story's copy or the
 * offline page. The decisions are policy.ts's; this file wires them to the Cache API and fetch.
 */

// The few service worker types this file uses (the project's TypeScript library is the DOM's, not the worker's).
interface ExtendableEvent extends Event {
  waitUntil(work: Promise<unknown>): void;
}
interface FetchEvent extends ExtendableEvent {
  readonly request: Request;
  respondWith(response: Response | Promise<Response>): void;
}
interface ExtendableMessageEvent extends ExtendableEvent {
  readonly data: unknown;
}
interface ServiceWorkerScope {
  readonly location: Location;
  readonly clients: { claim(): Promise<void>; matchAll(options: { type: 'window' }): Promise<Array<{ url: string }>> };
  skipWaiting(): Promise<void>;
  addEventListener(type: 'install' | 'activate', listener: (event: ExtendableEvent) => void): void;
  addEventListener(type: 'fetch', listener: (event: FetchEvent) => void): void;
  addEventListener(type: 'message', listener: (event: ExtendableMessageEvent) => void): void;
}

const worker = self as unknown as ServiceWorkerScope;
const origin = worker.location.origin;

/** The headers a kept page is answered with: its type and its security headers (the same policy offline). */
const KEPT_HEADERS = [
  'content-type',
  'content-security-policy',
  'x-content-type-options',
  'referrer-policy',
  'x-frame-options',
  'permissions-policy',
];

worker.addEventListener('install', (event) => {
  // A new version takes over at once (its caches are named apart; activate deletes the old ones).
  event.waitUntil(keepOfflinePage().then(() => worker.skipWaiting()));
});

worker.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      for (const name of await caches.keys()) {
        if (name.startsWith('offline-reading-') && !CACHE_NAMES.includes(name)) await caches.delete(name);
      }
      await worker.clients.claim();
    })().then(() => {
      // Not waited for: the worker is active (and answers navigations) meanwhile.
      void keepOpenStories().catch(() => undefined);
    }),
  );
});

/** The story a reader is on came before the worker: it is kept now, as if it had come through it. */
async function keepOpenStories(): Promise<void> {
  const cache = await caches.open(STORIES_CACHE);
  for (const client of await worker.clients.matchAll({ type: 'window' })) {
    const key = storyKey(client.url);
    if (!key || (await cache.match(key))) continue;
    await keepOrDrop(key, await fetch(key));
  }
}

/**
 * A live blog's page whose entries changed since its copy was kept asks for it again (policy's
 * storyToKeepAgain: a story of this site): fetched afresh from the network, once the shared cache has
 * the change, and kept (or dropped) as a navigation's answer is. Offline, the copy stays as it was.
 */
worker.addEventListener('message', (event) => {
  const asked = storyToKeepAgain(event.data, origin, Date.now());
  if (!asked) return;
  event.waitUntil(
    new Promise((resolve) => setTimeout(resolve, asked.waitMs))
      .then(() => fetch(new Request(asked.key, { cache: 'no-cache' })))
      .then((response) => keepOrDrop(asked.key, response))
      .catch(() => undefined),
  );
});

worker.addEventListener('fetch', (event) => {
  const handling = handlingOf(event.request, origin);
  if (handling === 'page') event.respondWith(page(event));
  else if (handling === 'asset') event.respondWith(asset(event));
  else if (handling === 'picture') event.respondWith(picture(event));
});

/** A public page: from the network, always; the story's copy or the offline page only when the network fails. */
async function page(event: FetchEvent): Promise<Response> {
  const { request } = event;
  const key = storyKey(request.url);
  let response: Response;
  try {
    response = await fetch(request);
  } catch {
    return fromDevice(key);
  }
  if (key && (isStorable(response) || dropsCopy(response.status))) {
    event.waitUntil(keepOrDrop(key, response.clone()).catch(() => undefined));
  }
  // The offline page opened online lists the stories too.
  if (new URL(request.url).pathname === OFFLINE_PATH && isStorable(response)) {
    return withHeaders(withStories(await response.text(), await listStories()), response.headers);
  }
  return response;
}

/** A hashed stylesheet or font: it never changes, so a kept copy is answered without asking. */
async function asset(event: FetchEvent): Promise<Response> {
  const cache = await caches.open(SHELL_CACHE);
  const kept = await cache.match(event.request, { ignoreVary: true, ignoreSearch: true });
  if (kept) return kept;
  const response = await fetch(event.request);
  if (response.ok && response.type === 'basic') {
    event.waitUntil(putAsset(cache, event.request.url, response.clone()).catch(() => undefined));
  }
  return response;
}

/** A kept story's picture named by its copy answered offline: the picture kept, else the network. */
async function picture(event: FetchEvent): Promise<Response> {
  const key = pictureKey(event.request.url);
  const kept = await (await caches.open(PICTURES_CACHE)).match(key);
  return kept ?? fetch(key);
}

/** What the device has for a page the network did not give: the story's fresh copy, else the offline page. */
async function fromDevice(key: string | null): Promise<Response> {
  if (key) {
    const copy = await (await caches.open(STORIES_CACHE)).match(key);
    const savedAt = Number(copy?.headers.get(SAVED_AT_HEADER));
    if (copy && isFresh(savedAt, Date.now())) {
      const pictures = await caches.open(PICTURES_CACHE);
      const kept = new Set<string>();
      for (const path of picturesHeader(copy.headers)) if (await pictures.match(path)) kept.add(path);
      return withHeaders(offlineCopy(await copy.text(), savedAt, { pageUrl: key, kept }), copy.headers);
    }
  }
  const stories = await listStories();
  const offline = await (await caches.open(SHELL_CACHE)).match(OFFLINE_PATH);
  if (offline) return withHeaders(withStories(await offline.text(), stories), offline.headers);
  // Only if the offline page was lost (storage cleared by the browser): a bare page saying the same.
  return new Response(
    `<!doctype html><html lang="en-GB"><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">` +
      `<title>${escapeHtml(OFFLINE_TITLE)}</title><h1>${escapeHtml(OFFLINE_TITLE)}</h1>` +
      withStories(`<!--offline-stories--><p>${escapeHtml(OFFLINE_NOTHING_SAVED)}</p><!--/offline-stories-->`, stories),
    { headers: { 'content-type': 'text/html; charset=utf-8' } },
  );
}

function withHeaders(html: string, source: Headers): Response {
  const headers = new Headers();
  for (const name of [...KEPT_HEADERS, SAVED_AT_HEADER, HEADLINE_HEADER]) {
    const value = source.get(name);
    if (value) headers.set(name, value);
  }
  return new Response(html, { status: 200, headers });
}

/** A story's answer from the network: kept when it may be (with its pictures), its copy dropped when it is gone. */
async function keepOrDrop(key: string, response: Response): Promise<void> {
  if (isStorable(response)) await keepStory(key, response);
  else if (dropsCopy(response.status)) await dropStory(key);
}

/**
 * Keeps a story's page and its pictures, drops what is now too old or too many (and their pictures),
 * and keeps what the page needs to look right.
 */
async function keepStory(key: string, response: Response): Promise<void> {
  const html = await response.text();
  const savedAt = Date.now();
  const kept = withHeaders(html, response.headers);
  kept.headers.set(SAVED_AT_HEADER, String(savedAt));
  kept.headers.set(HEADLINE_HEADER, encodeURIComponent(headlineOf(html)));
  kept.headers.set(PICTURES_HEADER, encodeURIComponent(JSON.stringify(picturesOf(html, key))));
  const cache = await caches.open(STORIES_CACHE);
  await cache.put(key, kept);
  for (const url of storiesToDrop(await readStories(), savedAt)) await cache.delete(url);
  await keepPictures();
  await keepShell(html);
}

async function dropStory(key: string): Promise<void> {
  await (await caches.open(STORIES_CACHE)).delete(key);
  await keepPictures();
}

/** The kept stories' pictures: those no story keeps any more are dropped, those missing fetched. */
async function keepPictures(): Promise<void> {
  const keep = picturesToKeep(await readStories(), Date.now());
  const cache = await caches.open(PICTURES_CACHE);
  const have = new Set<string>();
  for (const request of await cache.keys()) {
    const key = pictureKey(request.url);
    if (keep.has(key)) have.add(key);
    else await cache.delete(request);
  }
  for (const key of keep) {
    if (have.has(key)) continue;
    try {
      const response = await fetch(key);
      if (!isStorablePicture(response)) continue;
      const body = await response.blob();
      if (body.size > MAX_PICTURE_BYTES) continue;
      const type = response.headers.get('content-type') ?? body.type;
      await cache.put(key, new Response(body, { headers: { 'content-type': type } }));
    } catch {
      // Not kept: offline the copy shows the picture's description.
    }
  }
}

/** The pictures a kept story names (PICTURES_HEADER). */
function picturesHeader(headers: Headers): string[] {
  try {
    const list: unknown = JSON.parse(decodeURIComponent(headers.get(PICTURES_HEADER) ?? '[]'));
    return Array.isArray(list) ? list.filter((p): p is string => typeof p === 'string') : [];
  } catch {
    return [];
  }
}

/** The stories the offline page lists: the fresh copies, the latest first. */
async function listStories(): Promise<StoredStory[]> {
  return storiesToList(await readStories(), Date.now());
}

/** Every kept story, as its key, headline and time saved. */
async function readStories(): Promise<StoredStory[]> {
  const cache = await caches.open(STORIES_CACHE);
  const out: StoredStory[] = [];
  for (const request of await cache.keys()) {
    const copy = await cache.match(request);
    if (!copy) continue;
    let headline = '';
    try {
      headline = decodeURIComponent(copy.headers.get(HEADLINE_HEADER) ?? '');
    } catch {
      headline = '';
    }
    out.push({
      url: request.url,
      headline,
      savedAt: Number(copy.headers.get(SAVED_AT_HEADER)),
      pictures: picturesHeader(copy.headers),
    });
  }
  return out;
}

/** Installs the offline page and what it needs (the public stylesheet and its fonts). */
async function keepOfflinePage(): Promise<void> {
  const response = await fetch(new Request(OFFLINE_PATH, { cache: 'no-cache' }));
  if (!response.ok) throw new Error(`${OFFLINE_PATH} answered ${response.status}`);
  const html = await response.clone().text();
  await (await caches.open(SHELL_CACHE)).put(OFFLINE_PATH, response);
  await keepShell(html, { offlinePageChecked: true });
}

/**
 * Keeps the stylesheets a page links and their fonts, when not kept yet; a page of a newer build than
 * the kept offline page's also renews the offline page (so it links a stylesheet that is kept).
 */
async function keepShell(html: string, { offlinePageChecked = false } = {}): Promise<void> {
  const cache = await caches.open(SHELL_CACHE);
  const sheets = stylesheetsOf(html);
  for (const sheet of sheets) {
    let css = await cache.match(sheet, { ignoreVary: true });
    if (!css) {
      const response = await fetch(sheet);
      if (!response.ok) continue;
      await putAsset(cache, sheet, response.clone());
      css = response;
    }
    for (const font of fontsOf(await css.text())) {
      if (await cache.match(font, { ignoreVary: true })) continue;
      const response = await fetch(font);
      if (response.ok) await putAsset(cache, font, response);
    }
  }
  if (offlinePageChecked) return;
  const offline = await cache.match(OFFLINE_PATH);
  const offlineSheets = offline ? stylesheetsOf(await offline.text()) : [];
  if (sheets.some((s) => !offlineSheets.includes(s))) await keepOfflinePage();
}

/** Puts a stylesheet or font, then drops the oldest beyond MAX_SHELL_ASSETS (never the offline page). */
async function putAsset(cache: Cache, url: string, response: Response): Promise<void> {
  await cache.put(url, response);
  const assets = (await cache.keys()).filter((r) => new URL(r.url).pathname !== OFFLINE_PATH);
  for (const old of assets.slice(0, Math.max(0, assets.length - MAX_SHELL_ASSETS))) await cache.delete(old);
}
