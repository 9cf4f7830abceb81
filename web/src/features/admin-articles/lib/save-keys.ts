/** Ctrl+S (Cmd+S on a Mac): save the article, as editors press it in every writing tool. */
export function isSaveChord(e: Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey' | 'altKey' | 'shiftKey'>): boolean {
  return (e.key === 's' || e.key === 'S') && (e.ctrlKey || e.metaKey) && !e.altKey && !e.shiftKey;
}
