import { useEffect } from 'react';
import { getAppConfig } from '@/config/app-config';
import { pageTitle } from './page-title';

/** Sets document.title for the current page (undefined part = the home title). */
export function useDocumentTitle(part?: string): void {
  useEffect(() => {
    document.title = pageTitle(getAppConfig().siteName, part);
  }, [part]);
}
