import type { KeyboardEvent } from 'react';

/** Ctrl+Enter (Cmd+Enter on a Mac): post or save. */
export function isSubmitChord(e: Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey' | 'altKey' | 'shiftKey'>): boolean {
  return e.key === 'Enter' && (e.ctrlKey || e.metaKey) && !e.altKey && !e.shiftKey;
}
