export const DEFAULT_SITE_NAME = 'The Daily Smear';
export const TAGLINE = 'Savage News & Scandals';
/** Public news list: default and maximum page size (docs/product.md, Limits and constants). */
export const NEWS_PAGE_SIZE = 15;
export const NEWS_MAX_COUNT = 50;
/** Longest slug the API accepts. */
export const MAX_SLUG_LENGTH = 200;
