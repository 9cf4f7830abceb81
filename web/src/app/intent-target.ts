import { CATEGORIES } from '@common/categories';
import { CORRECTIONS_PATH } from '@common/corrections-contract';
import { archivePosition } from '@common/older-stories';

/** A page's cursor, as its 'Older stories' / 'Newer stories' links carry it (none: the first page). */
export interface IntentCursor {
  before?: string;
  after?: string;
}

/**
 * What a link leads to that is worth loading early, named as the page reads its address: the home
 * page or a section (`section` undefined: the home page) at its first page or a later one, an
 * article, an author's or a tag's page (any page), a page of search results, or a page of every
 * correction (any page).
 */
export type IntentTarget =
  | { kind: 'home' }
  | { kind: 'section'; name: string }
  | { kind: 'archive'; section?: string; cursor: IntentCursor }
  | { kind: 'article'; slug: string }
  | { kind: 'author' | 'tag'; slug: string; cursor: IntentCursor }
  | { kind: 'search'; q: string; page?: string }
  | { kind: 'corrections'; cursor: IntentCursor };

const ARTICLE_PATH = /^\/article\/([^/]+)\/?$/;
const LISTING_PATH = /^\/(author|tag)\/([^/]+)\/?$/;
const SECTION_PATH = /^\/([^/]+)\/?$/;
const CORRECTIONS_PAGE_PATH = new RegExp(`^${CORRECTIONS_PATH}/?$`);

function decoded(segment: string): string | null {
  try {
    return decodeURIComponent(segment);
  } catch {
    return null;
  }
}

/** The slug of a link to an article page (as the route reads it), or null for any other link. */
export function articleSlugOf(url: URL): string | null {
  const match = ARTICLE_PATH.exec(url.pathname);
  return match ? decoded(match[1]!) : null;
}

/** The cursor of a later page's link, as the listing pages read it (common/older-stories.ts). */
function cursorOf(url: URL): IntentCursor | undefined {
  const position = archivePosition(url.searchParams);
  if (!position) return undefined;
  return position.before !== undefined ? { before: position.before } : { after: position.after! };
}

/**
 * The page a link opens, or null for a page that is not loaded early (about, contact, privacy,
 * the newsroom's, an empty search, a section that does not exist): what the page at that address
 * would fetch, read from the address the way the page reads it.
 */
export function intentTargetOf(url: URL): IntentTarget | null {
  const { pathname, searchParams } = url;
  const slug = articleSlugOf(url);
  if (slug !== null) return { kind: 'article', slug };

  const listing = LISTING_PATH.exec(pathname);
  if (listing) {
    const listingSlug = decoded(listing[2]!);
    if (listingSlug === null) return null;
    return { kind: listing[1] as 'author' | 'tag', slug: listingSlug, cursor: cursorOf(url) ?? {} };
  }

  if (CORRECTIONS_PAGE_PATH.test(pathname)) return { kind: 'corrections', cursor: cursorOf(url) ?? {} };

  if (pathname === '/search') {
    const q = (searchParams.get('q') ?? '').trim();
    if (q === '') return null;
    const page = searchParams.get('page');
    return page === null ? { kind: 'search', q } : { kind: 'search', q, page };
  }

  let section: string | undefined;
  if (pathname !== '/') {
    const segment = SECTION_PATH.exec(pathname)?.[1];
    section = CATEGORIES.find((c) => c.path === segment)?.name;
    if (section === undefined) return null;
  }
  const cursor = cursorOf(url);
  if (cursor) return section === undefined ? { kind: 'archive', cursor } : { kind: 'archive', section, cursor };
  return section === undefined ? { kind: 'home' } : { kind: 'section', name: section };
}
