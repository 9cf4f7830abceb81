import { useEffect, useRef } from 'react';

/**
 * Keeps a native <dialog> shown as a modal while `open` is true and closed otherwise; `focus` picks
 * what has the focus once it opens. Returns the ref for the <dialog>.
 */
export function useModalDialog(open: boolean, focus: (dialog: HTMLDialogElement) => HTMLElement | null | undefined) {
  const ref = useRef<HTMLDialogElement>(null);
  const focusRef = useRef(focus);
  focusRef.current = focus;
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      dialog.showModal();
      focusRef.current(dialog)?.focus();
    } else if (!open && dialog.open) dialog.close();
  }, [open]);
  return ref;
}
