/** Ctrl+Enter (Cmd+Enter on a Mac) in 'Add a note': add it, as Add note does. */
export function isAddNoteChord(e: Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey' | 'altKey' | 'shiftKey'>): boolean {
  return e.key === 'Enter' && (e.ctrlKey || e.metaKey) && !e.altKey && !e.shiftKey;
}
