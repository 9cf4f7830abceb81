import type { KeyboardEvent } from 'react';

/** Ctrl+Enter (Cmd+Enter on a Mac): post or save. */
export function isSubmitChord(e: Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey' | 'altKey' | 'shiftKey'>): boolean {
  return e.key === 'Enter' && (e.ctrlKey || e.metaKey) && !e.altKey && !e.shiftKey;
}

/**
 * Focuses the element with this id once it is on the page and can take the focus (the editor mounts
 * after a tick; the page behind a closing modal dialog is inert until the dialog has gone).
 */
export function focusWhenPresent(id: string, tries = 20): void {
  if (typeof document === 'undefined') return;
  const el = document.getElementById(id);
  el?.focus();
  if (el && document.activeElement === el) return;
  if (tries > 0) setTimeout(() => focusWhenPresent(id, tries - 1), 25);
}
