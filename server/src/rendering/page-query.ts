import { CATEGORIES } from '../../../common/categories.ts';
import { CORRECTIONS_PATH } from '../../../common/corrections-contract.ts';

/** The query parameters a public page renders from: search terms and page, older-stories (author, tag, corrections) and older-entries cursors. */
const PAGE_PARAMS: Record<string, readonly string[]> = {
  '/search': ['q', 'page'],
  '/': ['page', 'before', 'after'],
  [CORRECTIONS_PATH]: ['page', 'before', 'after'],
  ...Object.fromEntries(CATEGORIES.map((c) => [`/${c.path}`, ['page', 'before', 'after']])),
};

/**
 * The part of a request's query string that changes what a page shows ('' for most pages, and for
 * tracking parameters such as utm_source), in a fixed order: it is passed to the renderer as is (so
 * the browser, reading the same values from its URL, hydrates with the same data) and names the
 * rendered page in the page cache.
 */
export function pageQuery(pagePath: string, rawUrl: string): string {
  const names =
    PAGE_PARAMS[pagePath] ??
    (/^\/(author|tag)\/[^/]+$/.test(pagePath)
      ? ['page', 'before', 'after']
      : // A live blog's older entries without JavaScript (decision 037).
        /^\/article\/[^/]+$/.test(pagePath)
        ? ['before']
        : undefined);
  const at = rawUrl.indexOf('?');
  if (!names || at === -1) return '';
  let params: URLSearchParams;
  try {
    params = new URLSearchParams(rawUrl.slice(at + 1));
  } catch {
    return '';
  }
  const out = new URLSearchParams();
  for (const name of names) {
    const value = params.get(name);
    if (value !== null) out.set(name, value);
  }
  return out.size ? `?${out.toString()}` : '';
}
