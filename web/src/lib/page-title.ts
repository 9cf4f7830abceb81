import { TAGLINE } from '@common/site';

/** Document titles: '{part} | {site}' or, for the home page, '{site} | Savage News & Scandals'. */
export function pageTitle(siteName: string, part?: string): string {
  return part ? `${part} | ${siteName}` : `${siteName} | ${TAGLINE}`;
}
