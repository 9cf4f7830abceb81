/**
 * The quick search's shortcut: Cmd+K on a Mac, Ctrl+K elsewhere (docs/product.md, Search). Inside the
 * body editor the same keys make a link: the editor takes them first (decision 051).
 */
/** The letter of the quick search's shortcut (with Ctrl, or Cmd on a Mac). */
export const SEARCH_KEY = 'k';

export function onMac(): boolean {
  const platform =
    (navigator as Navigator & { userAgentData?: { platform?: string } }).userAgentData?.platform ?? navigator.platform;
  return /mac|iphone|ipad/i.test(platform ?? '');
}

/** What the Search button shows, and its aria-keyshortcuts. */
export function shortcutText(mac = onMac()): { shown: string; aria: string } {
  return mac ? { shown: '⌘K', aria: 'Meta+K' } : { shown: 'Ctrl K', aria: 'Control+K' };
}

export function isSearchShortcut(e: KeyboardEvent, mac = onMac()): boolean {
  if (e.key.toLowerCase() !== SEARCH_KEY || e.altKey || e.shiftKey) return false;
  return mac ? e.metaKey && !e.ctrlKey : e.ctrlKey && !e.metaKey;
}
