import { PRIVATE_CACHE_CONTROL } from '../plugins/http-cache.ts';

/**
 * What every answer at a preview link's address says, whatever its status (decision 042), the
 * redirect of the address typed in capitals included.
 */
export const PREVIEW_HEADERS = {
  // Kept by no cache, shared or not: the page is a secret's and shows what readers may not see yet.
  'cache-control': PRIVATE_CACHE_CONTROL,
  // Never indexed, even if the address leaks.
  'x-robots-tag': 'noindex, nofollow',
  // The address is the secret: no request from the page (its pictures, embeds, links) names it.
  'referrer-policy': 'no-referrer',
} as const;
