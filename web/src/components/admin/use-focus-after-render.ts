import { useCallback, useEffect, useRef, type RefObject } from 'react';

/**
 * Moves the keyboard focus to an element once the screen has drawn the change that shows it: a panel
 * calls `focusAfterRender(ref)` when an action succeeds (a form closes, a button appears), and the
 * element takes the focus after the next render, so keyboard and screen reader users land on what
 * changed.
 */
export function useFocusAfterRender(): (target: RefObject<HTMLElement | null>) => void {
  const next = useRef<RefObject<HTMLElement | null> | null>(null);
  useEffect(() => {
    const element = next.current?.current;
    if (!element) return;
    next.current = null;
    element.focus();
  });
  return useCallback((target: RefObject<HTMLElement | null>) => {
    next.current = target;
  }, []);
}
