import { useEffect, type RefObject } from 'react';

/** The custom property on <html> that admin.css turns into the page's scroll-padding-top while the bulk box sticks. */
export const STUCK_HEIGHT_PROPERTY = '--admin-bulk-height';

/**
 * While `active` (the box sticks to the top of the window), keeps STUCK_HEIGHT_PROPERTY at the box's
 * real height, measured whenever it changes (a narrower window wraps its buttons, a progress line comes
 * and goes), so that a row the focus moves to stops below the box, never under it (decision 040).
 */
export function useScrollRoom(box: RefObject<HTMLElement | null>, active: boolean): void {
  useEffect(() => {
    const element = box.current;
    if (!active || !element || typeof ResizeObserver === 'undefined') return;
    const root = document.documentElement;
    const observer = new ResizeObserver(([entry]) => {
      const height = entry?.borderBoxSize?.[0]?.blockSize ?? element.getBoundingClientRect().height;
      root.style.setProperty(STUCK_HEIGHT_PROPERTY, `${Math.ceil(height)}px`);
    });
    observer.observe(element, { box: 'border-box' });
    return () => {
      observer.disconnect();
      root.style.removeProperty(STUCK_HEIGHT_PROPERTY);
    };
  }, [box, active]);
}
