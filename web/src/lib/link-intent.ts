/** How long the pointer rests on a link before that counts as intent (a pass across the page does not). */
export const HOVER_DELAY_MS = 80;

export interface LinkIntentOptions {
  /** What following the link would need fetched (e.g. an article's slug), or null when it needs nothing. */
  keyOf: (url: URL) => string | null;
  /** Starts fetching what `key` needs; called at most once per key within `freshForMs`. */
  prefetch: (key: string) => void;
  /** How long one prefetch stays good: the same key is not prefetched again within it. */
  freshForMs: number;
  hoverDelayMs?: number;
  now?: () => number;
}

interface NetworkInformationLike {
  saveData?: boolean;
  effectiveType?: string;
}

/** The connection types too slow to spend on a page the reader may not open. */
const SLOW_LINKS: ReadonlySet<string> = new Set(['slow-2g', '2g']);

function connectionOf(nav: Navigator | undefined): NetworkInformationLike | undefined {
  return (nav as (Navigator & { connection?: NetworkInformationLike }) | undefined)?.connection;
}

/** The reader asked for reduced data use (the browser's Save-Data setting). */
export function wantsLessData(nav: Navigator | undefined = globalThis.navigator): boolean {
  return Boolean(connectionOf(nav)?.saveData);
}

/** The browser measures the connection as 2G or slower (`navigator.connection.effectiveType`). */
export function onSlowLink(nav: Navigator | undefined = globalThis.navigator): boolean {
  const type = connectionOf(nav)?.effectiveType;
  return type !== undefined && SLOW_LINKS.has(type);
}

/**
 * One set of listeners on the document for every link: the pointer resting on a link (mouse or pen,
 * after `hoverDelayMs`, cancelled when it leaves first), keyboard focus reaching it, or a finger
 * touching it (both at once) start `prefetch` for the link's key. Nothing for links to other sites,
 * to another window (`target`), downloads, links to the page itself (the same path and query), when
 * the reader saves data, or on a 2G or slower connection (both read at each intent: they change).
 * All listeners are passive: they never delay scrolling or the click. Returns the function that
 * removes them.
 */
export function listenForLinkIntent(doc: Document, options: LinkIntentOptions): () => void {
  const { keyOf, prefetch, freshForMs, hoverDelayMs = HOVER_DELAY_MS, now = Date.now } = options;
  const lastPrefetch = new Map<string, number>();
  let pending: { link: HTMLAnchorElement; timer: ReturnType<typeof setTimeout> } | undefined;

  const keyOfLink = (link: HTMLAnchorElement): string | null => {
    if (link.hasAttribute('download') || (link.target && link.target !== '_self')) return null;
    let url: URL;
    try {
      url = new URL(link.href, doc.baseURI);
    } catch {
      return null;
    }
    const here = doc.location;
    // Another page of the same listing (`?page=2&before=…`) is another page; a `#fragment` is not.
    if (url.origin !== here.origin || (url.pathname === here.pathname && url.search === here.search)) return null;
    return keyOf(url);
  };

  const intent = (link: HTMLAnchorElement) => {
    const nav = doc.defaultView?.navigator;
    if (wantsLessData(nav) || onSlowLink(nav)) return;
    const key = keyOfLink(link);
    if (key === null) return;
    const at = now();
    const last = lastPrefetch.get(key);
    if (last !== undefined && at - last < freshForMs) return;
    lastPrefetch.set(key, at);
    prefetch(key);
  };

  const cancelHover = () => {
    if (pending) clearTimeout(pending.timer);
    pending = undefined;
  };

  const onPointerOver = (event: PointerEvent) => {
    if (event.pointerType === 'touch') return;
    const link = linkOf(event.target);
    if (!link || pending?.link === link) return;
    cancelHover();
    const timer = setTimeout(() => {
      pending = undefined;
      intent(link);
    }, hoverDelayMs);
    pending = { link, timer };
  };
  const onPointerOut = (event: PointerEvent) => {
    if (!pending) return;
    // Moving between the parts of the same link is not leaving it.
    const to = event.relatedTarget;
    if (to instanceof Node && pending.link.contains(to)) return;
    cancelHover();
  };
  const onImmediate = (event: Event) => {
    const link = linkOf(event.target);
    if (link) intent(link);
  };

  const passive = { passive: true, capture: true } as const;
  doc.addEventListener('pointerover', onPointerOver, passive);
  doc.addEventListener('pointerout', onPointerOut, passive);
  doc.addEventListener('focusin', onImmediate, passive);
  doc.addEventListener('touchstart', onImmediate, passive);
  return () => {
    cancelHover();
    doc.removeEventListener('pointerover', onPointerOver, passive);
    doc.removeEventListener('pointerout', onPointerOut, passive);
    doc.removeEventListener('focusin', onImmediate, passive);
    doc.removeEventListener('touchstart', onImmediate, passive);
  };
}

function linkOf(target: EventTarget | null): HTMLAnchorElement | null {
  if (!target || typeof (target as Element).closest !== 'function') return null;
  const link = (target as Element).closest('a[href]');
  return link && 'href' in link ? (link as HTMLAnchorElement) : null;
}
