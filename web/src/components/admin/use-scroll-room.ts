import { useEffect, type RefObject } from 'react';

/** The custom property on <html> that admin.css turns into the page's scroll-padding-top while the bulk box sticks. */
export const STUCK_HEIGHT_PROPERTY = '--admin-bulk-height';
/** The same for a form's actions stuck to the foot of the window (the article form's, the live console's Post): its scroll-padding-bottom. */
export const FORM_ACTIONS_HEIGHT_PROPERTY = '--admin-form-actions-height';

/**
 * While `active` (the box sticks to an edge of the window), keeps `property` on <html> at the box's
 * real height, measured whenever it changes (a narrower window wraps its buttons, a progress line comes
 * and goes), so that a row or field the focus moves to stops clear of the box, never under it (decision 040).
 */
export function useScrollRoom(
  box: RefObject<HTMLElement | null>,
  active: boolean,
  property: string = STUCK_HEIGHT_PROPERTY,
): void {
  useEffect(() => {
    const element = box.current;
    if (!active || !element || typeof ResizeObserver === 'undefined') return;
    const root = document.documentElement;
    const observer = new ResizeObserver(([entry]) => {
      const height = entry?.borderBoxSize?.[0]?.blockSize ?? element.getBoundingClientRect().height;
      root.style.setProperty(property, `${Math.ceil(height)}px`);
    });
    observer.observe(element, { box: 'border-box' });
    return () => {
      observer.disconnect();
      root.style.removeProperty(property);
    };
  }, [box, active, property]);
}
