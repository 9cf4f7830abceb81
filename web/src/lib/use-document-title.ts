import { useEffect } from 'react';
import { getAppConfig } from '@/config/app-config';
import { pageTitle } from './page-title';

/** Sets document.title for the current page (undefined part = the home title); skipped while not enabled. */
export function useDocumentTitle(part?: string, enabled = true): void {
  useEffect(() => {
    if (enabled) document.title = pageTitle(getAppConfig().siteName, part);
  }, [part, enabled]);
}
