// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { HOVER_DELAY_MS, listenForLinkIntent } from './link-intent';

const FRESH_MS = 60_000;

let prefetched: string[];
let stop: () => void;
let clock: number;

function link(href: string, attrs: Record<string, string> = {}): HTMLAnchorElement {
  const a = document.createElement('a');
  a.href = href;
  for (const [k, v] of Object.entries(attrs)) a.setAttribute(k, v);
  const inner = document.createElement('span');
  inner.textContent = href;
  a.append(inner);
  document.body.append(a);
  return a;
}

const over = (el: Element, pointerType = 'mouse') =>
  el.dispatchEvent(new PointerEvent('pointerover', { bubbles: true, pointerType }));
const out = (el: Element, to: Element | null) =>
  el.dispatchEvent(new PointerEvent('pointerout', { bubbles: true, pointerType: 'mouse', relatedTarget: to }));

function setConnection(connection: { saveData?: boolean; effectiveType?: string } | undefined) {
  Object.defineProperty(navigator, 'connection', { value: connection, configurable: true });
}
const setSaveData = (saveData: boolean | undefined) => setConnection(saveData === undefined ? undefined : { saveData });

beforeEach(() => {
  vi.useFakeTimers();
  prefetched = [];
  clock = 1_000;
  window.history.replaceState(null, '', '/');
  stop = listenForLinkIntent(document, {
    // Links under /article/ prefetch their slug; every other link nothing.
    keyOf: (url) => (url.pathname.startsWith('/article/') ? url.pathname.slice('/article/'.length) : null),
    prefetch: (key) => prefetched.push(key),
    freshForMs: FRESH_MS,
    now: () => clock,
  });
});

afterEach(() => {
  stop();
  setSaveData(undefined);
  document.body.replaceChildren();
  vi.useRealTimers();
});

describe('listenForLinkIntent', () => {
  it('prefetches once the pointer has rested on a link for the hover delay', () => {
    const a = link('/article/pigeon-mayor');
    over(a.firstElementChild!);
    vi.advanceTimersByTime(HOVER_DELAY_MS - 1);
    expect(prefetched).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(prefetched).toEqual(['pigeon-mayor']);
  });

  it('does not prefetch when the pointer leaves before the delay, but moving inside the link keeps it', () => {
    const a = link('/article/pigeon-mayor');
    over(a);
    vi.advanceTimersByTime(HOVER_DELAY_MS / 2);
    // From the link onto its own headline text: still on the link.
    out(a, a.firstElementChild);
    over(a.firstElementChild!);
    vi.advanceTimersByTime(HOVER_DELAY_MS / 2 - 1);
    out(a.firstElementChild!, document.body);
    vi.advanceTimersByTime(HOVER_DELAY_MS * 10);
    expect(prefetched).toEqual([]);
  });

  it('moving on to another link starts that link’s delay instead', () => {
    const a = link('/article/first');
    const b = link('/article/second');
    over(a);
    vi.advanceTimersByTime(HOVER_DELAY_MS - 10);
    out(a, b);
    over(b);
    vi.advanceTimersByTime(HOVER_DELAY_MS);
    expect(prefetched).toEqual(['second']);
  });

  it('keyboard focus and a touch prefetch at once; a touch’s pointerover waits for neither', () => {
    const a = link('/article/focused');
    a.dispatchEvent(new FocusEvent('focusin', { bubbles: true }));
    expect(prefetched).toEqual(['focused']);
    const b = link('/article/touched');
    over(b, 'touch');
    b.firstElementChild!.dispatchEvent(new Event('touchstart', { bubbles: true }));
    expect(prefetched).toEqual(['focused', 'touched']);
    vi.advanceTimersByTime(HOVER_DELAY_MS * 2);
    expect(prefetched).toEqual(['focused', 'touched']);
  });

  it('prefetches nothing when the reader saves data', () => {
    setSaveData(true);
    const a = link('/article/heavy');
    over(a);
    vi.advanceTimersByTime(HOVER_DELAY_MS);
    a.dispatchEvent(new FocusEvent('focusin', { bubbles: true }));
    expect(prefetched).toEqual([]);
    setSaveData(false);
    a.dispatchEvent(new FocusEvent('focusin', { bubbles: true }));
    expect(prefetched).toEqual(['heavy']);
  });

  it('prefetches nothing on a 2G or slower connection, and again once it is faster', () => {
    const a = link('/article/slow');
    for (const effectiveType of ['slow-2g', '2g']) {
      setConnection({ effectiveType });
      over(a);
      vi.advanceTimersByTime(HOVER_DELAY_MS);
      out(a, document.body);
      a.dispatchEvent(new FocusEvent('focusin', { bubbles: true }));
      a.dispatchEvent(new Event('touchstart', { bubbles: true }));
    }
    expect(prefetched).toEqual([]);
    setConnection({ effectiveType: '3g', saveData: false });
    a.dispatchEvent(new FocusEvent('focusin', { bubbles: true }));
    expect(prefetched).toEqual(['slow']);
  });

  it('prefetches each key once while it is fresh, and again after', () => {
    const a = link('/article/once');
    const again = link('/article/once?before=5');
    for (let i = 0; i < 3; i++) {
      over(a);
      vi.advanceTimersByTime(HOVER_DELAY_MS);
      out(a, document.body);
      a.dispatchEvent(new FocusEvent('focusin', { bubbles: true }));
    }
    again.dispatchEvent(new FocusEvent('focusin', { bubbles: true }));
    expect(prefetched).toEqual(['once']);
    clock += FRESH_MS;
    a.dispatchEvent(new FocusEvent('focusin', { bubbles: true }));
    expect(prefetched).toEqual(['once', 'once']);
  });

  it('never for the page itself, other sites, other windows, downloads, or links without a key', () => {
    window.history.replaceState(null, '', '/article/here');
    const links = [
      link('/article/here'),
      link('/article/here#comments'),
      link('#top'),
      link('https://elsewhere.example/article/theirs'),
      link('/article/new-tab', { target: '_blank' }),
      link('/article/file', { download: '' }),
      link('/admin/articles/3'),
      link('/politics'),
    ];
    for (const a of links) {
      over(a);
      vi.advanceTimersByTime(HOVER_DELAY_MS);
      a.dispatchEvent(new FocusEvent('focusin', { bubbles: true }));
      a.dispatchEvent(new Event('touchstart', { bubbles: true }));
    }
    expect(prefetched).toEqual([]);
  });

  it('another page of the same listing is not the page itself', () => {
    window.history.replaceState(null, '', '/article/list?page=2&before=x');
    stop();
    stop = listenForLinkIntent(document, {
      keyOf: (url) => url.pathname + url.search,
      prefetch: (key) => prefetched.push(key),
      freshForMs: FRESH_MS,
      now: () => clock,
    });
    const same = link('/article/list?page=2&before=x#top');
    const next = link('/article/list?page=3&before=y');
    const first = link('/article/list');
    for (const a of [same, next, first]) a.dispatchEvent(new FocusEvent('focusin', { bubbles: true }));
    expect(prefetched).toEqual(['/article/list?page=3&before=y', '/article/list']);
  });

  it('stops listening when removed, and a pending hover never fires', () => {
    const a = link('/article/late');
    over(a);
    stop();
    vi.advanceTimersByTime(HOVER_DELAY_MS * 2);
    a.dispatchEvent(new FocusEvent('focusin', { bubbles: true }));
    expect(prefetched).toEqual([]);
  });
});
