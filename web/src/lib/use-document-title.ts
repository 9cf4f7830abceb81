import { useEffect } from 'react';
import { getAppConfig } from '@/config/app-config';
import { pageTitle } from './page-title';

type TitleListener = () => void;
const titleListeners = new Set<TitleListener>();

/**
 * Called each time a page has set its title (telemetry names the page view of a route change after
 * it, see telemetry/route-page-views.ts). Returns an unsubscribe function.
 */
export function onDocumentTitleSet(listener: TitleListener): () => void {
  titleListeners.add(listener);
  return () => titleListeners.delete(listener);
}

/** Sets document.title for the current page (undefined part = the home title); skipped while not enabled. */
export function useDocumentTitle(part?: string, enabled = true): void {
  useEffect(() => {
    if (!enabled) return;
    document.title = pageTitle(getAppConfig().siteName, part);
    for (const listener of titleListeners) {
      try {
        listener();
      } catch {
        // telemetry must never break a page
      }
    }
  }, [part, enabled]);
}
